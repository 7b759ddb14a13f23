package dev.kvbench.workload.trace;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.Store;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;

/**
 * Replays a trace whose sessions had transactions open at once with the recorded thread layout: a
 * thread per recorded session ({@link SessionWorker}), each applying its session's operations in
 * the trace's order on a session of its own, as fast as it goes or at the recorded timing. This
 * thread reads the trace as a stream and hands each operation to its session's queue (bounded: the
 * trace is never held whole). Between sessions nothing is ordered but what the store itself orders,
 * so a read is checked against every state the replay's commits could have left it
 * ({@link ReplayHistory}); a scan's entries are checked for order and value, not for entries it
 * should have met. A store that serves fewer transactions at once than the trace had open is
 * unsupported: its lock would stop a session the recording never saw stopped.
 */
final class ConcurrentReplay implements Replayer {

  /** Operations a session may have waiting: the read-ahead, and what bounds memory. */
  static final int QUEUE = 1 << 14;
  /**
   * Operations handed to a session at once as fast as possible (a hand-over each cost a replay
   * most of its time); one at a time at the recorded timing, so none waits in a chunk past its moment.
   */
  static final int CHUNK = 256;
  /** Every this many operations read, every session's partial chunk is handed over. */
  private static final int FLUSH_EVERY = 4_096;
  /** Sessions at most: a thread each. */
  static final int MOST_SESSIONS = 512;
  /** How long a session's queue may stay full before the replay calls it stuck. */
  private static final long STUCK_NANOS = TimeUnit.SECONDS.toNanos(60);
  private static final int PROGRESS_EVERY = 4_096;

  private final TracePlan plan;
  private final TraceReplay.Checks checks;
  private final boolean writerReads;
  private final ReplayPace pace;
  private final ReplayHistory history = new ReplayHistory();
  /** Whether the store's writes wait for their commit: an abort then takes them back. */
  private final boolean transactional;

  ConcurrentReplay(TracePlan plan, TraceReplay.Checks checks, boolean writerReads, ReplayPace pace,
      boolean transactional) {
    this.transactional = transactional;
    this.plan = plan;
    this.checks = checks;
    this.writerReads = writerReads;
    this.pace = pace;
  }

  @Override
  public String unsupportedReason(Capabilities caps) {
    TracePlan.Overlap o = plan.overlap();
    Concurrency c = caps.concurrency();
    String had = "the trace's sessions had transactions open at once (" + o.first() + "; at most " + o.reads()
        + " read and " + o.writes() + " write transactions), replayed with a thread per session";
    if (!c.concurrent()) {
      return had + ", and the store serves one session at a time";
    }
    if (o.writes() > c.writers()) {
      return had + ", and the store serves " + c.writers() + " writer" + (c.writers() == 1 ? "" : "s") + " at once:"
          + " its lock would hold a session the recording never saw held";
    }
    if (o.reads() > c.readers()) {
      return had + ", and the store serves " + c.readers() + " readers at once";
    }
    if (plan.sessions() > MOST_SESSIONS) {
      return "the trace has " + plan.sessions() + " sessions, and a replay gives each a thread: at most "
          + MOST_SESSIONS;
    }
    return null;
  }

  @Override
  public void load(Store store) {
    ReplayLoad.into(store, plan, history::nextVersion, history::loaded);
  }

  @Override
  public TraceReplay.Outcome replay(Store store, Map<TraceKind, Histogram> latencies, Map<TraceKind, Histogram> service,
      LongConsumer progress) {
    SessionWorker.Shared shared = new SessionWorker.Shared(store, pace, history,
        checks == TraceReplay.Checks.AGAINST_WHAT_WAS_WRITTEN, writerReads, latencies != null, transactional);
    List<SessionWorker> workers = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    int chunk = pace.timed() ? 1 : CHUNK;
    List<List<TraceOp>> pending = new ArrayList<>();
    long ops = 0;
    long start = System.nanoTime();
    try (TraceReader r = TraceReader.open(plan.trace())) {
      start = System.nanoTime();
      shared.startNanos = start;
      for (TraceOp op = r.next(); op != null && shared.failure == null; op = r.next()) {
        if (ops++ == 0) {
          shared.originNanos = op.offsetNanos();
        }
        while (workers.size() <= op.session()) {
          SessionWorker w = new SessionWorker(workers.size(), new ArrayBlockingQueue<>(Math.max(1, QUEUE / chunk)),
              shared);
          Thread t = new Thread(w, "kvbench-replay-session-" + w.id);
          t.setDaemon(true);
          workers.add(w);
          threads.add(t);
          pending.add(new ArrayList<>(chunk));
          t.start();
        }
        List<TraceOp> mine = pending.get(op.session());
        mine.add(op);
        if (mine.size() == chunk) {
          hand(workers, pending, op.session(), shared);
        }
        if ((ops & (FLUSH_EVERY - 1)) == 0) {
          handAll(workers, pending, shared); // no operation waits long in a chunk of a session that does few
          progress.accept(done(workers));
        }
      }
      handAll(workers, pending, shared);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      shared.fail("interrupted");
    } finally {
      for (SessionWorker w : workers) {
        endQueue(w);
      }
      for (Thread t : threads) {
        join(t);
      }
    }
    long nanos = System.nanoTime() - start;
    long replayed = done(workers);
    progress.accept(replayed);
    return outcome(workers, replayed, nanos, shared.failure, latencies, service);
  }

  /** Hands every session's partial chunk over. */
  private static void handAll(List<SessionWorker> workers, List<List<TraceOp>> pending, SessionWorker.Shared shared)
      throws InterruptedException {
    for (int i = 0; i < workers.size(); i++) {
      if (!pending.get(i).isEmpty()) {
        hand(workers, pending, i, shared);
      }
    }
  }

  /**
   * Hands session {@code id}'s chunk to its queue, waiting while it is full, the other sessions'
   * partial chunks handed over meanwhile (one may hold the commit this session waits for); a queue
   * full for a minute fails the replay.
   */
  private static void hand(List<SessionWorker> workers, List<List<TraceOp>> pending, int id,
      SessionWorker.Shared shared) throws InterruptedException {
    SessionWorker w = workers.get(id);
    TraceOp[] ops = pending.get(id).toArray(new TraceOp[0]);
    pending.get(id).clear();
    long waited = 0;
    while (!w.offer(ops, TimeUnit.MILLISECONDS.toNanos(waited == 0 ? 0 : 100))) {
      for (int i = 0; i < workers.size(); i++) {
        if (i != id && !pending.get(i).isEmpty()
            && workers.get(i).offer(pending.get(i).toArray(new TraceOp[0]), 0)) {
          pending.get(i).clear();
        }
      }
      waited += TimeUnit.MILLISECONDS.toNanos(100);
      if (shared.failure != null) {
        return;
      }
      if (waited >= STUCK_NANOS) {
        shared.fail("session " + w.id + " took none of its " + QUEUE + " waiting operations for "
            + TimeUnit.NANOSECONDS.toSeconds(STUCK_NANOS) + " s: it waits on another session (a lock of the store's"
            + " that the recording did not have?)");
        return;
      }
    }
  }

  private static void endQueue(SessionWorker w) {
    try {
      while (!w.offer(SessionWorker.endChunk(), TimeUnit.MILLISECONDS.toNanos(100))) {
        w.queue.poll(); // a failed replay's worker drains; what it loses it would not have applied
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static long done(List<SessionWorker> workers) {
    long n = 0;
    for (SessionWorker w : workers) {
      n += w.done;
    }
    return n;
  }

  private static TraceReplay.Outcome outcome(List<SessionWorker> workers, long ops, long nanos, String failure,
      Map<TraceKind, Histogram> latencies, Map<TraceKind, Histogram> service) {
    Map<TraceKind, Long> byKind = new EnumMap<>(TraceKind.class);
    long scanned = 0;
    long recorded = 0;
    for (SessionWorker w : workers) {
      scanned += w.scanned;
      recorded += w.recordedScans;
      for (TraceKind k : TraceKind.values()) {
        int i = k.ordinal();
        if (w.counts[i] > 0) {
          byKind.merge(k, w.counts[i], Long::sum);
        }
        if (latencies != null && w.timed[i] != null) {
          latencies.merge(k, w.timed[i], TraceReplay::added);
        }
        if (service != null && w.served[i] != null) {
          service.merge(k, w.served[i], TraceReplay::added);
        }
      }
    }
    return new TraceReplay.Outcome(ops, nanos, byKind, scanned, recorded, failure);
  }

  @Override
  public long heldBytes() {
    return history.heldBytes();
  }

  /** Reads that began before every state kept of their key, and so could not be judged. */
  @Override
  public long unjudgedReads() {
    return history.unknownReads();
  }
}
