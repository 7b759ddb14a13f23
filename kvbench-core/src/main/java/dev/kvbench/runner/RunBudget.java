package dev.kvbench.runner;

import dev.kvbench.scenario.CellParams;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * How long a run may take (run.runBudget): no fork starts that would end past it, by what the
 * cell's last fork took, or before its first by the rough estimate ({@link CellEstimate}). A run
 * with no budget starts every fork.
 */
final class RunBudget {

  /** No bound. */
  static RunBudget none() {
    return new RunBudget(Duration.ZERO, c -> 0);
  }

  private final Duration budget;
  private final ToDoubleFunction<CellParams> estimatedSeconds;
  private final long started = System.nanoTime();
  private final Map<String, Long> lastForkNanos = new HashMap<>();

  /** A budget of {@code budget} (zero for none), forks not yet run estimated by {@code estimatedSeconds}. */
  RunBudget(Duration budget, ToDoubleFunction<CellParams> estimatedSeconds) {
    this.budget = budget;
    this.estimatedSeconds = estimatedSeconds;
  }

  boolean bounds() {
    return !budget.isZero();
  }

  Duration budget() {
    return budget;
  }

  /** Whether the forks of {@code batch}, run together when more than one, would end within the budget. */
  boolean leavesRoomFor(List<CellParams> batch, boolean together) {
    if (!bounds()) {
      return true;
    }
    long needed = 0;
    for (CellParams c : batch) {
      Long last = lastForkNanos.get(c.id());
      long fork = last != null ? last : (long) (estimatedSeconds.applyAsDouble(c) * 1e9);
      needed = together ? Math.max(needed, fork) : needed + fork;
    }
    return System.nanoTime() - started + needed <= budget.toNanos();
  }

  /** A fork of {@code cell} took {@code nanos}. */
  void forkTook(CellParams cell, long nanos) {
    lastForkNanos.put(cell.id(), nanos);
  }

  /** How long the run has taken. */
  Duration elapsed() {
    return Duration.ofNanos(System.nanoTime() - started);
  }
}
