package dev.kvbench.run;

import dev.kvbench.result.PhaseResult.LatencySampling;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Capabilities;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.ValueSource;

/**
 * What every phase of one cell measures with: the cell, its store's capabilities, the meters of a
 * timed pass, the checks and the listener that shows progress.
 *
 * @param unverifiable why nothing read can be checked (a store that discards data, unpredictable
 *     values); null when all can
 */
record PhaseContext(
    CellParams cell,
    Capabilities caps,
    PassMeters meters,
    Verification verification,
    RunListener listener,
    double timerPairNanos,
    KeySpace keySpace,
    ValueSource values,
    String unverifiable) {

  static PhaseContext of(CellParams cell, Capabilities caps, PassMeters meters, Verification verification,
      RunListener listener, double timerPairNanos) {
    return new PhaseContext(cell, caps, meters, verification, listener, timerPairNanos, cell.keySpace(),
        cell.values(), cell.unverifiableReason(caps));
  }

  /** Bytes of one entry as the workload sees it: key and uncompressed value. */
  long entryBytes() {
    return (long) cell.data().keys().size() + Math.round(values.meanSize());
  }

  LatencySampling sampling(int meanInterval, long samples) {
    return new LatencySampling(meanInterval, samples, timerPairNanos);
  }

  /** Wall-clock start of a pass that just ended after {@code nanos}: its interval in the .hlog logs. */
  static long startMillis(long nanos) {
    return System.currentTimeMillis() - nanos / 1_000_000;
  }
}
