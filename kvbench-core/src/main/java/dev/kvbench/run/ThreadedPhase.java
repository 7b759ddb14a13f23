package dev.kvbench.run;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.result.Amplification;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.result.PhaseResult.LatencySampling;
import dev.kvbench.result.ThreadedFigures;
import dev.kvbench.result.ThreadedFigures.ThreadFigures;
import dev.kvbench.result.ThreadedFigures.WriterFigures;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.KeyChooser;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.Operation;
import dev.kvbench.workload.OperationContext;
import dev.kvbench.workload.OperationMix;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.Traffic;
import dev.kvbench.workload.ValueSource;
import dev.kvbench.workload.Zipfian;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * Runs a threaded phase on the loaded store: the readers workload (each of T threads gets every
 * key in its own order per pass), readwhilewriting (the same beside one writer that overwrites
 * random keys, one put per transaction) and YCSB's core workloads A to F (T clients, each op in
 * its own transaction). Each thread opens its own session and records into histograms of its own;
 * the measured loop takes no lock and touches no shared counter per op: a thread publishes its
 * op and insert counts to a slot of its own every {@link #PUBLISH_EVERY} ops, which the main
 * thread sums for progress and the throughput-over-time chart.
 *
 * <p>With a target rate each thread issues op i at start + i x T / rate and each latency counts
 * from that intended start, every op timed; a stall then shows in every op scheduled behind it.
 * Without one, about one op in the cell's latency-sample interval is timed from its own start (a
 * service time). Reads check, in the timed loop, only that a value of the right length came back;
 * after the measured passes an untimed pass checks every byte of every key against the loaded or
 * the overwritten value.
 */
final class ThreadedPhase {

  /** Ops between a thread's publications of its counts, and its checks of the clock in timed passes. */
  static final int PUBLISH_EVERY = 64;

  /** Slots apart in the shared count arrays: each thread's slot on a cache line of its own. */
  private static final int STRIDE = 16;

  /** Seed salt of the values that updates and the writer put. */
  static final long UPDATE_SALT = 0x0DDB_A115_EED5_1234L;

  /** The values updates put (ycsb updates, the writer, overwrite): a second generator of the cell's kind. */
  static ValueSource updateValues(CellParams cell) {
    return cell.valueContent().create(cell.valueSize(), cell.seed() ^ UPDATE_SALT);
  }

  private final Phase phase;
  private final CellParams cell;
  private final Store store;
  private final Capabilities caps;
  private final PassMeters meters;
  private final RunListener listener;
  private final double timerPairNanos;
  // the built-in phases' mix; the custom phase's operations are in the cell's CustomMix
  private final OperationMix mix;
  private final Slots slots;
  private final RequestDistribution distribution;
  private final Traffic traffic;
  private final ValueSource values;
  private final ValueSource updates;
  private final KeyFormat encoding;
  private final int threads;
  private final Zipfian zipfian;
  // null when every read can be checked
  private final String unverifiable;
  // every key below it exists: the loaded ones and the inserts of earlier passes
  private long frontier;

  ThreadedPhase(Phase phase, CellParams cell, Store store, Capabilities caps, PassMeters meters, RunListener listener,
      double timerPairNanos, long loaded) {
    this.phase = phase;
    this.cell = cell;
    this.store = store;
    this.caps = caps;
    this.meters = meters;
    this.listener = listener;
    this.timerPairNanos = timerPairNanos;
    this.traffic = cell.traffic();
    if (phase == Phase.CUSTOM) {
      this.mix = null;
      this.slots = Slots.of(cell.custom());
      this.distribution = cell.custom().distribution();
    } else {
      OperationMix own = OperationMix.of(phase);
      this.mix = phase.ycsb() && traffic.distribution() != null ? own.withDistribution(traffic.distribution()) : own;
      this.slots = Slots.of(mix);
      this.distribution = mix.distribution();
    }
    this.values = cell.values();
    this.updates = updateValues(cell);
    this.encoding = cell.keys();
    this.threads = cell.threads();
    this.frontier = loaded;
    this.unverifiable = cell.unverifiableReason(caps);
    this.zipfian = distribution == RequestDistribution.ZIPFIAN || distribution == RequestDistribution.LATEST
        ? new Zipfian(loaded, traffic.zipfianConstant()) : null;
  }

  /** Keys the store holds after this phase (the loaded ones and every insert). */
  long frontier() {
    return frontier;
  }

  /** Why the store cannot run {@code phase} with the cell's threads, or null when it can. */
  static String unsupportedReason(Phase phase, CellParams cell, Capabilities caps) {
    boolean custom = phase == Phase.CUSTOM;
    OperationMix mix = custom ? null : OperationMix.of(phase);
    String store = cell.storeId();
    Concurrency c = caps.concurrency();
    int t = cell.threads();
    boolean writer = phase == Phase.READ_WHILE_WRITING;
    // a custom op that writes may put on a loaded key
    boolean clientsWrite = custom ? cell.custom().writes() : mix.writes();
    boolean overwrites = custom ? clientsWrite
        : mix.share(Operation.UPDATE) > 0 || mix.share(Operation.READ_MODIFY_WRITE) > 0 || writer;
    if (writer && !c.concurrent()) {
      return store + " serves one session at a time, so no reader can run beside the writer";
    }
    if (t > 1 && !c.concurrent()) {
      return store + " serves one session at a time; run " + phase.id() + " with --threads 1";
    }
    if (t > c.readers() && c.concurrent()) {
      return store + " allows at most " + c.readers() + " readers at once; asked for " + t;
    }
    if (clientsWrite && t > c.writers()) {
      return store + " allows " + c.writers() + " writer(s) at once and every one of " + phase.id()
          + "'s " + t + " clients writes; run it with --threads " + c.writers();
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
  PhaseResult run() {
    List<PassOutcome> measured = new ArrayList<>();
    String failure = null;
    try {
      Warmups.forEach(cell.passes(), phase.id(), this::pass);
      int passes = cell.passes().measuredPasses();
      for (int pass = 1; pass <= passes; pass++) {
        PassOutcome o = pass(new PassLabel(phase.id(), PassLabel.Kind.MEASURED, pass, passes));
        measured.add(o);
        if (failure == null && o.missingReads > 0 && unverifiable == null) {
          failure = "verification failed: " + o.missingReads + " of " + o.reads + " reads found no value of "
              + "the right length, the first under key " + Diagnosis.describe(encoding, o.firstMissing);
        }
      }
      if (failure == null && unverifiable == null) {
        failure = verifyEveryKey();
      }
    } catch (PassFailure e) {
      return PhaseResult.failed(phase.id(), Failures.describe(e.getCause()));
    } catch (RuntimeException | LinkageError | InternalError e) {
      return PhaseResult.failed(phase.id(), Failures.describe(e));
    }
    return result(measured, failure);
  }

  private PhaseResult result(List<PassOutcome> measured, String failure) {
    Map<String, Histogram> latency = new LinkedHashMap<>();
    Map<String, Histogram> service = new LinkedHashMap<>();
    Histogram all = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
    for (PassOutcome o : measured) {
      o.latency.forEach((op, h) -> latency.computeIfAbsent(op, k -> newHistogram()).add(h));
      o.service.forEach((op, h) -> service.computeIfAbsent(op, k -> newHistogram()).add(h));
      o.latency.values().forEach(all::add);
    }
    List<PassResult> passes = measured.stream().map(o -> o.figures).toList();
    int sampleEvery = traffic.hasRate() ? 1 : cell.latencySampleInterval();
    String note = note();
    PhaseResult r = PhaseResult.measured(phase.id(), passes,
        new Latency(all, null, new LatencySampling(sampleEvery, all.getTotalCount(), timerPairNanos)),
        unverifiable == null, failure, unverifiable == null ? note : note + "; " + unverifiable);
    PassOutcome median = measured.stream().filter(o -> o.figures.passMillis() == r.passMillis()).findFirst()
        .orElse(measured.get(0));
    Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    Map<String, String> encoded = new LinkedHashMap<>();
    latency.forEach((op, h) -> {
      summaries.put(op, LatencySummary.of(h));
      encoded.put(op, HistogramCodec.encode(h));
    });
    Map<String, LatencySummary> services = null;
    if (traffic.hasRate()) {
      services = new LinkedHashMap<>();
      for (Map.Entry<String, Histogram> e : service.entrySet()) {
        services.put(e.getKey(), LatencySummary.of(e.getValue()));
      }
    }
    long entryBytes = (long) encoding.size() + Math.round(values.meanSize());
    return r.withThreaded(new ThreadedFigures(threads, median.perThread, summaries, encoded, services,
        traffic.hasRate() ? ThreadedFigures.FROM_INTENDED_START : ThreadedFigures.FROM_OP_START,
        traffic.rate(), median.figures.opsPerSec(), median.writer, distribution.id()))
        // the median pass's puts (keys and values) and point reads (values); scans are not counted
        .withAmplification(Amplification.ofBytes(Amplification.Direction.WRITE, median.figures,
            (median.puts + (median.writer == null ? 0 : median.writer.puts())) * entryBytes))
        .withAmplification(Amplification.ofBytes(Amplification.Direction.READ, median.figures,
            Math.round(median.reads * values.meanSize())));
  }

  private String note() {
    String ops = switch (phase) {
      case READERS, READ_WHILE_WRITING ->
          "an op is one get; each thread renews its read snapshot every " + mix.readsPerTransaction() + " gets";
      case CUSTOM -> "an op is one custom operation in its own transaction, timed from its start to its commit's"
          + " return" + (cell.custom().writes() && !caps.supports(WriteOperation.GET_IN_WRITE)
              ? "; " + cell.storeId() + "'s write batches cannot be read, so gets in a write op read the latest"
                + " committed data, not the op's own puts" : "");
      default -> "an op is one request in its own transaction (read-modify-write: a read, then an update)";
    };
    String latency = traffic.hasRate()
        ? "latencies count from each op's intended start at " + number(traffic.rate()) + " ops/s"
        : "no target rate: latencies are service times, each from its op's own start";
    return threads + " client thread(s), each with its own session; " + ops + "; " + latency;
  }

  private static String number(double v) {
    return String.format(java.util.Locale.ROOT, "%,.0f", v);
  }

  private static Histogram newHistogram() {
    return new Histogram(LatencySampler.HIGHEST_NANOS, 3);
  }

  /** A pass's figures and what its threads recorded. */
  private static final class PassOutcome {
    PassResult figures;
    List<ThreadFigures> perThread;
    Map<String, Histogram> latency = new LinkedHashMap<>();
    Map<String, Histogram> service = new LinkedHashMap<>();
    WriterFigures writer;
    long reads;
    long missingReads;
    long firstMissing = -1;
    // puts of every client and the writer: what the pass's write amplification is over
    long puts;
  }

  /** A worker's exception, carried to the main thread. */
  private static final class PassFailure extends RuntimeException {
    PassFailure(Throwable cause) {
      super(cause);
    }
  }

  /** The clients, and the writer for readwhilewriting, over one pass. */
  private PassOutcome pass(PassLabel label) {
    long perThread = phase == Phase.READERS || phase == Phase.READ_WHILE_WRITING ? frontier
        : Math.max(1, traffic.operationsFor(cell.entries()) / threads);
    boolean timed = traffic.timed();
    PhaseProgress progress = new PhaseProgress(timed ? 0 : perThread * threads);
    listener.passStarted(cell, label, progress);
    AtomicLongArray opsDone = new AtomicLongArray(threads * STRIDE);
    AtomicLongArray inserted = new AtomicLongArray(threads * STRIDE);
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    CountDownLatch ready = new CountDownLatch(threads + (phase == Phase.READ_WHILE_WRITING ? 1 : 0));
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch clientsDone = new CountDownLatch(threads);
    Timing timing = new Timing();
    Client[] clients = new Client[threads];
    List<Thread> started = new ArrayList<>();
    long base = frontier;
    for (int t = 0; t < threads; t++) {
      Client c = new Client(t, perThread, timed, base, opsDone, inserted, label.number());
      clients[t] = c;
      started.add(start(phase.id() + "-client-" + t, ready, go, thrown, timing, clientsDone, c::run));
    }
    WriterLoop writer = phase == Phase.READ_WHILE_WRITING ? new WriterLoop(label.number()) : null;
    Thread writerThread = null;
    if (writer != null) {
      writerThread = start(phase.id() + "-writer", ready, go, thrown, timing, null, writer::run);
    }
    await(ready);
    PassMeters.Start before = meters.start();
    timing.startNanos = System.nanoTime();
    timing.deadlineNanos = timing.startNanos + TimeUnit.MILLISECONDS.toNanos(traffic.durationMillis());
    go.countDown();
    // the main thread only watches: the sum of the slots, every quarter second, is the time series
    try {
      while (!clientsDone.await(PhaseProgress.TIMELINE_STEP_NANOS, TimeUnit.NANOSECONDS)) {
        progress.publish(sum(opsDone));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      timing.stop = true;
    }
    long clientEnd = 0;
    for (Client c : clients) {
      clientEnd = Math.max(clientEnd, c.endNanos);
    }
    long nanos = Math.max(1, clientEnd - timing.startNanos);
    timing.writerStop = true;
    join(started);
    if (writerThread != null) {
      join(List.of(writerThread));
    }
    long total = 0;
    for (Client c : clients) {
      total += c.ops;
    }
    PassResult figures = meters.end(before, total, nanos);
    progress.publish(total);
    if (thrown.get() != null) {
      throw new PassFailure(thrown.get());
    }
    PassOutcome o = new PassOutcome();
    o.figures = figures.withInterval(System.currentTimeMillis() - nanos / 1_000_000, null)
        .withProgress(progress.timeline());
    List<ThreadFigures> perThreadFigures = new ArrayList<>();
    for (Client c : clients) {
      double ms = (c.endNanos - timing.startNanos) / 1e6;
      perThreadFigures.add(new ThreadFigures(c.thread, c.ops, ms, ms <= 0 ? 0 : c.ops * 1e3 / ms));
      for (int slot = 0; slot < c.latency.length; slot++) {
        o.latency.computeIfAbsent(slots.ids().get(slot), k -> newHistogram()).add(c.latency[slot]);
        if (c.service[slot] != null) {
          o.service.computeIfAbsent(slots.ids().get(slot), k -> newHistogram()).add(c.service[slot]);
        }
      }
      o.reads += c.reads;
      o.puts += c.puts;
      o.missingReads += c.missing;
      if (o.firstMissing < 0 && c.firstMissing >= 0) {
        o.firstMissing = c.firstMissing;
      }
    }
    o.perThread = perThreadFigures;
    if (writer != null) {
      double ms = writer.nanos / 1e6;
      o.writer = new WriterFigures(writer.puts, ms, ms <= 0 ? 0 : writer.puts * 1e3 / ms, traffic.writerRate(),
          LatencySummary.of(writer.commits), writer.stalled ? traffic.writerStallMillis() : 0);
    }
    fillInsertGaps(clients, base);
    return o;
  }

  /**
   * Threads insert keys base + thread + T x k; one that inserted fewer than another leaves gaps,
   * which are put here, untimed, so every key below the new frontier exists for the next pass.
   */
  private void fillInsertGaps(Client[] clients, long base) {
    long most = 0;
    for (Client c : clients) {
      most = Math.max(most, c.inserts);
    }
    if (most == 0) {
      return;
    }
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer value = ByteBuffer.allocateDirect(cell.valueSize());
    try (Session session = store.openSession()) {
      Writer w = session.beginWrite(WriteOrder.ANY);
      try {
        for (Client c : clients) {
          for (long k = c.inserts; k < most; k++) {
            long index = base + c.thread + (long) threads * k;
            encoding.encode(index, key);
            values.valueInto(index, value);
            w.put(key, value);
          }
        }
        w.commit();
      } catch (RuntimeException | Error e) {
        Failures.closeAfter(w, e);
        throw e;
      }
      w.close();
    }
    frontier = base + threads * most;
  }

  /** Shared by a pass's threads: set before they start, or flags that end the pass. */
  private static final class Timing {
    volatile long startNanos;
    volatile long deadlineNanos;
    // a client failed: every thread ends its loop
    volatile boolean stop;
    // the clients are done: the writer ends
    volatile boolean writerStop;
  }

  /**
   * One client thread: its parameters, set by the main thread, and what it recorded, read by the
   * main thread after it is joined. The loop's own state is a {@link ClientLoop} that the client's
   * thread allocates, so no two threads' per-op counters share a cache line.
   */
  private final class Client {
    final int thread;
    final long quota;
    final boolean timed;
    final long base;
    final AtomicLongArray opsDone;
    final AtomicLongArray inserted;
    final int passNumber;
    Histogram[] latency = new Histogram[0];
    Histogram[] service = new Histogram[0];
    long ops;
    long endNanos;
    long inserts;
    long puts;
    long reads;
    long missing;
    long firstMissing = -1;

    Client(int thread, long quota, boolean timed, long base, AtomicLongArray opsDone, AtomicLongArray inserted,
        int passNumber) {
      this.thread = thread;
      this.quota = quota;
      this.timed = timed;
      this.base = base;
      this.opsDone = opsDone;
      this.inserted = inserted;
      this.passNumber = passNumber;
    }

    void run(Session session, Timing timing) {
      ClientLoop loop = new ClientLoop(this);
      try {
        loop.run(session, timing);
      } finally {
        endNanos = loop.endNanos;
        ops = loop.ops;
        inserts = loop.inserts;
        puts = loop.puts;
        reads = loop.reads;
        missing = loop.missing;
        firstMissing = loop.firstMissing;
        latency = loop.latency;
        service = loop.service;
      }
    }
  }

  /** A client's loop and its per-op state, allocated by the client's own thread. */
  private final class ClientLoop {
    final int thread;
    final long quota;
    final boolean timed;
    final long base;
    final AtomicLongArray opsDone;
    final AtomicLongArray inserted;
    final KeyChooser chooser;
    final LatencySampler sampler;
    // per slot; service times only with a target rate
    final Histogram[] latency;
    final Histogram[] service;
    final double[] cumulativeShares;
    final Context context = new Context(this);
    long ops;
    long endNanos;
    long inserts;
    long puts;
    long reads;
    long missing;
    long firstMissing = -1;
    // the mix inserts: only then can the keys present grow during a pass
    final boolean insertsKeys = mix != null && mix.share(Operation.INSERT) > 0;
    // a scan's visitor, reused: it stops after the drawn number of entries
    final ScanLength scan = new ScanLength();

    ClientLoop(Client c) {
      this.thread = c.thread;
      this.quota = c.quota;
      this.timed = c.timed;
      this.base = c.base;
      this.opsDone = c.opsDone;
      this.inserted = c.inserted;
      long seed = cell.seed() ^ ((long) c.passNumber << 32) ^ phase.ordinal();
      this.chooser = new KeyChooser(distribution, base, zipfian, seed, thread);
      this.sampler = new LatencySampler(traffic.hasRate() ? 1 : cell.latencySampleInterval(), seed ^ thread);
      int n = slots.ids().size();
      this.cumulativeShares = new double[n];
      this.latency = new Histogram[n];
      this.service = new Histogram[n];
      double sum = 0;
      for (int i = 0; i < n; i++) {
        sum += slots.shares()[i];
        cumulativeShares[i] = sum;
        latency[i] = newHistogram();
        if (traffic.hasRate()) {
          service[i] = newHistogram();
        }
      }
      cumulativeShares[n - 1] = 1.0;
    }

    void run(Session session, Timing timing) {
      ByteBuffer key = ownCacheLines(encoding.size());
      ByteBuffer value = ownCacheLines(cell.valueSize());
      long start = timing.startNanos;
      long deadline = timing.deadlineNanos;
      boolean paced = traffic.hasRate();
      // each thread's share of the rate, as the gap between its intended starts
      double gapNanos = paced ? threads * 1e9 / traffic.rate() : 0;
      // the readers workload: its only op is a get, many to a snapshot
      int readsPerTransaction = mix == null ? 1 : mix.readsPerTransaction();
      boolean single = cumulativeShares.length == 1;
      List<OpBody> bodies = slots.bodies();
      OpBody only = bodies.get(0);
      long present = base;
      long nextSample = sampler.nextSample();
      Reader reader = null;
      int readsInTransaction = 0;
      try {
        while (true) {
          if (ops % PUBLISH_EVERY == 0) {
            opsDone.setOpaque(thread * STRIDE, ops);
            if (timing.stop || (timed ? System.nanoTime() >= deadline : ops >= quota)) {
              break;
            }
            present = present(present);
          } else if (!timed && ops >= quota) {
            break;
          }
          long intended = 0;
          long t0 = 0;
          if (paced) {
            intended = start + (long) (ops * gapNanos);
            t0 = waitUntil(intended);
          } else if (ops == nextSample) {
            t0 = System.nanoTime();
          }
          int slot = single ? 0 : pick();
          if (readsPerTransaction > 1) {
            if (reader == null || readsInTransaction == readsPerTransaction) {
              if (reader != null) {
                reader.close();
              }
              reader = session.beginRead();
              readsInTransaction = 0;
            }
            readsInTransaction++;
            long index = chooser.next(present);
            encoding.encode(index, key);
            check(reader.get(key), index);
          } else {
            (single ? only : bodies.get(slot)).run(this, session, key, value, present);
          }
          if (paced) {
            long t1 = System.nanoTime();
            latency[slot].recordValue(clamp(t1 - intended));
            service[slot].recordValue(clamp(t1 - t0));
          } else if (ops == nextSample) {
            long t1 = System.nanoTime();
            latency[slot].recordValue(clamp(t1 - t0));
            sampler.skip();
            nextSample = sampler.nextSample();
          }
          ops++;
        }
      } finally {
        endNanos = System.nanoTime();
        opsDone.setOpaque(thread * STRIDE, ops);
        if (reader != null) {
          reader.close();
        }
      }
    }

    private int pick() {
      double u = chooser.nextShare();
      int i = 0;
      while (u >= cumulativeShares[i]) {
        i++;
      }
      return i;
    }

    /** Every key below the returned index exists: the base and each thread's inserts so far. */
    private long present(long current) {
      if (!insertsKeys) {
        return current;
      }
      long least = Long.MAX_VALUE;
      for (int t = 0; t < threads; t++) {
        least = Math.min(least, inserted.getOpaque(t * STRIDE));
      }
      return base + least * threads;
    }

    private void execute(Operation op, Session session, ByteBuffer key, ByteBuffer value, long present) {
      switch (op) {
        case READ -> read(session, key, chooser.next(present));
        case UPDATE -> update(session, key, value, chooser.next(present));
        case INSERT -> {
          long index = base + thread + (long) threads * inserts;
          encoding.encode(index, key);
          values.valueInto(index, value);
          Writer w = session.beginWrite(WriteOrder.ANY);
          put(w, key, value);
          puts++;
          inserts++;
          inserted.setOpaque(thread * STRIDE, inserts);
        }
        case SCAN -> {
          long index = chooser.next(present);
          encoding.encode(index, key);
          scan.left = chooser.nextScanLength(mix.maxScanLength());
          try (Reader r = session.beginRead()) {
            r.scanFrom(key, scan);
          }
        }
        case READ_MODIFY_WRITE -> {
          long index = chooser.next(present);
          read(session, key, index);
          update(session, key, value, index);
        }
      }
    }

    /**
     * One custom op in its own transaction: a write transaction committed after it returns, or a
     * read; its gets and puts use the loop's key and value buffers.
     */
    private void custom(CustomMix.Entry entry, Session session, ByteBuffer key, ByteBuffer value, long present) {
      context.present = present;
      context.session = session;
      context.key = key;
      context.value = value;
      if (entry.access() == CustomMix.Access.READ_WRITE) {
        Writer w = session.beginWrite(WriteOrder.ANY);
        context.writer = w;
        try {
          entry.operation().run(context);
          w.commit();
        } catch (RuntimeException | Error e) {
          context.end();
          Failures.closeAfter(w, e);
          throw e;
        }
        context.end();
        w.close();
      } else {
        try (Reader r = session.beginRead()) {
          context.reader = r;
          entry.operation().run(context);
        } finally {
          context.end();
        }
      }
    }

    private void read(Session session, ByteBuffer key, long index) {
      encoding.encode(index, key);
      try (Reader r = session.beginRead()) {
        check(r.get(key), index);
      }
    }

    private void update(Session session, ByteBuffer key, ByteBuffer value, long index) {
      encoding.encode(index, key);
      updates.valueInto(index, value);
      put(session.beginWrite(WriteOrder.ANY), key, value);
      puts++;
    }

    private void check(ByteBuffer found, long index) {
      reads++;
      if (found == null || (found.remaining() != values.sizeOf(index) && found.remaining() != updates.sizeOf(index))) {
        if (missing++ == 0) {
          firstMissing = index;
        }
      }
    }
  }

  /** What a client does for one op of a slot: a built-in operation, or the user's. */
  private interface OpBody {
    void run(ClientLoop loop, Session session, ByteBuffer key, ByteBuffer value, long present);
  }

  /**
   * The kinds of op a phase's clients issue, in a fixed order: the ids their latencies are reported
   * under, their shares and what each does.
   */
  private record Slots(List<String> ids, double[] shares, List<OpBody> bodies) {

    static Slots of(OperationMix mix) {
      List<Operation> ops = mix.operations();
      return new Slots(ops.stream().map(Operation::id).toList(), ops.stream().mapToDouble(mix::share).toArray(),
          ops.stream().<OpBody>map(op -> (loop, session, key, value, present) ->
              loop.execute(op, session, key, value, present)).toList());
    }

    static Slots of(CustomMix custom) {
      List<CustomMix.Entry> ops = custom.operations();
      return new Slots(ops.stream().map(CustomMix.Entry::name).toList(),
          ops.stream().mapToDouble(CustomMix.Entry::share).toArray(),
          ops.stream().<OpBody>map(entry -> (loop, session, key, value, present) ->
              loop.custom(entry, session, key, value, present)).toList());
    }
  }

  /**
   * A client's {@link OperationContext}: the open transaction of the custom op in flight, the
   * client's buffers, and its read counts, so custom reads are checked as the built-in ones are.
   */
  private final class Context implements OperationContext {
    private final ClientLoop loop;
    private final boolean writerReads = caps.supports(WriteOperation.GET_IN_WRITE);
    long present;
    Writer writer;
    Reader reader;
    // a write op's reads on a store whose batches cannot be read: the latest committed data
    private Reader sideReader;
    Session session;
    ByteBuffer key;
    ByteBuffer value;

    Context(ClientLoop loop) {
      this.loop = loop;
    }

    @Override
    public long randomKey() {
      return loop.chooser.next(present);
    }

    @Override
    public ByteBuffer get(long index) {
      encoding.encode(index, key);
      ByteBuffer found;
      if (writer == null) {
        found = reader.get(key);
      } else if (writerReads) {
        found = writer.get(key);
      } else {
        if (sideReader == null) {
          sideReader = session.beginRead();
        }
        found = sideReader.get(key);
      }
      loop.check(found, index);
      return found;
    }

    @Override
    public void put(long index) {
      if (writer == null) {
        throw new IllegalStateException("put in a read-only custom operation; declare it Access.READ_WRITE");
      }
      encoding.encode(index, key);
      updates.valueInto(index, value);
      writer.put(key, value);
      loop.puts++;
    }

    @Override
    public int thread() {
      return loop.thread;
    }

    void end() {
      writer = null;
      reader = null;
      if (sideReader != null) {
        sideReader.close();
        sideReader = null;
      }
    }
  }

  /** Visits entries until {@code left} of them have been visited: one scan's length. */
  private static final class ScanLength implements dev.kvbench.store.EntryVisitor {
    int left;

    @Override
    public boolean visit(ByteBuffer key, ByteBuffer value) {
      return --left > 0;
    }
  }

  /** One put, committed, the writer closed: a request's own transaction. */
  private static void put(Writer w, ByteBuffer key, ByteBuffer value) {
    try {
      w.put(key, value);
      w.commit();
    } catch (RuntimeException | Error e) {
      Failures.closeAfter(w, e);
      throw e;
    }
    w.close();
  }

  /** readwhilewriting's writer: overwrites uniformly random loaded keys, one put per transaction. */
  private final class WriterLoop {
    final SplittableRandom random;
    final Histogram commits = newHistogram();
    long puts;
    long nanos;
    boolean stalled;

    WriterLoop(int passNumber) {
      random = new SplittableRandom(cell.seed() ^ UPDATE_SALT ^ passNumber);
    }

    void run(Session session, Timing timing) {
      ByteBuffer key = ownCacheLines(encoding.size());
      ByteBuffer value = ownCacheLines(cell.valueSize());
      long start = timing.startNanos;
      double gapNanos = traffic.writerRate() > 0 ? 1e9 / traffic.writerRate() : 0;
      long stallAt = traffic.timed() ? start + TimeUnit.MILLISECONDS.toNanos(traffic.durationMillis()) / 4 : 0;
      try {
        while (!timing.writerStop && !timing.stop) {
          if (gapNanos > 0) {
            waitUntil(start + (long) (puts * gapNanos));
          }
          long index = random.nextLong(cell.entries());
          encoding.encode(index, key);
          updates.valueInto(index, value);
          Writer w = session.beginWrite(WriteOrder.ANY);
          try {
            w.put(key, value);
            if (!stalled && traffic.writerStallMillis() > 0
                && (traffic.timed() ? System.nanoTime() >= stallAt : puts >= 1000)) {
              // test-only: hold the write transaction open, as a writer stuck on a slow disk would
              stalled = true;
              Thread.sleep(traffic.writerStallMillis());
            }
            long t0 = System.nanoTime();
            w.commit();
            commits.recordValue(clamp(System.nanoTime() - t0));
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            w.close();
            return;
          } catch (RuntimeException | Error e) {
            Failures.closeAfter(w, e);
            throw e;
          }
          w.close();
          puts++;
        }
      } finally {
        nanos = System.nanoTime() - start;
      }
    }
  }

  /**
   * The untimed check after the measured passes: every key below the frontier holds its loaded
   * value or the value an update put, byte for byte. Null when all match.
   */
  private String verifyEveryKey() {
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer loadedValue = ByteBuffer.allocateDirect(cell.valueSize());
    ByteBuffer updatedValue = ByteBuffer.allocateDirect(cell.valueSize());
    PhaseProgress progress = new PhaseProgress(frontier);
    listener.passStarted(cell, new PassLabel(phase.id(), PassLabel.Kind.VERIFY, 1, 1), progress);
    try (Session session = store.openSession(); Reader r = session.beginRead()) {
      for (long index = 0; index < frontier; index++) {
        encoding.encode(index, key);
        ByteBuffer found = r.get(key);
        if (found == null) {
          return "verification failed: key " + Diagnosis.describe(encoding, index) + " is missing after " + phase.id();
        }
        values.valueInto(index, loadedValue);
        updates.valueInto(index, updatedValue);
        if (!found.equals(loadedValue) && !found.equals(updatedValue)) {
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

  /** Bytes of padding on each side of a thread's buffers: two cache lines, beyond any prefetch pair. */
  private static final int PADDING = 128;

  /**
   * A direct buffer of {@code size} bytes that shares no cache line with another thread's: the
   * key a loop writes every op would otherwise sit beside another thread's in the native heap.
   */
  private static ByteBuffer ownCacheLines(int size) {
    return ByteBuffer.allocateDirect(size + 2 * PADDING).position(PADDING).limit(PADDING + size).slice();
  }

  private static long clamp(long nanos) {
    return Math.min(Math.max(nanos, 0), LatencySampler.HIGHEST_NANOS);
  }

  /** Waits for {@code when} (nanoTime): parks while far off, spins the last stretch; returns the time it woke. */
  private static long waitUntil(long when) {
    long now = System.nanoTime();
    while (now < when) {
      long left = when - now;
      if (left > 100_000) {
        LockSupport.parkNanos(left - 50_000);
      } else {
        Thread.onSpinWait();
      }
      now = System.nanoTime();
    }
    return now;
  }

  private static long sum(AtomicLongArray slots) {
    long s = 0;
    for (int i = 0; i < slots.length(); i += STRIDE) {
      s += slots.getOpaque(i);
    }
    return s;
  }

  /** A pass's loop on its own thread and session. */
  private interface Loop {
    void run(Session session, Timing timing);
  }

  /**
   * Starts a thread that opens its own session, says it is ready, waits for {@code go} and runs
   * {@code loop}; a failure is kept in {@code thrown} and stops the other threads.
   */
  private Thread start(String name, CountDownLatch ready, CountDownLatch go, AtomicReference<Throwable> thrown,
      Timing timing, CountDownLatch done, Loop loop) {
    Runnable body = () -> {
      boolean counted = false;
      try (Session session = store.openSession()) {
        ready.countDown();
        counted = true;
        await(go);
        loop.run(session, timing);
      } catch (RuntimeException | Error e) {
        thrown.compareAndSet(null, e);
        timing.stop = true;
      } finally {
        if (!counted) {
          ready.countDown();
        }
        if (done != null) {
          done.countDown();
        }
      }
    };
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the pass's threads started", e);
    }
  }

  private static void join(List<Thread> threads) {
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
