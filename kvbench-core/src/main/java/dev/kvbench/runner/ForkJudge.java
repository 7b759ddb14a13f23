package dev.kvbench.runner;

import dev.kvbench.result.CellResult;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Decides, after a round, which cells of a run that adds forks ({@link AdaptiveForks}) need
 * another: the runner schedules and journals the forks, this judges them. {@link PrecisionJudge} is
 * the one kvbench uses, on the statistics of kvbench-stats that compare and the report use too.
 */
@FunctionalInterface
public interface ForkJudge {

  /** Adds no forks: every cell is done after the scenario's. */
  ForkJudge NONE = (running, ended, limits) -> Map.of();

  /** What a cell needs next. */
  enum Next {
    /** Another fork: a comparison is not yet clear, and a fork the host disturbs counts too. */
    ANOTHER_FORK,
    /**
     * Another fork, which counts only if the host leaves it alone (a figure compared with nothing):
     * on a host that stays busy none is added.
     */
    ANOTHER_UNDISTURBED_FORK,
    /** None: every comparison (or, compared with nothing, every figure) is clear. */
    DONE,
    /** None: not clear, and more forks than a cell is given would be needed to make it so. */
    OUT_OF_REACH;

    /** Whether the cell asks for another fork, of whatever kind. */
    public boolean wantsFork() {
      return this == ANOTHER_FORK || this == ANOTHER_UNDISTURBED_FORK;
    }
  }

  /** What a cell needs, and what was still unclear or is now clear. */
  record Decision(Next next, String detail) {
    public Decision {
      java.util.Objects.requireNonNull(next, "next");
      detail = detail == null ? "" : detail;
    }
  }

  /**
   * A decision for each cell of {@code running} (cell id to the forks it ran, in order, each of
   * which ran to its end); {@code ended} are the run's cells that have their result already, still
   * to be compared with. A cell left out is done.
   */
  Map<String, Decision> judge(Map<String, List<CellResult>> running, Collection<CellResult> ended,
      AdaptiveForks limits);
}
