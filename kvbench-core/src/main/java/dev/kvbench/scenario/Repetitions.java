package dev.kvbench.scenario;

import dev.kvbench.run.PassPlan;

/**
 * How often a scenario's cells are measured.
 *
 * @param forks fresh JVMs per cell (each runs the cell once; their passes are reported
 *     together); 0 runs every cell inside the calling JVM, for tests and embedding
 * @param warmupPasses untimed passes of each phase before the measured ones, at least
 * @param warmupMillis and at least this long
 * @param measuredPasses timed passes of each phase; the tables show their median with min and max
 */
public record Repetitions(int forks, int warmupPasses, long warmupMillis, int measuredPasses) {

  /** What the presets use unless they say otherwise: JMH's shape, a fork, 2 warm-up and 3 measured passes. */
  public static final Repetitions DEFAULT = new Repetitions(1, 2, 1000, 3);

  public Repetitions {
    if (forks < 0) {
      throw new IllegalArgumentException("forks must be 0 (in-process) or more, got " + forks);
    }
    passPlan(warmupPasses, warmupMillis, measuredPasses);
  }

  public PassPlan passPlan() {
    return passPlan(warmupPasses, warmupMillis, measuredPasses);
  }

  private static PassPlan passPlan(int warmupPasses, long warmupMillis, int measuredPasses) {
    return new PassPlan(warmupPasses, warmupMillis, measuredPasses);
  }
}
