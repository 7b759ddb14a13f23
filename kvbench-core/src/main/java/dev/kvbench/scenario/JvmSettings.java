package dev.kvbench.scenario;

import dev.kvbench.host.CpuList;
import dev.kvbench.host.NumaNode;
import java.util.List;

/**
 * The {@code jvm:} section's settings, one row each: how forked cells' JVMs are started, pinned,
 * bound, recorded and counted. {@link JvmOptions} holds their values; scenario files, the flags,
 * overrides and the forks check read these rows.
 */
public final class JvmSettings {

  private JvmSettings() {}

  public static final Setting<JvmOptions, String> JAVA = Setting.<JvmOptions, String>of("jvm", "java")
      .one(text -> text, java -> java.isEmpty() ? null : java)
      .keptByRow("")
      .build();

  public static final Setting<JvmOptions, String> HEAP = Setting.<JvmOptions, String>of("jvm", "heap")
      .flag("--heap", "SIZE", "Maximum heap of each cell's JVM, as -Xmx takes it (default: the JVM's).")
      .one(text -> text, heap -> heap.isEmpty() ? null : heap)
      .keptByRow("")
      .build();

  public static final Setting<JvmOptions, List<String>> OPTIONS = Setting.<JvmOptions, List<String>>of("jvm",
          "options")
      .flag("--jvm-option", "OPTION",
          "A further option for each cell's JVM, repeatable, e.g. --jvm-option=-XX:+UseParallelGC.")
      .list(JvmSettings::options, options -> options)
      .keptByRow(List.of())
      .build();

  public static final Setting<JvmOptions, CpuList> CPUS = Setting.<JvmOptions, CpuList>of("jvm", "cpus")
      .flag("--cpus", "LIST", "Pin each cell's JVM (its JIT and GC threads too) to these CPUs, e.g. 2-5 or 2,4,6"
          + " (taskset -c); recorded in the result. Keep other work off them: see the README, 'Quiet CPUs'.")
      .one(CpuList::parse, cpus -> cpus.pins() ? cpus.toString() : null)
      .keptByRow(CpuList.NONE)
      .needsForks(cpus -> !cpus.pins() ? null : cpus + " pins forked cells, but these cells run in this JVM"
          + " (forks 0): give 1 fork or more, or pin kvbench itself with taskset -c " + cpus)
      .build();

  public static final Setting<JvmOptions, NumaNode> NUMA_NODE = Setting.<JvmOptions, NumaNode>of("jvm", "numaNode")
      .flag("--numa-node", "N", "Bind each cell's JVM to NUMA node N: its threads to the node's CPUs (to --cpus"
          + " within it, where given) and its memory to the node's RAM (numactl --cpunodebind=N --membind=N); each"
          + " cell records where it ran. numactl --hardware lists the nodes.")
      .one(NumaNode::parse, node -> node.binds() ? node.toString() : null)
      .keptByRow(NumaNode.NONE)
      .needsForks(node -> !node.binds() ? null : node + " binds forked cells, but these cells run in this JVM"
          + " (forks 0): give 1 fork or more, or start kvbench itself with numactl --cpunodebind=" + node
          + " --membind=" + node)
      .build();

  public static final Setting<JvmOptions, Profiler> PROFILE = Setting.<JvmOptions, Profiler>of("jvm", "profile")
      .flag("--profile", "jfr|async", "Record each cell's JVM: jfr with the JDK's Flight Recorder (profile"
          + " settings), async with async-profiler (CPU samples every ms, Java and native frames; Linux x64 and"
          + " arm64). The recording is kept per fork in the results' diagnostics folder, and kvbench report draws a"
          + " flame graph of the samples taken during measured passes. Needs forked cells.")
      .one(Profiler::parse, p -> p == Profiler.NONE ? null : p.id())
      .keptByRow(Profiler.NONE)
      .needsForks(p -> p == Profiler.NONE ? null : p.id() + " records each forked cell's JVM, but these cells run"
          + " in this JVM (forks 0): give 1 fork or more")
      .build();

  public static final Setting<JvmOptions, Counters> COUNTERS = Setting.<JvmOptions, Counters>of("jvm", "counters")
      .flag("--counters", null, "Run each cell's JVM under perf stat and report instructions, cycles, cache and"
          + " branch misses per op over the measured passes (as JMH's perfnorm); where the host has no hardware"
          + " counters (most VMs), the run says not available, with why, and goes on. Needs forked cells.")
      .one(Counters::parse, c -> c.on() ? c.text() : null)
      .switchTo(Counters.PERF)
      .keptByRow(Counters.OFF)
      .needsForks(c -> !c.on() ? null : "runs each forked cell's JVM under perf stat, but these cells run in this"
          + " JVM (forks 0): give 1 fork or more")
      .build();

  public static final Setting<JvmOptions, Boolean> NATIVE_MEMORY_TRACKING = Setting.<JvmOptions, Boolean>of("jvm",
          "nativeMemoryTracking")
      .flag("--native-memory-tracking", null, "Turn on the JVM's Native Memory Tracking (summary) in each cell's"
          + " JVM, so what it holds outside the heap can be read by category (jcmd PID VM.native_memory summary); it"
          + " costs the cell's JVM some speed and memory, so compare figures taken with it only with each other."
          + " Needs forked cells.")
      .one(ScenarioYaml::bool, on -> on ? "true" : null)
      .switchTo(true)
      .keptByRow(false)
      .needsForks(on -> !on ? null : "tracks each forked cell's native memory, but these cells run in this JVM"
          + " (forks 0): give 1 fork or more")
      .build();

  public static final Setting<JvmOptions, MemoryLimit> MEMORY_LIMIT = Setting.<JvmOptions, MemoryLimit>of("jvm",
          "memoryLimit")
      .flag("--memory-limit", "SIZE", "Run each cell's JVM in a memory cgroup of its own limited to SIZE (256m, 1g),"
          + " page cache included, so data larger than SIZE is read from the device: each pass then records its"
          + " major page faults, device reads and the cgroup's peak, and a cell the limit kills fails alone. Needs"
          + " root (or a delegated cgroup), a work directory on a disk (--work-dir), and forked cells.")
      .one(MemoryLimit::parse, limit -> limit.limits() ? limit.toString() : null)
      .keptByRow(MemoryLimit.NONE)
      .needsForks(limit -> !limit.limits() ? null : "limits each forked cell's JVM, but these cells run in this JVM"
          + " (forks 0): give 1 fork or more")
      .build();

  public static final Setting<JvmOptions, Boolean> DUET = Setting.<JvmOptions, Boolean>of("jvm", "duet")
      .flag("--duet", null, "Run the forks a comparison pairs at the same time, side by side, each on CPUs of its"
          + " own (--cpus split between them, else the CPUs kvbench may use; the sides swap CPUs every round), their"
          + " measured passes started together: whatever disturbs one disturbs the other, so the pair's ratio holds"
          + " where the absolute times do not (Bulej et al. 2020). Every variant of a workload in the run (stores,"
          + " settings, versions) runs at once, so a host needs a CPU for each; a duet's absolute times are not"
          + " comparable with a solo run's. Needs forked cells.")
      .one(ScenarioYaml::bool, on -> on ? "true" : null)
      .switchTo(true)
      .keptByRow(false)
      .needsForks(on -> !on ? null : "runs the forks of a comparison side by side, but these cells run in this JVM"
          + " (forks 0): give " + dev.kvbench.stats.ForkRatio.MIN_FORKS + " forks or more")
      .build();

  /**
   * Every row, in the order a scenario file writes them and overrides apply: the options before the
   * profiler, which refuses an option that records the JVM too.
   */
  public static final List<Setting<JvmOptions, ?>> ALL = List.of(JAVA, HEAP, OPTIONS, CPUS, NUMA_NODE, PROFILE,
      COUNTERS, NATIVE_MEMORY_TRACKING, MEMORY_LIMIT, DUET);

  private static List<String> options(List<String> texts) {
    for (String o : texts) {
      if (o == null || o.isBlank()) {
        throw new IllegalArgumentException("has an empty option; give the option, e.g. -XX:+UseParallelGC");
      }
    }
    return List.copyOf(texts);
  }
}
