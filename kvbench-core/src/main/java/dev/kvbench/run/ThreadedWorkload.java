package dev.kvbench.run;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Store;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.Operation;
import dev.kvbench.workload.OperationMix;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.Traffic;
import dev.kvbench.workload.ValueSource;
import dev.kvbench.workload.Zipfian;

/**
 * What every thread of a threaded phase shares and none changes: the store, the cell's keys and
 * values, the op mix and how keys are drawn. Made once per phase.
 *
 * @param mix the built-in phases' mix; absent for the custom phase, whose operations are the cell's
 *     {@link dev.kvbench.workload.CustomMix}
 * @param zipfian the zipfian generator over the loaded keys, for the distributions that need one
 */
record ThreadedWorkload(
    Phase phase,
    CellParams cell,
    Store store,
    Capabilities caps,
    java.util.Optional<OperationMix> mix,
    OpSlots slots,
    RequestDistribution distribution,
    Traffic traffic,
    ValueSource values,
    ValueSource updates,
    KeyFormat encoding,
    int threads,
    Zipfian zipfian) {

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
      OperationMix own = OperationMix.of(phase);
      OperationMix m = phase.ycsb() && traffic.distribution() != null ? own.withDistribution(traffic.distribution()) : own;
      mix = java.util.Optional.of(m);
      slots = OpSlots.of(m);
      distribution = m.distribution();
    }
    Zipfian zipfian = distribution == RequestDistribution.ZIPFIAN || distribution == RequestDistribution.LATEST
        ? new Zipfian(loaded, traffic.zipfianConstant()) : null;
    return new ThreadedWorkload(phase, cell, store, caps, mix, slots, distribution, traffic, cell.values(),
        updateValues(cell), cell.data().keys(), cell.load().threads(), zipfian);
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
    return traffic.hasRate() ? 1 : cell.plan().latencySampleInterval();
  }
}
