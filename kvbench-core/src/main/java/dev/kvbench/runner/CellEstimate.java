package dev.kvbench.runner;

import dev.kvbench.scenario.PassPlan;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.MemoryLimit;
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

  /**
   * Rough per-op costs once the data is larger than the cell's memory limit, every op a device
   * read: LMDB, 1 GiB of random int keys x 1,000 B under 256m on this project's VM disk took 398 µs
   * a put and 241 µs a get (results/2026-11-27-memory-limit).
   */
  private static final double PAGED_WRITE_NANOS = 400_000;
  private static final double PAGED_READ_NANOS = 250_000;

  /** The estimate for {@code cell} of a store whose adapter declares {@code footprint}, in memory. */
  public static CellEstimate of(CellParams cell, Footprint footprint) {
    return of(cell, footprint, MemoryLimit.NONE);
  }

  /**
   * The estimate for {@code cell} of a store whose adapter declares {@code footprint}, its JVM held
   * to {@code limit}: a store larger than the limit reads from the device on almost every op.
   */
  public static CellEstimate of(CellParams cell, Footprint footprint, MemoryLimit limit) {
    long flat = cell.sizing().flatBytes();
    long estimated = (long) (flat * footprint.spaceOverFlat(cell.data().keys().size() + cell.data().valueSize()));
    boolean paged = limit.limits() && estimated > limit.bytes();
    // larger values cost more per op, roughly with their size beyond a cache line or two
    double sizeFactor = 1 + cell.data().valueSize() / 1024.0;
    double writeNanos = paged ? PAGED_WRITE_NANOS : WRITE_NANOS * sizeFactor;
    double readNanos = paged ? PAGED_READ_NANOS : READ_NANOS * sizeFactor;
    PassPlan plan = cell.plan().passes();
    int passesPerPhase = plan.measuredPasses() + Math.max(plan.warmupPasses(), plan.warmsUp() ? 1 : 0);
    double writeSeconds = cell.data().entries() * writeNanos * passesPerPhase / 1e9;
    // a phase that runs for a duration takes it, each measured pass (the sustained phases warm up not at all)
    long timedPhases = cell.plan().phases().stream().filter(p -> p.usesClients()).count();
    long timedMillis = cell.load().traffic().durationMillis();
    double timedSeconds = timedMillis > 0 ? timedPhases * timedMillis / 1e3 * passesPerPhase : 0;
    long otherPhases = cell.plan().phases().size() - 1 - (timedMillis > 0 ? timedPhases : 0);
    double readSeconds = cell.data().entries() * readNanos * passesPerPhase * Math.max(0, otherPhases) / 1e9
        + timedSeconds;
    double warmupSeconds = cell.plan().phases().size() * plan.warmupMillis() / 1e3;
    return new CellEstimate(flat, estimated, JVM_START_SECONDS + writeSeconds + readSeconds + warmupSeconds);
  }
}
