package dev.kvbench.scenario;

import dev.kvbench.host.CpuList;
import dev.kvbench.host.NumaNode;
import java.util.List;

/**
 * How forked cells' JVMs are started.
 *
 * @param java the {@code java} executable; empty means the one running kvbench
 * @param heap maximum heap, as {@code -Xmx} takes it (4g, 512m); empty leaves the JVM's default
 * @param options further JVM options, e.g. {@code -XX:+UseParallelGC}; the flags each store needs
 *     are added by kvbench
 * @param cpus the CPUs each cell's JVM is pinned to (with taskset), or {@link CpuList#NONE}
 * @param profiler what records each cell's JVM, {@link Profiler#NONE} for nothing
 * @param counters whether each cell's JVM runs under {@code perf stat}, counting hardware events
 *     per op, {@link Counters#OFF} for not
 * @param numaNode the NUMA node whose CPUs and memory each cell's JVM is bound to (with numactl),
 *     or {@link NumaNode#NONE}
 */
public record JvmOptions(String java, String heap, List<String> options, CpuList cpus, Profiler profiler,
    Counters counters, NumaNode numaNode) {

  public static final JvmOptions DEFAULT = new JvmOptions("", "", List.of());

  /** Options that pin nothing. */
  public JvmOptions(String java, String heap, List<String> options) {
    this(java, heap, options, CpuList.NONE);
  }

  /** Options that record nothing. */
  public JvmOptions(String java, String heap, List<String> options, CpuList cpus) {
    this(java, heap, options, cpus, Profiler.NONE, Counters.OFF, NumaNode.NONE);
  }

  /** Options that bind to no NUMA node. */
  public JvmOptions(String java, String heap, List<String> options, CpuList cpus, Profiler profiler,
      Counters counters) {
    this(java, heap, options, cpus, profiler, counters, NumaNode.NONE);
  }

  /** The same options, the cells pinned to {@code list}. */
  public JvmOptions withCpus(CpuList list) {
    return new JvmOptions(java, heap, options, list, profiler, counters, numaNode);
  }

  /** The same options, each cell's JVM recorded by {@code p}. */
  public JvmOptions withProfiler(Profiler p) {
    return new JvmOptions(java, heap, options, cpus, p, counters, numaNode);
  }

  /** The same options, each cell's JVM counted by {@code c}. */
  public JvmOptions withCounters(Counters c) {
    return new JvmOptions(java, heap, options, cpus, profiler, c, numaNode);
  }

  /** The same options, each cell's JVM bound to {@code node}. */
  public JvmOptions withNumaNode(NumaNode node) {
    return new JvmOptions(java, heap, options, cpus, profiler, counters, node);
  }

  public JvmOptions {
    cpus = cpus == null ? CpuList.NONE : cpus;
    profiler = profiler == null ? Profiler.NONE : profiler;
    counters = counters == null ? Counters.OFF : counters;
    numaNode = numaNode == null ? NumaNode.NONE : numaNode;
    java = java == null ? "" : java;
    heap = heap == null ? "" : heap;
    options = options == null ? List.of() : List.copyOf(options);
    if (!heap.isEmpty() && !heap.matches("\\d+[kKmMgGtT]?")) {
      throw new IllegalArgumentException("heap '" + heap + "' is not a size -Xmx takes; write e.g. 512m or 4g");
    }
    if (profiler != Profiler.NONE) {
      // two recordings of one JVM: kvbench's would not be the one the report reads, or both would fight
      for (String o : options) {
        if (o.startsWith("-XX:StartFlightRecording") || o.startsWith("-XX:FlightRecorderOptions")
            || o.startsWith("-agentpath:") && o.contains("asyncProfiler") || o.startsWith("-agentlib:asyncProfiler")) {
          throw new IllegalArgumentException("jvm.profile " + profiler.id() + " records each cell's JVM itself, and"
              + " jvm.options has " + o + ", another recording: give one of the two");
        }
      }
    }
  }
}
