package dev.kvbench.run;

import dev.kvbench.measure.LatencySampler;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.StorageSize;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.result.StorageResult;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeySpace;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * Warm-up and measured CRUD passes, each into a new, empty store, as the write passes are; the last
 * measured pass's store is then checked, untimed: every key holds its value and none of the deleted
 * keys is left. An op is a transaction of batch-size quadruples (one with batch size 1, as in
 * ioarena's crud). The last pass's store also gives a crud-only cell its storage and native settings.
 */
final class CrudPhase implements PhaseKind {

  static final String ID = "crud";

  private final PhaseContext context;
  private final CellStores stores;
  private final StorageMeter storage;
  private Map<String, Object> nativeSettings = Map.of();
  // the last measured pass's store, after close
  private Optional<StorageResult> lastStorage = Optional.empty();

  CrudPhase(PhaseContext context, CellStores stores, StorageMeter storage) {
    this.context = context;
    this.stores = stores;
    this.storage = storage;
  }

  /** The native settings of the last measured pass's store; empty until it opened. */
  Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  /** The storage of the last measured pass's store, measured before and after it closed. */
  Optional<StorageResult> lastStorage() {
    return lastStorage;
  }

  @Override
  public String unsupportedReason() {
    List<String> missing = new ArrayList<>();
    if (!context.caps().supports(WriteOperation.DELETE)) {
      missing.add("delete");
    }
    if (!context.caps().supports(WriteOperation.GET_IN_WRITE)) {
      missing.add("get inside a write transaction (its batches cannot be read)");
    }
    return missing.isEmpty() ? null : context.cell().storeId() + " has no " + String.join(" and ", missing);
  }

  @Override
  public PhaseResult run() {
    CellParams cell = context.cell();
    List<PassResult> passes = new ArrayList<>();
    Histogram transactions = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    long perTransaction = Math.min(cell.write().batchSize(), context.keySpace().count());
    String failure = null;
    try {
      Warmups.forEach(cell.plan().passes(), ID, label -> stores.inScratchStore("crud-warmup-" + label.number(),
          (store, session) -> pass(session, perTransaction, label, null, null)));
      int measured = cell.plan().passes().measuredPasses();
      for (int pass = 1; pass < measured; pass++) {
        PassLabel label = new PassLabel(ID, PassLabel.Kind.MEASURED, pass, measured);
        String problem = stores.inScratchStore("crud-" + pass,
            (store, session) -> pass(session, perTransaction, label, passes, transactions));
        failure = failure != null ? failure : problem;
      }
      String problem = lastPass(perTransaction, measured, passes, transactions);
      failure = failure != null ? failure : problem;
    } catch (RuntimeException | LinkageError | InternalError e) {
      return PhaseResult.failed(ID, Failures.describe(e));
    }
    Latency latency = new Latency(transactions, null, context.sampling(1, transactions.getTotalCount()));
    String note = "an op is one transaction of " + perTransaction
        + " quadruple(s) into an empty store: put b, put a, delete b, get a";
    String unverifiable = context.unverifiable();
    return PhaseResult.measured(ID, passes, latency, unverifiable == null, failure,
        unverifiable == null ? note : note + "; " + unverifiable);
  }

  /** The last measured pass, whose store is checked (untimed) and measured before and after it closes. */
  private String lastPass(long perTransaction, int measured, List<PassResult> passes, Histogram transactions) {
    Path scratch = stores.newDirectory("crud-" + measured);
    try {
      Store store = stores.open(scratch);
      String problem;
      try (Session session = store.openSession()) {
        nativeSettings = Map.copyOf(store.nativeSettings());
        problem = pass(session, perTransaction, new PassLabel(ID, PassLabel.Kind.MEASURED, measured, measured),
            passes, transactions);
        if (problem == null && context.unverifiable() == null) {
          problem = verifyAfter(session);
        }
      } catch (RuntimeException | LinkageError | InternalError e) {
        Failures.closeAfter(store, e);
        throw e;
      }
      StorageSize beforeClose = storage.measure(scratch);
      store.close();
      lastStorage = Optional.of(StorageResult.of(beforeClose, storage.measure(scratch), context.cell().flatBytes()));
      return problem;
    } finally {
      stores.delete(scratch);
    }
  }

  /** One CRUD pass; {@code passes} null marks a warm-up. Returns what went wrong, else null. */
  private String pass(Session session, long perTransaction, PassLabel label, List<PassResult> passes,
      Histogram transactions) {
    CellParams cell = context.cell();
    KeySpace keySpace = context.keySpace();
    PhaseProgress progress = new PhaseProgress(keySpace.count());
    context.listener().passStarted(cell, label, progress);
    // every transaction timed, as the write pass times every commit
    LatencySampler sampler = new LatencySampler(1, cell.data().seed());
    PassMeters.Start cpuBefore = context.meters().start();
    Passes.CrudOutcome o = Passes.crud(session, keySpace, context.values(), perTransaction, sampler, progress);
    PassResult figures = context.meters().end(cpuBefore, o.transactions(), o.nanos());
    if (passes == null) {
      return null;
    }
    passes.add(figures.withInterval(PhaseContext.startMillis(o.nanos()), sampler.histogram())
        .withProgress(progress.timeline()));
    transactions.add(sampler.histogram());
    if (o.wrongGets() == 0 || context.unverifiable() != null) {
      return null;
    }
    return "verification failed: " + o.wrongGets() + " of " + o.quadruples()
        + " gets inside the write transaction did not find the value it had just put";
  }

  /** Every key of the workload holds its value, and no key a CRUD pass put and deleted is left. */
  private String verifyAfter(Session session) {
    KeySpace keySpace = context.keySpace();
    try (Reader reader = session.beginRead()) {
      PhaseProgress progress = new PhaseProgress(keySpace.count());
      context.listener().passStarted(context.cell(), new PassLabel(ID, PassLabel.Kind.VERIFY, 1, 1), progress);
      String bad = context.verification().verifyGets(reader, keySpace, context.values(), context.cell(), progress);
      if (bad != null) {
        return bad;
      }
      KeyFormat encoding = keySpace.encoding();
      ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
      long n = keySpace.count();
      for (long index = n; index < 2 * n; index++) {
        encoding.encode(index, key);
        if (reader.get(key) != null) {
          return "verification failed: key " + Diagnosis.describe(encoding, index)
              + " was put and deleted in one transaction by crud, yet it is still there";
        }
      }
      return null;
    }
  }
}
