package dev.kvbench.run;

import dev.kvbench.measure.LatencySummary;
import dev.kvbench.measure.ThreadCosts;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.ThreadedFigures.ThreadFigures;
import dev.kvbench.result.ThreadedFigures.WriterFigures;
import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one pass of a threaded phase: starts T client threads (and readwhilewriting's writer),
 * each on its own session, lets them go together, watches their published counts for progress,
 * joins them and gathers what they recorded. The main thread only watches: the sum of the
 * published counts, every quarter second, is the throughput-over-time series.
 */
final class ClientPool {

  private final ThreadedWorkload workload;
  private final PassMeters meters;
  private final RunListener listener;
  // the store's directory: readwhilewriting's timeline records its size
  private final java.nio.file.Path directory;

  // one op in this many is timed: the workload's interval, or every op once ops prove long
  private int sampleEvery;
  // passes run so far: each pass's seed is its own
  private int passesRun;

  ClientPool(ThreadedWorkload workload, PassMeters meters, RunListener listener, java.nio.file.Path directory) {
    this.workload = workload;
    this.meters = meters;
    this.listener = listener;
    this.directory = directory;
    this.sampleEvery = workload.sampleEvery();
  }

  /** An op this many times the cost of a timer pair or longer is timed every time: the timing costs 1 % at most. */
  static final int LONG_OP_TIMER_PAIRS = 100;

  /**
   * Times every op of the passes that follow when {@code warmup}'s ops took each client at least
   * {@link #LONG_OP_TIMER_PAIRS} timer pairs: sampling one op in 64 is for the nanosecond reads,
   * where timing each would cost more than the op; a long op (a custom one of microseconds) can be
   * timed every time, and its tail then stands on every op instead of a few dozen.
   */
  void timeEveryOpWhenLong(ThreadedResults.PassOutcome warmup, double timerPairNanos) {
    long ops = warmup.figures.ops();
    if (ops == 0 || timerPairNanos <= 0) {
      return;
    }
    double nanosPerClientOp = warmup.figures.passMillis() * 1e6 * workload.threads() / ops;
    if (nanosPerClientOp >= LONG_OP_TIMER_PAIRS * timerPairNanos) {
      sampleEvery = 1;
    }
  }

  /** One op in this many is timed in the passes to come. */
  int sampleEvery() {
    return sampleEvery;
  }

  /** A worker's exception, carried to the main thread. */
  static final class PassFailure extends RuntimeException {
    PassFailure(Throwable cause) {
      super(cause);
    }
  }

  /** A client: its plan, and its loop once its thread has made it (read after the join). */
  private static final class Client {
    final ClientLoop.Plan plan;
    ClientLoop loop;
    /** What the client thread cost over its loop. */
    volatile ThreadCosts costs = ThreadCosts.UNKNOWN;
    /** readwhilewriting's: the client's latencies an interval at a time; null elsewhere. */
    org.HdrHistogram.SingleWriterRecorder intervals;
    /** The thread's CPU time as it ended, for a timeline's last interval. */
    volatile long endCpuNanos = -1;

    Client(ClientLoop.Plan plan) {
      this.plan = plan;
    }

    long ops() {
      return loop == null ? 0 : loop.ops;
    }

    long endNanos() {
      return loop == null ? 0 : loop.endNanos;
    }
  }

  /** The clients, and the writer for readwhilewriting, over one pass on the keys below {@code frontier}. */
  ThreadedResults.PassOutcome pass(PassLabel label, long frontier) {
    Phase phase = workload.phase();
    Traffic traffic = workload.traffic();
    int threads = workload.threads();
    long perThread = phase == Phase.READERS || phase == Phase.READ_WHILE_WRITING ? frontier
        : Math.max(1, traffic.operationsFor(workload.cell().data().entries()) / threads);
    boolean timed = traffic.timed();
    PhaseProgress progress = new PhaseProgress(timed ? 0 : perThread * threads);
    listener.passStarted(workload.cell(), label, progress);
    ClientCounts counts = new ClientCounts(threads);
    // every pass of the phase, warm-up or measured, draws from a seed of its own
    passesRun++;
    long passSeed = workload.cell().data().seed() ^ ((long) passesRun << 32) ^ phase.seedNumber();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    CountDownLatch ready = new CountDownLatch(threads + (phase == Phase.READ_WHILE_WRITING ? 1 : 0));
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch clientsDone = new CountDownLatch(threads);
    PassSignals signals = new PassSignals();
    Client[] clients = new Client[threads];
    List<Thread> started = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Client c = new Client(new ClientLoop.Plan(t, perThread, timed, frontier, passSeed, sampleEvery));
      clients[t] = c;
      if (phase == Phase.READ_WHILE_WRITING || traffic.hasRate()) {
        c.intervals = new org.HdrHistogram.SingleWriterRecorder(dev.kvbench.measure.LatencySampler.HIGHEST_NANOS, 3);
      }
      started.add(start(phase.id() + "-client-" + t, ready, go, thrown, signals, clientsDone, (session, s) -> {
        c.loop = new ClientLoop(workload, c.plan, counts);
        c.loop.intervals = c.intervals;
        ThreadCosts before = ThreadCosts.ofCurrentThread();
        try {
          c.loop.run(session, s);
        } finally {
          c.costs = ThreadCosts.ofCurrentThread().since(before);
          c.endCpuNanos = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        }
      }));
    }
    WriterLoop writer = phase == Phase.READ_WHILE_WRITING ? new WriterLoop(workload, passesRun) : null;
    Thread writerThread = null;
    if (writer != null) {
      writerThread = start(phase.id() + "-writer", ready, go, thrown, signals, null, writer::run);
    }
    await(ready);
    // a timeline where something varies over the pass: a writer beside the readers, or a rate (and its shape) to keep
    TimelineSampler sampler = writer != null || traffic.hasRate() ? sampler(writer, writerThread, clients, started,
        counts) : null;
    PassMeters.Start before = meters.start();
    signals.startNanos = System.nanoTime();
    if (sampler != null) {
      sampler.start(signals.startNanos);
    }
    signals.deadlineNanos = signals.startNanos + TimeUnit.MILLISECONDS.toNanos(traffic.durationMillis());
    go.countDown();
    try {
      while (!clientsDone.await(PhaseProgress.TIMELINE_STEP_NANOS, TimeUnit.NANOSECONDS)) {
        progress.publish(counts.opsDone());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      signals.stop = true;
    }
    long clientEnd = 0;
    for (Client c : clients) {
      clientEnd = Math.max(clientEnd, c.endNanos());
    }
    long nanos = Math.max(1, clientEnd - signals.startNanos);
    signals.writerStop = true;
    join(started);
    if (writerThread != null) {
      join(List.of(writerThread));
    }
    dev.kvbench.result.Timeline timeline = sampler == null ? null : timeline(sampler, signals.startNanos + nanos);
    long total = 0;
    for (Client c : clients) {
      total += c.ops();
    }
    PassResult figures = meters.endOfClients(before, total, nanos, clientsCosts(clients));
    progress.publish(total);
    if (thrown.get() != null) {
      throw new PassFailure(thrown.get());
    }
    ThreadedResults.PassOutcome o = new ThreadedResults.PassOutcome();
    o.figures = figures.withInterval(PhaseContext.startMillis(nanos), null)
        .withProgress(progress.timeline());
    if (timeline != null) {
      o.figures = o.figures.withTimeline(timeline);
    }
    List<String> slotIds = workload.slots().ids();
    List<ThreadFigures> perThreadFigures = new ArrayList<>();
    for (Client c : clients) {
      ClientLoop loop = c.loop;
      double ms = (loop.endNanos - signals.startNanos) / 1e6;
      perThreadFigures.add(new ThreadFigures(loop.thread, loop.ops, ms, ms <= 0 ? 0 : loop.ops * 1e3 / ms));
      for (int slot = 0; slot < loop.latency.length; slot++) {
        o.latency.computeIfAbsent(slotIds.get(slot), k -> ThreadedResults.newHistogram()).add(loop.latency[slot]);
        if (loop.service[slot] != null) {
          o.service.computeIfAbsent(slotIds.get(slot), k -> ThreadedResults.newHistogram()).add(loop.service[slot]);
        }
      }
      o.reads += loop.reads;
      o.puts += loop.puts;
      o.missingReads += loop.missing;
      if (o.firstMissing < 0 && loop.firstMissing >= 0) {
        o.firstMissing = loop.firstMissing;
      }
    }
    o.perThread = perThreadFigures;
    // the pass's latency over every op: a fork's percentiles (a point of a rate sweep) are its passes' together
    org.HdrHistogram.Histogram all = ThreadedResults.newHistogram();
    o.latency.values().forEach(all::add);
    o.figures = o.figures.withLatencies(all);
    if (writer != null) {
      double ms = writer.nanos / 1e6;
      o.writer = new WriterFigures(writer.puts, ms, ms <= 0 ? 0 : writer.puts * 1e3 / ms, traffic.writerRate(),
          LatencySummary.of(writer.commits), writer.stall.heldMillis());
    }
    o.frontier = fillInsertGaps(clients, frontier);
    return o;
  }

  /**
   * A pass's timeline: readwhilewriting's writer's puts (none elsewhere) and the clients' ops an
   * interval at a time (every put timed; the clients' ops as they sample them, their count exact),
   * with what their rate and its shape offered, beside the store's size, the device's writes, the
   * CPU and the store's statistics.
   */
  private TimelineSampler sampler(WriterLoop writer, Thread writerThread, Client[] clients,
      List<Thread> clientThreads, ClientCounts counts) {
    List<org.HdrHistogram.SingleWriterRecorder> readers = new ArrayList<>();
    List<TimelineSampler.ClientCpu> cpus = new ArrayList<>();
    for (int t = 0; t < clients.length; t++) {
      Client c = clients[t];
      readers.add(c.intervals);
      cpus.add(TimelineSampler.ClientCpu.of(clientThreads.get(t), () -> c.endCpuNanos));
    }
    if (writer != null) {
      cpus.add(TimelineSampler.ClientCpu.of(writerThread, () -> writer.endCpuNanos));
    }
    TimelineSampler sampler = new TimelineSampler(workload.traffic().intervalMillis(), new TimelineSampler.Sources(
        writer == null ? List.of() : List.of(writer.intervals), counts, readers, workload.store(), directory,
        dev.kvbench.host.BlockDevice.holding(directory, dev.kvbench.host.HostFiles.system()), null),
        new dev.kvbench.measure.CpuMeter());
    sampler.clients(cpus);
    Traffic traffic = workload.traffic();
    sampler.offered(traffic.hasRate() ? traffic.rate() : 0, workload.cell().value(dev.kvbench.scenario.Axes.RATE_SHAPES));
    return sampler;
  }

  private dev.kvbench.result.Timeline timeline(TimelineSampler sampler, long endNanos) {
    List<dev.kvbench.result.TimelinePoint> points = sampler.stop(endNanos);
    long entryBytes = workload.cell().data().keys().size() + (long) workload.cell().data().valueSize();
    return sampler.timeline(points, workload.traffic().stallBelow(), sampler.writesSoFar() * entryBytes,
        workload.cell().data().entries() * entryBytes, false);
  }

  /**
   * Threads insert keys base + thread + T x k; one that inserted fewer than another leaves gaps,
   * which are put here, untimed, so every key below the new frontier exists for the next pass.
   * Returns that frontier.
   */
  private long fillInsertGaps(Client[] clients, long base) {
    long most = 0;
    for (Client c : clients) {
      most = Math.max(most, c.loop.inserts);
    }
    if (most == 0) {
      return base;
    }
    int threads = workload.threads();
    ByteBuffer key = ByteBuffer.allocateDirect(workload.encoding().size());
    ByteBuffer value = ByteBuffer.allocateDirect(workload.cell().data().valueSize());
    try (Session session = workload.store().openSession()) {
      Writer w = session.beginWrite(WriteOrder.ANY);
      try {
        for (Client c : clients) {
          for (long k = c.loop.inserts; k < most; k++) {
            long index = base + c.plan.thread() + (long) threads * k;
            workload.encoding().encode(index, key);
            workload.values().valueInto(index, value);
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
    return base + threads * most;
  }

  /** A pass's loop on its own thread and session. */
  private interface Loop {
    void run(Session session, PassSignals signals);
  }

  /**
   * Starts a thread that opens its own session, says it is ready, waits for {@code go} and runs
   * {@code loop}; a failure is kept in {@code thrown} and stops the other threads.
   */
  /** The clients' CPU over their loops, added up; null where any is unknown (one failed, or no thread CPU here). */
  private static ThreadCosts clientsCosts(Client[] clients) {
    ThreadCosts sum = new ThreadCosts(0.0, 0L);
    for (Client c : clients) {
      sum = sum.plus(c.costs);
    }
    return sum;
  }

  private Thread start(String name, CountDownLatch ready, CountDownLatch go, AtomicReference<Throwable> thrown,
      PassSignals signals, CountDownLatch done, Loop loop) {
    Runnable body = () -> {
      boolean counted = false;
      try (Session session = workload.store().openSession()) {
        ready.countDown();
        counted = true;
        await(go);
        loop.run(session, signals);
      } catch (RuntimeException | Error e) {
        thrown.compareAndSet(null, e);
        signals.stop = true;
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
