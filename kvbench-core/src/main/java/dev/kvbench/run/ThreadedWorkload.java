package dev.kvbench.run;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Store;
import dev.kvbench.workload.KeyDraws;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.Operation;
import dev.kvbench.workload.OperationMix;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.Traffic;
import dev.kvbench.workload.ValueSource;

/**
 * What every thread of a threaded phase shares and none changes: the store, the cell's keys and
 * values, the op mix and how keys are drawn. Made once per phase.
 *
 * @param mix the built-in phases' mix; absent for the custom phase, whose operations are the cell's
 *     {@link dev.kvbench.workload.CustomMix}
 * @param draws how clients draw keys, shared: the distribution and its sums over the key space
 * @param operationKeys the keys custom operations wrote their own bytes to or deleted: not checked
 */
record ThreadedWorkload(
    Phase phase,
    CellParams cell,
    Store store,
    Capabilities caps,
    java.util.Optional<OperationMix> mix,
    OpSlots slots,
    RequestDistribution distribution,
    ValueSource values,
    ValueSource updates,
    KeyDraws draws,
    OperationKeys operationKeys) {

  // the cell's own settings, read from it rather than copied beside it
  Traffic traffic() {
    return cell.load().traffic();
  }

  KeyFormat encoding() {
    return cell.data().keys();
  }

  int threads() {
    return cell.load().threads();
  }

  /** Seed salt of the values that updates and the writer put. */
  static final long UPDATE_SALT = 0x0DDB_A115_EED5_1234L;

  /** The values updates put (ycsb updates, the writer, overwrite): a second generator of the cell's kind. */
  static ValueSource updateValues(CellParams cell) {
    return cell.data().valueContent().create(cell.data().valueSize(), cell.data().seed() ^ UPDATE_SALT);
  }

  static ThreadedWorkload of(Phase phase, CellParams cell, Store store, Capabilities caps, long loaded) {
    Traffic traffic = cell.load().traffic();
    java.util.Optional<OperationMix> mix;
    OpSlots slots;
    RequestDistribution distribution;
    if (phase == Phase.CUSTOM) {
      mix = java.util.Optional.empty();
      slots = OpSlots.of(cell.load().custom());
      distribution = cell.load().custom().distribution();
    } else {
      OperationMix m = mixOf(phase, traffic);
      mix = java.util.Optional.of(m);
      slots = OpSlots.of(m);
      distribution = m.distribution();
    }
    // YCSB sizes its scrambled zipfian's key space by the inserts it expects (operationcount x
    // insertproportion); a phase of several passes on one store inserts in each
    double insertShare = mix.map(m -> m.share(Operation.INSERT)).orElse(0.0);
    int passes = cell.plan().passes().warmupPasses() + cell.plan().passes().measuredPasses();
    long expectedInserts = (long) (traffic.operationsFor(cell.data().entries()) * insertShare) * passes;
    KeyDraws draws = KeyDraws.of(distribution, loaded, expectedInserts, traffic.zipfianConstant());
    return new ThreadedWorkload(phase, cell, store, caps, mix, slots, distribution, cell.values(), updateValues(cell),
        draws, new OperationKeys(loaded));
  }

  /** A built-in threaded phase's mix, with a scenario's YCSB properties on every ycsb phase. */
  static OperationMix mixOf(Phase phase, Traffic traffic) {
    OperationMix m = OperationMix.of(phase);
    if (phase.ycsb()) {
      m = traffic.distribution() != null ? m.withDistribution(traffic.distribution()) : m;
      m = traffic.proportions() != null ? m.withProportions(traffic.proportions()) : m;
      m = m.withMaxScanLength(traffic.maxScanLength());
    }
    return m;
  }

  /** Gets per read snapshot: the readers workload's many, else one (each op its own transaction). */
  int readsPerTransaction() {
    return mix.map(OperationMix::readsPerTransaction).orElse(1);
  }

  /** Whether clients insert keys, so the keys present grow during a pass. */
  boolean insertsKeys() {
    return mix.map(m -> m.share(Operation.INSERT) > 0).orElse(false);
  }

  /** One op in this many is timed without a target rate; every op with one. */
  int sampleEvery() {
    return traffic().hasRate() ? 1 : cell.plan().latencySampleInterval();
  }
}
