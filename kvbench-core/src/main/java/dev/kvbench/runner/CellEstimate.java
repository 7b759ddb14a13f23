package dev.kvbench.runner;

import dev.kvbench.scenario.PassPlan;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Footprint;

/**
 * Rough size and time of a cell, before it runs: for {@code --dry-run} and for refusing a run
 * that clearly cannot fit its work directory. The floor is exact (no store can keep the data in
 * less than the flat array of keys and values); the estimate uses overheads measured with
 * kvbench's own runs, as each store's adapter declares them ({@link Footprint}), and is labelled
 * rough wherever it is shown.
 *
 * @param flatBytes entries x (key + value): no store needs less
 * @param estimatedBytes what the store will likely take, its overhead included
 * @param estimatedSeconds rough wall time of the cell, every pass included
 */
public record CellEstimate(long flatBytes, long estimatedBytes, double estimatedSeconds) {

  /** Rough per-op costs on a laptop-class core, in-memory (tmpfs): enough to tell minutes from hours. */
  private static final double WRITE_NANOS = 2_000;
  private static final double READ_NANOS = 600;
  private static final double JVM_START_SECONDS = 1.5;

  /** The estimate for {@code cell} of a store whose adapter declares {@code footprint}. */
  public static CellEstimate of(CellParams cell, Footprint footprint) {
    long flat = cell.sizing().flatBytes();
    long estimated = (long) (flat * footprint.spaceOverFlat(cell.data().keys().size() + cell.data().valueSize()));
    // larger values cost more per op, roughly with their size beyond a cache line or two
    double sizeFactor = 1 + cell.data().valueSize() / 1024.0;
    PassPlan plan = cell.plan().passes();
    int passesPerPhase = plan.measuredPasses() + Math.max(plan.warmupPasses(), plan.warmsUp() ? 1 : 0);
    double writeSeconds = cell.data().entries() * WRITE_NANOS * sizeFactor * passesPerPhase / 1e9;
    double readSeconds = cell.data().entries() * READ_NANOS * sizeFactor * passesPerPhase * (cell.plan().phases().size() - 1) / 1e9;
    double warmupSeconds = cell.plan().phases().size() * plan.warmupMillis() / 1e3;
    return new CellEstimate(flat, estimated, JVM_START_SECONDS + writeSeconds + readSeconds + warmupSeconds);
  }
}
