package dev.kvbench.scenario;

import dev.kvbench.host.CpuList;
import dev.kvbench.host.NumaNode;
import java.util.List;
import java.util.Map;

/**
 * How forked cells' JVMs are started: the values of the {@code jvm:} section, kept by row ({@link
 * JvmSettings}), so a new JVM setting is its row and the code that reads it, with no field,
 * constructor or wither to add here. A row left unset has its default.
 */
public final class JvmOptions extends RowValues<JvmOptions> {

  /** Every row at its default: the JVM running kvbench, its heap, no options, pinned and recorded by nothing. */
  public static final JvmOptions DEFAULT = new JvmOptions(Map.of());

  private JvmOptions(Map<Setting<JvmOptions, ?>, Object> values) {
    super(values);
  }

  @Override
  protected JvmOptions copy(Map<Setting<JvmOptions, ?>, Object> values) {
    return new JvmOptions(values);
  }

  /** The {@code java} executable; empty means the one running kvbench. */
  public String java() {
    return get(JvmSettings.JAVA);
  }

  /** The maximum heap, as {@code -Xmx} takes it (4g, 512m); empty leaves the JVM's default. */
  public String heap() {
    return get(JvmSettings.HEAP);
  }

  /** Further JVM options, e.g. {@code -XX:+UseParallelGC}; kvbench adds the flags each store needs. */
  public List<String> options() {
    return get(JvmSettings.OPTIONS);
  }

  /** The CPUs each cell's JVM is pinned to (with taskset), or {@link CpuList#NONE}. */
  public CpuList cpus() {
    return get(JvmSettings.CPUS);
  }

  /** What records each cell's JVM, {@link Profiler#NONE} for nothing. */
  public Profiler profiler() {
    return get(JvmSettings.PROFILE);
  }

  /** Whether each cell's JVM runs under {@code perf stat}, {@link Counters#OFF} for not. */
  public Counters counters() {
    return get(JvmSettings.COUNTERS);
  }

  /** The NUMA node whose CPUs and memory each cell's JVM is bound to (with numactl), or {@link NumaNode#NONE}. */
  public NumaNode numaNode() {
    return get(JvmSettings.NUMA_NODE);
  }

  /**
   * Whether the forks a comparison pairs run side by side, each on CPUs of its own, their measured
   * passes started together (duet benchmarking), rather than one after the other.
   */
  public boolean duet() {
    return get(JvmSettings.DUET);
  }

  @Override
  protected void check() {
    String heap = heap();
    if (!heap.isEmpty() && !heap.matches("\\d+[kKmMgGtT]?")) {
      throw new IllegalArgumentException(JvmSettings.HEAP.name() + " '" + heap + "' is not a size -Xmx takes; write"
          + " e.g. 512m or 4g");
    }
    Profiler profiler = profiler();
    if (profiler != Profiler.NONE) {
      // two recordings of one JVM: kvbench's would not be the one the report reads, or both would fight
      for (String o : options()) {
        if (o.startsWith("-XX:StartFlightRecording") || o.startsWith("-XX:FlightRecorderOptions")
            || o.startsWith("-agentpath:") && o.contains("asyncProfiler") || o.startsWith("-agentlib:asyncProfiler")) {
          throw new IllegalArgumentException("jvm.profile " + profiler.id() + " records each cell's JVM itself, and"
              + " jvm.options has " + o + ", another recording: give one of the two");
        }
      }
    }
  }

}
