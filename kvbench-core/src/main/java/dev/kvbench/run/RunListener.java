package dev.kvbench.run;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.workload.Phase;

/** Hears what a run is doing; the CLI prints progress from it. The library itself prints nothing. */
public interface RunListener {

  RunListener NONE = new RunListener() {};

  default void cellStarted(CellParams cell) {}

  /** {@code phase} null means the untimed load that fills the store when write is not reported. */
  default void phaseStarted(CellParams cell, Phase phase, PhaseProgress progress) {}

  default void phaseFinished(CellParams cell, PhaseResult result) {}

  default void cellFinished(CellParams cell, CellResult result) {}
}
