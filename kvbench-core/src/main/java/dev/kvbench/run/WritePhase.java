package dev.kvbench.run;

import dev.kvbench.measure.IoMeter;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.result.Amplification;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.workload.KeySpace;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The write phase, which is also the load of every cell: warm-up loads into scratch stores, then
 * measured write passes, each into a fresh, empty store; the cell's lifecycle decides which store
 * each pass loads (the last one stays loaded for the phases that follow). Verified by those phases.
 */
final class WritePhase {

  static final String ID = "write";

  private final PhaseContext context;
  private final CellStores stores;
  // the measured write passes, across the fresh stores each of them loads
  private final List<PassResult> passes = new ArrayList<>();
  private final Histogram puts = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
  private final Histogram commits = new Histogram(LatencySampler.HIGHEST_NANOS, 3);

  WritePhase(PhaseContext context, CellStores stores) {
    this.context = context;
    this.stores = stores;
  }

  /**
   * Loads scratch stores with the same workload, capped at {@link CellParams#WARMUP_WRITE_ENTRIES},
   * and deletes each, until the plan's warm-up is done: the measured writes then run compiled
   * code, as the reads do after their warm-up passes.
   */
  void warmUp() {
    CellParams cell = context.cell();
    long entries = Math.min(cell.data().entries(), CellParams.WARMUP_WRITE_ENTRIES);
    KeySpace keys = new KeySpace(entries, cell.data().keys(), cell.write().order(), cell.data().seed());
    Warmups.forEach(cell.plan().passes(), ID, label -> {
      PhaseProgress progress = new PhaseProgress(entries);
      context.listener().passStarted(cell, label, progress);
      stores.inScratchStore("warmup-" + label.number(), (store, session) -> Passes.write(session, keys,
          context.values(), Math.min(cell.write().batchSize(), entries),
          new LatencySampler(cell.plan().latencySampleInterval(), cell.data().seed()), new LatencySampler(1, cell.data().seed()),
          progress, Passes.CommitListener.NONE));
    });
  }

  /** One measured write pass into {@code session}'s empty store, added to the phase's figures. */
  void timedPass(Store store, Session session, PassLabel label) {
    CellParams cell = context.cell();
    KeySpace keySpace = context.keySpace();
    PhaseProgress progress = new PhaseProgress(keySpace.count());
    context.listener().passStarted(cell, label, progress);
    LatencySampler putSampler = new LatencySampler(cell.plan().latencySampleInterval(), cell.data().seed() ^ 0x57 ^ label.number());
    LatencySampler commitSampler = new LatencySampler(1, cell.data().seed());
    CommitTracer tracer = commitTracer(store);
    PassMeters.Start cpuBefore = context.meters().start();
    if (tracer != null) {
      tracer.start();
    }
    Passes.WriteOutcome o = Passes.write(session, keySpace, context.values(), cell.write().batchSize(), putSampler,
        commitSampler, progress, tracer == null ? Passes.CommitListener.NONE : tracer);
    PassResult figures = context.meters().end(cpuBefore, o.ops(), o.nanos() - (tracer == null ? 0 : tracer.probeNanos()));
    passes.add((tracer == null ? figures : figures.withCommitTrace(tracer.trace()))
        .withInterval(PhaseContext.startMillis(o.nanos()), putSampler.histogram()).withProgress(progress.timeline()));
    puts.add(putSampler.histogram());
    commits.add(commitSampler.histogram());
  }

  /** The phase over the measured passes so far. */
  PhaseResult result() {
    return PhaseResult.measured(ID, passes,
        new Latency(puts, commits, context.sampling(context.cell().plan().latencySampleInterval(), puts.getTotalCount())),
        false, null, "write is verified by the read phases that follow it")
        .withAmplification(Amplification.Direction.WRITE, context.entryBytes());
  }

  /** A tracer for a write pass into {@code store}, or null unless the plan traces commits. */
  private CommitTracer commitTracer(Store store) {
    CellParams cell = context.cell();
    if (!cell.plan().passes().traceCommits()) {
      return null;
    }
    long commits = (context.keySpace().count() + cell.write().batchSize() - 1) / cell.write().batchSize();
    return new CommitTracer(store, new IoMeter(), commits);
  }
}
