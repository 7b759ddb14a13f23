package dev.kvbench.run;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;

/** Hears what a run is doing; the CLI prints progress from it. The library itself prints nothing. */
public interface RunListener {

  RunListener NONE = new RunListener() {};

  /** Something the user should know before the numbers: stale work directories, the work directory's file system. */
  default void notice(String message) {}

  /**
   * Something that went wrong without stopping the run, or that stopped it: a damaged journal line
   * skipped, the work directory removed from under the run. Shown even where notices are not.
   */
  default void warning(String message) {}

  /** The run is being stopped (Ctrl-C, SIGTERM): the cell in flight ends as interrupted. */
  default void runStopping() {}

  /** The stopped run's results are closed, incomplete, in {@code journal} (null when none was started). */
  default void runStopped(java.nio.file.Path journal) {}

  /** A run of {@code cells} cells starts; {@code alreadyDone} of them have results from before (a resumed run). */
  default void runStarted(int cells, int alreadyDone) {}

  /**
   * With several forks a cell, the run goes in rounds, every cell's fork {@code round} in one, so
   * the host's drift falls on every cell alike: round {@code round} of {@code rounds} starts, with
   * {@code cells} cells to run. Each cell's fork then starts and finishes as a cell does; {@link
   * #cellFinished} gets the fork's result, or in the last round the cell's, its forks combined.
   */
  default void roundStarted(int round, int rounds, int cells) {}

  default void cellStarted(CellParams cell) {}

  /** A pass starts: warm-up, measured, or the untimed load that fills the store when write is not reported. */
  default void passStarted(CellParams cell, PassLabel pass, PhaseProgress progress) {}

  default void phaseFinished(CellParams cell, PhaseResult result) {}

  default void cellFinished(CellParams cell, CellResult result) {}
}
