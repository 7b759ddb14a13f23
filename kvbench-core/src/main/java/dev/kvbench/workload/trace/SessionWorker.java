package dev.kvbench.workload.trace;

import dev.kvbench.measure.LatencySampler;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One recorded session's thread in a {@link ConcurrentReplay}: it takes the session's operations
 * from its queue in the trace's order and applies them on a session of its own (opened on this
 * thread, as a store whose transactions belong to a thread needs), at the recorded timing or as
 * fast as it can, timing them by kind and checking each read against {@link ReplayHistory}.
 */
final class SessionWorker implements Runnable {

  /** Ends a worker's queue. */
  static final TraceOp END = new TraceOp(TraceKind.END_READ, -1, 0, new byte[0], 0, 0, null, null, 0);
  /** A chunk of only {@link #END}: a new one each time, as a worker clears the chunks it took. */
  static TraceOp[] endChunk() {
    return new TraceOp[] {END};
  }

  /** What the workers share: the store, the pace and its start, the checks, the first failure. */
  static final class Shared {
    final Store store;
    final ReplayPace pace;
    final ReplayHistory history;
    final boolean checked;
    final boolean writerReads;
    final boolean timeLatencies;
    /** Whether the store's writes wait for their commit (else each shows as it is made, and an abort keeps them). */
    final boolean transactional;
    volatile long startNanos;
    volatile long originNanos;
    volatile String failure;

    Shared(Store store, ReplayPace pace, ReplayHistory history, boolean checked, boolean writerReads,
        boolean timeLatencies, boolean transactional) {
      this.transactional = transactional;
      this.store = store;
      this.pace = pace;
      this.history = history;
      this.checked = checked;
      this.writerReads = writerReads;
      this.timeLatencies = timeLatencies;
    }

    synchronized void fail(String why) {
      if (failure == null) {
        failure = why;
      }
    }
  }

  final int id;
  /** Chunks of the session's operations, in order: a hand-over per chunk, not per operation. */
  final BlockingQueue<TraceOp[]> queue;
  private TraceOp[] chunk = new TraceOp[0];
  private int inChunk;
  private final Shared shared;
  private final ReplayValues values = new ReplayValues();
  private ByteBuffer keyBuffer = ByteBuffer.allocateDirect(64);
  private Session session;
  private Writer writer;
  private Reader reader;
  private Reader side;
  private Map<TracePlan.Key, ReplayHistory.State> staged;
  /** Every put and delete of the open write, in order (a key written twice is here twice). */
  private final List<Map.Entry<TracePlan.Key, ReplayHistory.State>> written = new ArrayList<>();
  private long readBegin;
  private long writeBegin;
  private final java.util.SplittableRandom gaps;

  // what it did, read once its thread ended
  final long[] counts = new long[TraceKind.values().length];
  final Histogram[] timed = new Histogram[TraceKind.values().length];
  final Histogram[] served = new Histogram[TraceKind.values().length];
  private final long[] nextTimed = new long[TraceKind.values().length];
  volatile long done;
  long scanned;
  long recordedScans;

  SessionWorker(int id, BlockingQueue<TraceOp[]> queue, Shared shared) {
    this.id = id;
    this.queue = queue;
    this.shared = shared;
    this.gaps = new java.util.SplittableRandom(0x5A3E_11L + id);
  }

  @Override
  public void run() {
    try {
      session = shared.store.openSession();
      for (TraceOp op = take(); op != END; op = take()) {
        if (shared.failure != null) {
          continue; // drained, not applied: the replay has failed
        }
        String wrong = timedApply(op);
        if (wrong != null) {
          shared.fail("operation " + (done + 1) + " of session " + id + " (" + op.kind().label() + "): " + wrong);
        }
        done++;
      }
    } catch (RuntimeException | LinkageError e) {
      shared.fail("session " + id + ": " + e);
    } finally {
      closeAll();
    }
  }

  private TraceOp take() {
    while (inChunk == chunk.length) {
      try {
        chunk = queue.take();
        inChunk = 0;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return END;
      }
    }
    TraceOp op = chunk[inChunk];
    chunk[inChunk++] = null; // a chunk of a pass's operations is not kept once applied
    return op;
  }

  private String timedApply(TraceOp op) {
    int kind = op.kind().ordinal();
    boolean paced = shared.pace.timed();
    boolean time = counts[kind]++ == nextTimed[kind] && shared.timeLatencies;
    long intended = 0;
    long began;
    if (paced) {
      intended = shared.startNanos + (long) ((op.offsetNanos() - shared.originNanos) / shared.pace.speed());
      began = shared.pace.await().applyAsLong(intended);
    } else {
      began = time ? System.nanoTime() : 0;
    }
    String wrong = apply(op);
    if (time) {
      int interval = paced ? 1 : shared.pace.sampleInterval();
      nextTimed[kind] += interval == 1 ? 1 : 1 + gaps.nextInt(2 * interval - 1);
      long ended = System.nanoTime();
      if (timed[kind] == null) {
        timed[kind] = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
      }
      timed[kind].recordValue(TraceReplay.clamp(ended - (paced ? intended : began)));
      if (paced) {
        if (served[kind] == null) {
          served[kind] = new Histogram(LatencySampler.HIGHEST_NANOS, 3);
        }
        served[kind].recordValue(TraceReplay.clamp(ended - began));
      }
    }
    return wrong;
  }

  private String apply(TraceOp op) {
    TracePlan.Key key = op.kind().keyed() ? TracePlan.Key.of(op) : null;
    ReplayHistory history = shared.history;
    switch (op.kind()) {
      case BEGIN_WRITE -> {
        writeBegin = history.now();
        writer = session.beginWrite(WriteOrder.ANY);
        staged = new HashMap<>();
      }
      case PUT -> {
        long[] value = {op.valueSize(), op.valueClass().code(), history.nextVersion()};
        write(key, new ReplayHistory.State(value, history.now(), ReplayHistory.PENDING));
        writer.put(direct(key), values.of(key, value));
      }
      case DELETE -> {
        write(key, new ReplayHistory.State(null, history.now(), ReplayHistory.PENDING));
        writer.delete(direct(key));
      }
      case WRITE_GET -> {
        if (!shared.writerReads) {
          // the plan refused a trace that reads its own writes here: this reads what is committed
          side = side == null ? session.beginRead() : side;
          return checked(key, side.get(direct(key)), writeBegin);
        }
        ByteBuffer found = writer.get(direct(key));
        ReplayHistory.State own = staged.get(key);
        if (own == null) {
          return checked(key, found, writeBegin);
        }
        return !shared.checked || matchesOwn(key, found, own) ? null
            : "the write's get of " + TraceReplay.hex(key) + " did not find what the write itself put or deleted";
      }
      case COMMIT -> commit();
      case ABORT -> {
        closeSide();
        writer.close();
        writer = null;
        for (Map.Entry<TracePlan.Key, ReplayHistory.State> e : written) {
          if (shared.transactional) {
            history.aborted(e.getKey(), e.getValue()); // rolled back: never seen
          }
        }
        if (!shared.transactional) {
          history.finished(states(written)); // a store without transactions kept every put as it came
        }
        written.clear();
        staged = null;
      }
      case BEGIN_READ -> {
        readBegin = history.now();
        reader = session.beginRead();
      }
      case GET -> {
        return checked(key, reader.get(direct(key)), readBegin);
      }
      case SCAN, SCAN_FROM -> {
        return scan(op);
      }
      case END_READ -> {
        reader.close();
        reader = null;
      }
      default -> throw new IllegalStateException("not applied here: " + op.kind());
    }
    return null;
  }

  /**
   * Notes a put or delete as it is made, before the store is given it: a store without
   * transactions (Chronicle Map, MVStore here) shows it at once, a transactional one at its commit.
   * Unchecked too: the history's last states are the store's data, flat.
   */
  private void write(TracePlan.Key key, ReplayHistory.State state) {
    staged.put(key, state);
    written.add(Map.entry(key, state));
    shared.history.committing(key, state);
  }

  private void commit() {
    closeSide();
    Writer w = writer;
    writer = null;
    staged = null;
    w.commit();
    w.close();
    shared.history.finished(states(written));
    written.clear();
  }

  private static List<ReplayHistory.State> states(List<Map.Entry<TracePlan.Key, ReplayHistory.State>> written) {
    List<ReplayHistory.State> states = new ArrayList<>(written.size());
    for (Map.Entry<TracePlan.Key, ReplayHistory.State> e : written) {
      states.add(e.getValue());
    }
    return states;
  }

  private boolean matchesOwn(TracePlan.Key key, ByteBuffer found, ReplayHistory.State own) {
    if (own.deleted() || found == null) {
      return own.deleted() && found == null;
    }
    return values.holds(key, own.value, found);
  }

  private String checked(TracePlan.Key key, ByteBuffer found, long begin) {
    return shared.checked ? shared.history.check(key, found, begin, values) : null;
  }

  /** A scan of at most the recorded entries: each in order, each value one the read may see. */
  private String scan(TraceOp op) {
    long most = op.entries();
    recordedScans += most;
    boolean forward = op.direction() == ScanDirection.FORWARD;
    long[] visited = {0};
    byte[][] last = {null};
    String[] wrong = {null};
    EntryVisitor visitor = (k, v) -> {
      if (visited[0] == most) {
        return false;
      }
      visited[0]++;
      if (!shared.checked) {
        return visited[0] < most;
      }
      byte[] key = Writer.copyOf(k);
      if (last[0] != null && Integer.signum(java.util.Arrays.compareUnsigned(key, last[0])) != (forward ? 1 : -1)) {
        wrong[0] = "the scan's entry " + visited[0] + " (" + HexFormat.of().formatHex(key) + ") is out of order";
        return false;
      }
      last[0] = key;
      wrong[0] = shared.history.check(new TracePlan.Key(key), v, readBegin, values);
      return wrong[0] == null && visited[0] < most;
    };
    if (op.kind() == TraceKind.SCAN) {
      reader.scan(op.direction(), visitor);
    } else {
      reader.scanFrom(direct(TracePlan.Key.of(op)), op.direction(), visitor);
    }
    scanned += visited[0];
    return wrong[0];
  }

  private ByteBuffer direct(TracePlan.Key key) {
    keyBuffer = TraceReplay.fill(keyBuffer, key.bytes());
    return keyBuffer;
  }

  private void closeSide() {
    if (side != null) {
      side.close();
      side = null;
    }
  }

  /** Closes what the session left open (a trace cut at a pass's end), then the session, on this thread. */
  private void closeAll() {
    try {
      closeSide();
      if (reader != null) {
        reader.close();
      }
      if (writer != null) {
        writer.close();
      }
    } finally {
      reader = null;
      writer = null;
      if (session != null) {
        session.close();
      }
    }
  }

  /** Waits up to {@code nanos} for the queue to take {@code ops}; false where it stayed full. */
  boolean offer(TraceOp[] ops, long nanos) throws InterruptedException {
    return queue.offer(ops, nanos, TimeUnit.NANOSECONDS);
  }
}
