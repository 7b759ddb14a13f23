package dev.kvbench.scenario;

import dev.kvbench.host.CpuList;
import dev.kvbench.host.NumaNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How forked cells' JVMs are started: the values of the {@code jvm:} section, kept by row ({@link
 * JvmSettings}), so a new JVM setting is its row and the code that reads it, with no field,
 * constructor or wither to add here. A row left unset has its default.
 */
public final class JvmOptions implements Setting.Values<JvmOptions> {

  /** Every row at its default: the JVM running kvbench, its heap, no options, pinned and recorded by nothing. */
  public static final JvmOptions DEFAULT = new JvmOptions(Map.of());

  private final Map<Setting<JvmOptions, ?>, Object> values;

  private JvmOptions(Map<Setting<JvmOptions, ?>, Object> values) {
    this.values = values;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <T> T get(Setting<JvmOptions, T> row) {
    Object value = values.get(row);
    return value == null ? row.defaultValue() : (T) value;
  }

  /**
   * These options with {@code row} at {@code value} (null: its default); throws
   * IllegalArgumentException where the value cannot go with the others.
   */
  @Override
  public <T> JvmOptions with(Setting<JvmOptions, T> row, T value) {
    Map<Setting<JvmOptions, ?>, Object> changed = new LinkedHashMap<>(values);
    if (value == null || value.equals(row.defaultValue())) {
      changed.remove(row);
    } else {
      changed.put(row, value);
    }
    JvmOptions options = new JvmOptions(Map.copyOf(changed));
    options.check();
    return options;
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

  private void check() {
    String heap = heap();
    if (!heap.isEmpty() && !heap.matches("\\d+[kKmMgGtT]?")) {
      throw new IllegalArgumentException("heap '" + heap + "' is not a size -Xmx takes; write e.g. 512m or 4g");
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

  @Override
  public boolean equals(Object o) {
    return o instanceof JvmOptions other && values.equals(other.values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(values);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder("JvmOptions[");
    JvmSettings.ALL.stream().filter(values::containsKey)
        .forEach(row -> text.append(text.length() > 11 ? ", " : "").append(row.key()).append('=').append(values.get(row)));
    return text.append(']').toString();
  }
}
