package dev.kvbench.run;

import dev.kvbench.host.BlockDevice;
import dev.kvbench.host.HostFiles;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.measure.ThreadCosts;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.result.Timeline;
import dev.kvbench.result.TimelinePoint;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The sustained phases on the loaded store, recorded as a timeline ({@link TimelineSampler}):
 * sustain (T writers overwrite random loaded keys, each its own share of the keys and its own
 * transactions) and churn (one writer inserts a key above the loaded ones and deletes the lowest
 * remaining one, so the store keeps its size). Each runs for the traffic's duration, else its
 * operations, else one op per loaded entry, at full speed or the traffic's rate (each writer
 * issues its share on a schedule and an op's latency counts from its intended start). Every op is
 * timed, from its first put to its return, the commit included where it closes a batch: a stall
 * shows in the op that waited for it. A store that allows fewer writers at once than the phase's
 * threads gets them one transaction at a time, and the timeline says so. No warm-up: the
 * timeline shows the store from the loaded state on. Afterwards, untimed, every key is checked.
 */
final class SustainedPhase implements PhaseKind {

  /** Seeds the writers' choice of keys, apart from every other phase's. */
  static final long KEY_SALT = 0x5A57_A1ED_0FF5_E77L;

  private final PhaseContext context;
  private final Phase phase;
  private final Store store;
  private final Path directory;
  // keys the loaded store holds: the loaded entries and any a ycsb phase inserted above them
  private final long present;
  // churn's keys by age: the next to insert and the next to delete
  private final ChurnAges ages;
  // puts into the loaded store, for its lifetime writes
  private long puts;

  SustainedPhase(PhaseContext context, Phase phase, Store store, Path directory, long present) {
    this.context = context;
    this.phase = phase;
    this.store = store;
    this.directory = directory;
    this.present = present;
    this.ages = new ChurnAges(context.cell().data().entries(), present);
  }

  /** Puts the passes made into the loaded store. */
  @Override
  public long overwrites() {
    return puts;
  }

  @Override
  public String unsupportedReason() {
    return unsupportedReason(phase, context.cell(), context.caps());
  }

  /** Why the store cannot run {@code phase} with the cell's threads, or null when it can. */
  static String unsupportedReason(Phase phase, CellParams cell, Capabilities caps) {
    String store = cell.storeId();
    int threads = cell.load().threads();
    if (phase == Phase.CHURN) {
      if (!caps.supports(WriteOperation.DELETE)) {
        return store + " has no delete";
      }
      if (threads > 1) {
        return "churn runs one writer (it deletes the lowest key each insert, an order several writers would not"
            + " keep); run it with matrix.threads 1";
      }
      return null;
    }
    if (!caps.supports(WriteOperation.OVERWRITE)) {
      return store + " cannot put on an existing key";
    }
    return null;
  }

  @Override
  public PhaseResult run() {
    CellParams cell = context.cell();
    int writers = phase == Phase.CHURN ? 1 : cell.load().threads();
    boolean serialised = writers > context.caps().concurrency().writers();
    List<PassResult> passes = new ArrayList<>();
    Histogram ops = ThreadedResults.newHistogram();
    Histogram commits = ThreadedResults.newHistogram();
    try {
      // a store that serves one session at a time gets one, which the serialised writers take turns with
      Session shared = serialised && !context.caps().concurrency().concurrent() ? store.openSession() : null;
      try {
        int measured = cell.plan().passes().measuredPasses();
        for (int pass = 1; pass <= measured; pass++) {
          passes.add(pass(new PassLabel(phase.id(), PassLabel.Kind.MEASURED, pass, measured), pass, writers,
              serialised, shared, ops, commits));
        }
      } finally {
        if (shared != null) {
          shared.close();
        }
      }
    } catch (PassFailure e) {
      return PhaseResult.failed(phase.id(), Failures.describe(e.getCause()));
    } catch (RuntimeException | LinkageError | InternalError e) {
      return PhaseResult.failed(phase.id(), Failures.describe(e));
    }
    String unverifiable = context.unverifiable();
    String failure = null;
    try {
      failure = unverifiable == null ? verify() : null;
    } catch (RuntimeException | LinkageError | InternalError e) {
      failure = "verification failed: " + Failures.describe(e);
    }
    String note = phase == Phase.CHURN
        ? "every remaining key read back afterwards, untimed, and checked; every deleted one checked gone"
        : "every key read back afterwards, untimed, and checked against its loaded or its updated value";
    return PhaseResult.measured(phase.id(), passes, new Latency(ops, commits, context.sampling(1, ops.getTotalCount())),
        unverifiable == null, failure, unverifiable == null ? note : unverifiable);
  }

  /** A writer's exception, carried to the phase's thread. */
  private static final class PassFailure extends RuntimeException {
    PassFailure(Throwable cause) {
      super(cause);
    }
  }

  private PassResult pass(PassLabel label, int pass, int writers, boolean serialised, Session shared,
      Histogram allOps, Histogram allCommits) {
    CellParams cell = context.cell();
    Traffic traffic = cell.load().traffic();
    long total = traffic.timed() ? 0 : traffic.operationsFor(cell.data().entries());
    PhaseProgress progress = new PhaseProgress(total);
    context.listener().passStarted(cell, label, progress);
    List<SingleWriterRecorder> recorders = new ArrayList<>();
    List<SustainedWriter> loops = new ArrayList<>();
    ReentrantLock oneAtATime = serialised ? new ReentrantLock(true) : null;
    CountDownLatch ready = new CountDownLatch(writers);
    CountDownLatch go = new CountDownLatch(1);
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    SustainedWriter.Pass shares = new SustainedWriter.Pass(context, phase, store, ages, writers, oneAtATime,
        traffic.rate(), TimeUnit.MILLISECONDS.toNanos(traffic.durationMillis()), ready, go, thrown);
    for (int w = 0; w < writers; w++) {
      SingleWriterRecorder recorder = new SingleWriterRecorder(LatencySampler.HIGHEST_NANOS, 3);
      recorders.add(recorder);
      long share = total == 0 ? Long.MAX_VALUE : total / writers + (w < total % writers ? 1 : 0);
      SustainedWriter loop = new SustainedWriter(shares, w, pass, share, recorder);
      loop.shared = shared;
      loops.add(loop);
    }
    java.util.Optional<BlockDevice> device = BlockDevice.holding(directory, HostFiles.system());
    TimelineSampler sampler = new TimelineSampler(traffic.intervalMillis(), new TimelineSampler.Sources(recorders, null,
        List.of(), store, directory, device, progress), new CpuMeter());
    sampler.offered(traffic.hasRate() ? traffic.rate() : 0, cell.value(dev.kvbench.scenario.Axes.RATE_SHAPES));
    List<Thread> threads = new ArrayList<>();
    List<TimelineSampler.ClientCpu> cpus = new ArrayList<>();
    for (SustainedWriter loop : loops) {
      Thread t = new Thread(loop, phase.id() + "-writer-" + loop.number);
      t.setDaemon(true);
      threads.add(t);
      cpus.add(TimelineSampler.ClientCpu.of(t, () -> loop.endCpuNanos));
      t.start();
    }
    sampler.clients(cpus);
    awaitReady(ready, thrown);
    PassMeters.Start before = context.meters().start();
    long start = System.nanoTime();
    for (SustainedWriter loop : loops) {
      loop.startNanos = start;
    }
    sampler.start(start);
    go.countDown();
    ThreadCosts clientCosts = new ThreadCosts(0.0, 0L);
    for (int i = 0; i < threads.size(); i++) {
      join(threads.get(i));
      clientCosts = clientCosts.plus(loops.get(i).costs);
    }
    long end = System.nanoTime();
    List<TimelinePoint> points = sampler.stop(end);
    if (thrown.get() != null) {
      throw new PassFailure(thrown.get());
    }
    long done = loops.stream().mapToLong(l -> l.ops).sum();
    progress.publish(done);
    puts += done;
    for (SustainedWriter loop : loops) {
      allCommits.add(loop.commits);
    }
    allOps.add(sampler.writes());
    long entryBytes = context.entryBytes();
    long userBytes = done * (phase == Phase.CHURN ? entryBytes + cell.data().keys().size() : entryBytes);
    Timeline timeline = sampler.timeline(points, traffic.stallBelow(), userBytes, present * entryBytes, serialised);
    return context.meters().endOfClients(before, done, end - start, clientCosts)
        .withInterval(PhaseContext.startMillis(end - start), sampler.writes()).withTimeline(timeline);
  }

  private static void awaitReady(CountDownLatch ready, AtomicReference<Throwable> thrown) {
    try {
      ready.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the writers opened their sessions", e);
    }
    if (thrown.get() != null) {
      throw new PassFailure(thrown.get());
    }
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the writers ran", e);
    }
  }

  /** Untimed: every key the phase left holds what it should; null when all do. */
  private String verify() {
    CellParams cell = context.cell();
    KeyFormat encoding = cell.data().keys();
    ValueSource updates = ThreadedWorkload.updateValues(cell);
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer loaded = ByteBuffer.allocateDirect(cell.data().valueSize());
    ByteBuffer updated = ByteBuffer.allocateDirect(cell.data().valueSize());
    long entries = cell.data().entries();
    long firstAge = phase == Phase.CHURN ? ages.nextDelete : 0;
    long endAge = phase == Phase.CHURN ? ages.nextInsert : entries;
    PhaseProgress progress = new PhaseProgress(endAge);
    context.listener().passStarted(cell, new PassLabel(phase.id(), PassLabel.Kind.VERIFY, 1, 1), progress);
    try (Session session = store.openSession(); Reader r = session.beginRead()) {
      for (long age = 0; age < firstAge; age++) {
        long index = ages.indexOf(age);
        encoding.encode(index, key);
        if (r.get(key) != null) {
          return "verification failed: key " + Diagnosis.describe(encoding, index) + " is still there after churn"
              + " deleted it";
        }
      }
      for (long age = firstAge; age < endAge; age++) {
        long index = ages.indexOf(age);
        encoding.encode(index, key);
        ByteBuffer found = r.get(key);
        if (found == null) {
          return "verification failed: key " + Diagnosis.describe(encoding, index) + " is missing after " + phase.id();
        }
        context.values().valueInto(index, loaded);
        updates.valueInto(index, updated);
        if (!found.equals(loaded) && !(index < entries && found.equals(updated))) {
          return "verification failed: key " + Diagnosis.describe(encoding, index) + " holds " + found.remaining()
              + " bytes that are neither its loaded value nor its updated one after " + phase.id();
        }
        if ((age & 0xFFFF) == 0) {
          progress.publish(age);
        }
      }
      progress.publish(endAge);
    }
    return null;
  }
}
