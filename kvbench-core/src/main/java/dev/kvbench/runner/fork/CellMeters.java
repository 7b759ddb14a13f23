package dev.kvbench.runner.fork;

import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The meters a run's JVM settings ask for, in the order their launchers nest: perf stat around
 * everything, then the CPU and NUMA placement, then the memory cgroup (which holds the JVM alone),
 * then the recordings. A new meter is its class and
 * its line here.
 */
public final class CellMeters {

  /**
   * Makes a meter of the JVM settings where they ask for it: none where they do not, or where the
   * host cannot give it and the run goes on without it (said through the listener); throws
   * IllegalArgumentException where the run cannot.
   */
  @FunctionalInterface
  interface Factory {
    Optional<CellMeter> of(JvmOptions jvm, RunListener listener);
  }

  private static final List<Factory> FACTORIES = List.of(PerfStatMeter::of, PlacementMeter::of, MemoryLimitMeter::of, JfrMeter::of,
      AsyncProfilerMeter::of);

  private CellMeters() {}

  /** The meters {@code jvm} asks for, checked against this host; see {@link Factory}. */
  public static List<CellMeter> of(JvmOptions jvm, RunListener listener) {
    List<CellMeter> meters = new ArrayList<>();
    for (Factory f : FACTORIES) {
      f.of(jvm, listener).ifPresent(meters::add);
    }
    return List.copyOf(meters);
  }
}
