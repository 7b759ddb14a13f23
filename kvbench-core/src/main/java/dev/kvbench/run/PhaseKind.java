package dev.kvbench.run;

import dev.kvbench.result.PhaseResult;

/**
 * One kind of phase on a cell's store ({@link dev.kvbench.workload.Phase.Kind}: read, overwrite,
 * crud, threaded, sustained, reopen): its own support rule, warm-up passes, measured passes and
 * verification call, and what it leaves in the store. {@link CellRunner} finds a phase's by its
 * kind and keeps only the cell's lifecycle.
 */
interface PhaseKind {

  /** Why the cell's store cannot run this phase, in words for results; null when it can. */
  String unsupportedReason();

  /** Warm-up, measured passes, verification. Never throws for a store's failure: the phase fails. */
  PhaseResult run();

  /** Keys the store holds after this phase, given those it held before: more where it inserts. */
  default long keysAfter(long before) {
    return before;
  }

  /** Puts under keys the store already held: what its lifetime writes count beyond the load. */
  default long overwrites() {
    return 0;
  }
}
