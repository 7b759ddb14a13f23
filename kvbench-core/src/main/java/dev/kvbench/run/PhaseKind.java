package dev.kvbench.run;

import dev.kvbench.result.PhaseResult;

/**
 * One kind of phase on a cell's store (read, overwrite, crud, threaded, custom): its own support
 * rule, warm-up passes, measured passes and verification call. {@link CellRunner} asks each in
 * turn and keeps only the cell's lifecycle.
 */
interface PhaseKind {

  /** Why the cell's store cannot run this phase, in words for results; null when it can. */
  String unsupportedReason();

  /** Warm-up, measured passes, verification. Never throws for a store's failure: the phase fails. */
  PhaseResult run();
}
