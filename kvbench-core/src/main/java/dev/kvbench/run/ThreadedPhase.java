package dev.kvbench.run;

import dev.kvbench.result.PhaseResult;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.Operation;
import dev.kvbench.workload.OperationMix;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RecordFields;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A threaded phase on the loaded store: the readers workload (each of T threads gets every key in
 * its own order per pass), readwhilewriting (the same beside one writer that overwrites random
 * keys, one put per transaction), YCSB's core workloads A to F (T clients, each op in its own
 * transaction) and the user's custom operations. This class owns the phase's support rule and
 * its sequence: warm-up passes, measured passes ({@link ClientPool}, each thread a {@link
 * ClientLoop}), then the untimed check of every key; {@link ThreadedResults} makes the result.
 *
 * <p>With a target rate each thread issues op i at start + i x T / rate and each latency counts
 * from that intended start, every op timed; a stall then shows in every op scheduled behind it.
 * Without one, about one op in the cell's latency-sample interval is timed from its own start (a
 * service time), or every op where the warm-up showed ops long against the timer ({@link
 * ClientPool#timeEveryOpWhenLong}). Reads check, in the timed loop, only that a value of the right length came back;
 * after the measured passes an untimed pass checks every byte of every key against the loaded or
 * the overwritten value.
 */
final class ThreadedPhase implements PhaseKind {

  private final PhaseContext context;
  private final Phase phase;
  private final Store store;
  private final java.nio.file.Path directory;
  // every key below it exists: the loaded ones and the inserts of earlier passes
  private long frontier;

  ThreadedPhase(PhaseContext context, Phase phase, Store store, long loaded, java.nio.file.Path directory) {
    this.context = context;
    this.phase = phase;
    this.store = store;
    this.directory = directory;
    this.frontier = loaded;
  }

  /** The loaded keys and every insert. */
  @Override
  public long keysAfter(long before) {
    return frontier;
  }

  @Override
  public String unsupportedReason() {
    return unsupportedReason(phase, context.cell(), context.caps());
  }

  /** Why the store cannot run {@code phase} with the cell's threads, or null when it can. */
  static String unsupportedReason(Phase phase, CellParams cell, Capabilities caps) {
    boolean custom = phase == Phase.CUSTOM;
    OperationMix mix = custom ? null : ThreadedWorkload.mixOf(phase, cell.load().traffic());
    String store = cell.storeId();
    Concurrency c = caps.concurrency();
    int t = cell.load().threads();
    boolean writer = phase == Phase.READ_WHILE_WRITING;
    // a custom op that writes may put on a loaded key
    boolean clientsWrite = custom ? cell.load().custom().writes() : mix.writes();
    boolean overwrites = custom ? clientsWrite
        : mix.share(Operation.UPDATE) > 0 || mix.share(Operation.READ_MODIFY_WRITE) > 0 || writer;
    if (writer && !c.concurrent()) {
      return store + " serves one session at a time, so no reader can run beside the writer";
    }
    if (t > 1 && !c.concurrent()) {
      return store + " serves one session at a time; run " + phase.id() + " with matrix.threads 1";
    }
    if (t > c.readers() && c.concurrent()) {
      return store + " allows at most " + c.readers() + " readers at once; asked for " + t;
    }
    if (clientsWrite && t > c.writers()) {
      return store + " allows " + c.writers() + " writer(s) at once and every one of " + phase.id()
          + "'s " + t + " clients writes; run it with matrix.threads " + c.writers();
    }
    if (overwrites && !caps.supports(WriteOperation.OVERWRITE)) {
      return store + " has no overwrite of an existing key";
    }
    if (!custom && mix.share(Operation.SCAN) > 0 && !caps.orderedScan()) {
      return store + " has no ordered scan from a key";
    }
    return null;
  }

  /**
   * Warm-up passes, the measured passes, then the untimed check of every key. Never throws for a
   * store's failure: the phase is failed with the reason.
   */
  @Override
  public PhaseResult run() {
    CellParams cell = context.cell();
    ThreadedWorkload workload = ThreadedWorkload.of(phase, cell, store, context.caps(), frontier);
    ClientPool pool = new ClientPool(workload, context.meters(), context.listener(), directory);
    String unverifiable = context.unverifiable();
    List<ThreadedResults.PassOutcome> measured = new ArrayList<>();
    String failure = null;
    try {
      ThreadedResults.PassOutcome[] lastWarmup = {null};
      Warmups.forEach(cell.plan().passes(), phase.id(), label -> {
        lastWarmup[0] = pool.pass(label, frontier);
        frontier = lastWarmup[0].frontier;
      });
      if (lastWarmup[0] != null) {
        pool.timeEveryOpWhenLong(lastWarmup[0], context.timerPairNanos());
      }
      int passes = cell.plan().passes().measuredPasses();
      for (int pass = 1; pass <= passes; pass++) {
        ThreadedResults.PassOutcome o = pool.pass(new PassLabel(phase.id(), PassLabel.Kind.MEASURED, pass, passes),
            frontier);
        frontier = o.frontier;
        measured.add(o);
        if (failure == null && o.missingReads > 0 && unverifiable == null) {
          failure = "verification failed: " + o.missingReads + " of " + o.reads + " reads found no value of "
              + "the right length, the first under key " + Diagnosis.describe(cell.data().keys(), o.firstMissing);
        }
      }
      if (failure == null && unverifiable == null) {
        failure = verifyEveryKey(workload);
      }
    } catch (ClientPool.PassFailure e) {
      return PhaseResult.failed(phase.id(), Failures.describe(e.getCause()));
    } catch (RuntimeException | LinkageError | InternalError e) {
      return PhaseResult.failed(phase.id(), Failures.describe(e));
    }
    return new ThreadedResults(workload, pool.sampleEvery(), context.timerPairNanos()).of(measured, failure,
        unverifiable);
  }

  /**
   * The untimed check after the measured passes: every key below the frontier holds its loaded
   * value or the value an update put, byte for byte. Null when all match.
   */
  private String verifyEveryKey(ThreadedWorkload workload) {
    KeyFormat encoding = workload.encoding();
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer loadedValue = ByteBuffer.allocateDirect(context.cell().data().valueSize());
    ByteBuffer updatedValue = ByteBuffer.allocateDirect(context.cell().data().valueSize());
    PhaseProgress progress = new PhaseProgress(frontier);
    context.listener().passStarted(context.cell(), new PassLabel(phase.id(), PassLabel.Kind.VERIFY, 1, 1), progress);
    try (Session session = store.openSession(); Reader r = session.beginRead()) {
      for (long index = 0; index < frontier; index++) {
        if (workload.operationKeys().taken(index)) {
          // a custom operation's own bytes or its delete: the operation checks what it reads back
          continue;
        }
        encoding.encode(index, key);
        ByteBuffer found = r.get(key);
        if (found == null) {
          return "verification failed: key " + Diagnosis.describe(encoding, index) + " is missing after " + phase.id();
        }
        workload.values().valueInto(index, loadedValue);
        workload.updates().valueInto(index, updatedValue);
        // records updated a field at a time hold some fields of each
        boolean fieldwise = workload.values() instanceof RecordFields f && f.everyFieldFrom(index, found, workload.updates());
        if (!found.equals(loadedValue) && !found.equals(updatedValue) && !fieldwise) {
          return "verification failed: key " + Diagnosis.describe(encoding, index) + " holds " + found.remaining()
              + " bytes that are neither its loaded value nor its updated one after " + phase.id();
        }
        if ((index & 0xFFFF) == 0) {
          progress.publish(index);
        }
      }
      progress.publish(frontier);
    }
    return null;
  }
}
