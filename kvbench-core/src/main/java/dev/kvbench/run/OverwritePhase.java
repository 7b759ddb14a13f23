package dev.kvbench.run;

import dev.kvbench.measure.LatencySampler;
import dev.kvbench.result.Amplification;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Warm-up and measured overwrite passes on the loaded store: every key gets its updated value (the
 * threaded workloads' update values), in a random order of the phase's own, committing every
 * batch-size puts; then, untimed, every key is read back and checked against it.
 */
final class OverwritePhase implements PhaseKind {

  /** Seeds the overwrite phase's own random order of the keys. */
  static final long ORDER_SALT = 0x0F3E_A11C_0DE5_0B1EL;

  private final PhaseContext context;
  private final Session session;
  // puts the passes (warm-up ones too) made into the loaded store
  private long overwritten;

  OverwritePhase(PhaseContext context, Session session) {
    this.context = context;
    this.session = session;
  }

  @Override
  public long overwrites() {
    return overwritten;
  }

  @Override
  public String unsupportedReason() {
    return context.caps().supports(WriteOperation.OVERWRITE) ? null
        : context.cell().storeId() + " cannot put on an existing key";
  }

  @Override
  public PhaseResult run() {
    CellParams cell = context.cell();
    KeySpace order = new KeySpace(cell.data().entries(), cell.data().keys(), KeyOrder.RND, cell.data().seed() ^ ORDER_SALT);
    ValueSource updated = ThreadedWorkload.updateValues(cell);
    List<PassResult> passes = new ArrayList<>();
    Histogram overwrites = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    Histogram overwriteCommits = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    PassMeters meters = context.meters();
    try {
      Warmups.forEach(cell.plan().passes(), Phase.OVERWRITE.id(), label -> {
        PhaseProgress progress = new PhaseProgress(order.count());
        context.listener().passStarted(cell, label, progress);
        overwritten += Passes.write(session, order, updated, cell.write().batchSize(),
            new LatencySampler(cell.plan().latencySampleInterval(), cell.data().seed()), new LatencySampler(1, cell.data().seed()),
            progress, Passes.CommitListener.NONE).ops();
      });
      int measured = cell.plan().passes().measuredPasses();
      for (int pass = 1; pass <= measured; pass++) {
        PhaseProgress progress = new PhaseProgress(order.count());
        context.listener().passStarted(cell, new PassLabel("overwrite", PassLabel.Kind.MEASURED, pass, measured),
            progress);
        LatencySampler putSampler = new LatencySampler(cell.plan().latencySampleInterval(), cell.data().seed() ^ 0x0F ^ pass);
        LatencySampler commitSampler = new LatencySampler(1, cell.data().seed());
        PassMeters.Start cpuBefore = meters.start();
        Passes.WriteOutcome o = Passes.write(session, order, updated, cell.write().batchSize(), putSampler, commitSampler,
            progress, Passes.CommitListener.NONE);
        overwritten += o.ops();
        passes.add(meters.end(cpuBefore, o.ops(), o.nanos()).withInterval(PhaseContext.startMillis(o.nanos()),
            putSampler.histogram()).withProgress(progress.timeline()));
        overwrites.add(putSampler.histogram());
        overwriteCommits.add(commitSampler.histogram());
      }
    } catch (RuntimeException | LinkageError | InternalError e) {
      return PhaseResult.failed(Phase.OVERWRITE.id(), Failures.describe(e));
    }
    String unverifiable = context.unverifiable();
    String failure = unverifiable == null ? checkUpdated(updated) : null;
    return PhaseResult.measured(Phase.OVERWRITE.id(), passes, new Latency(overwrites, overwriteCommits,
        context.sampling(cell.plan().latencySampleInterval(), overwrites.getTotalCount())), unverifiable == null, failure,
        unverifiable == null ? "every key read back afterwards, untimed, and checked against its new value"
            : unverifiable)
        .withAmplification(Amplification.Direction.WRITE, context.entryBytes());
  }

  /** Untimed: every key holds its updated value; else what the first wrong key held. */
  private String checkUpdated(ValueSource updated) {
    CellParams cell = context.cell();
    KeyFormat encoding = cell.data().keys();
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer want = ByteBuffer.allocateDirect(cell.data().valueSize());
    long wrong = 0;
    long first = -1;
    try (Reader r = session.beginRead()) {
      for (long i = 0; i < cell.data().entries(); i++) {
        encoding.encode(i, key);
        updated.valueInto(i, want);
        ByteBuffer got = r.get(key);
        if (got == null || !got.equals(want)) {
          if (wrong++ == 0) {
            first = i;
          }
        }
      }
    }
    return wrong == 0 ? null : wrong + " of " + cell.data().entries() + " keys do not hold the value overwrite put"
        + " (first: key index " + first + ")";
  }
}
