package dev.kvbench.workload.trace;

import dev.kvbench.measure.LatencySampler;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Store;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Replays a trace on a store, on one thread, as fast as the store goes or at the recorded timing
 * ({@link ReplayPace}), each recorded session on a session of its own: first (untimed) the entries the trace found before it wrote them ({@link
 * TracePlan#preload}), then every operation in the trace's order, each checked against what the
 * replay itself wrote (a get finds what the last committed put left, a scan visits what the store
 * holds from its start): the first mismatch fails the replay. Values are made from the key, a
 * version and the recorded size and class. A trace whose sessions had transactions open at once is
 * replayed with a thread per session instead ({@link ConcurrentReplay}, chosen by {@link Replayer#of}).
 */
public final class TraceReplay implements Replayer {

  /**
   * What a replay did.
   *
   * @param operations the operations replayed
   * @param nanos how long the replay of the operations took (the load not counted)
   * @param byKind the operations by kind
   * @param scannedEntries the entries the replay's scans visited
   * @param recordedScanEntries the entries the same scans visited when recorded
   * @param failure the first mismatch, or null where every read found what the replay wrote
   */
  public record Outcome(long operations, long nanos, Map<TraceKind, Long> byKind, long scannedEntries,
      long recordedScanEntries, String failure) {}

  /** Whether each read is checked against what the replay wrote. */
  public enum Checks {
    /** Every get, get in a write and scan: for a store that keeps what it is given. */
    AGAINST_WHAT_WAS_WRITTEN,
    /** None: for a store that keeps nothing (the null store, the harness's own cost), whose reads find nothing. */
    NONE
  }

  private final TracePlan plan;
  private final Checks checks;
  private final ReplayValues values = new ReplayValues();
  /**
   * What the store holds, as the replay wrote it: per key its value's size, class and version; in
   * key order only where the trace scans (a sorted map cost a get-heavy replay most of its time).
   */
  private final Map<TracePlan.Key, long[]> held;
  private final ReplaySessions open = new ReplaySessions();
  /** Each session's writes not yet committed: a null value is a delete. */
  private final Map<Integer, Map<TracePlan.Key, long[]>> staged = new HashMap<>();
  private long version;
  private ByteBuffer keyBuffer = ByteBuffer.allocateDirect(64);

  /**
   * Whether a get inside a write goes to the writer; else to a reader of the session beside it,
   * which sees what is committed (the plan refuses a trace that gets its own writes on such a store).
   */
  private final boolean writerReads;
  /** Each session's reader beside its open write, for a store whose writer cannot read. */
  private final Map<Integer, Reader> sideReaders = new HashMap<>();
  private final ReplayPace pace;

  /** A replay of {@code plan}'s trace, its reads checked as {@code checks} says, on a store whose writers can read. */
  public TraceReplay(TracePlan plan, Checks checks) {
    this(plan, checks, true);
  }

  /** A replay as fast as the store goes: {@link #TraceReplay(TracePlan, Checks, boolean, ReplayPace)}. */
  public TraceReplay(TracePlan plan, Checks checks, boolean writerReads) {
    this(plan, checks, writerReads, ReplayPace.AS_FAST_AS_POSSIBLE);
  }

  /**
   * A replay of {@code plan}'s trace, its reads checked as {@code checks} says; {@code writerReads}
   * false for a store without gets inside a write ({@code WriteOperation.GET_IN_WRITE}), whose
   * gets in a write then read what is committed, as the harness's custom operations do; {@code
   * pace} says how fast.
   */
  public TraceReplay(TracePlan plan, Checks checks, boolean writerReads, ReplayPace pace) {
    this.plan = plan;
    this.pace = pace;
    this.checks = checks;
    this.writerReads = writerReads;
    boolean scans = plan.needs().contains(TracePlan.Need.ORDERED_SCAN)
        || plan.needs().contains(TracePlan.Need.REVERSE_SCAN);
    this.held = scans ? new TreeMap<>() : new HashMap<>();
  }

  /** The checks for a store of {@code caps}: none where it keeps nothing. */
  public static Checks checksFor(dev.kvbench.store.Capabilities caps) {
    return caps.retainsData() ? Checks.AGAINST_WHAT_WAS_WRITTEN : Checks.NONE;
  }

  /** Nothing beyond the plan's needs: a trace whose sessions never overlap replays on any store that has them. */
  @Override
  public String unsupportedReason(dev.kvbench.store.Capabilities caps) {
    return null;
  }

  /** Loads the preload entries into {@code store}, untimed. */
  @Override
  public void load(Store store) {
    ReplayLoad.into(store, plan, () -> version++, held::put);
  }

  /** Replays every operation on {@code store}, loaded by {@link #load}; the store's sessions are closed at the end. */
  public Outcome replay(Store store) {
    return replay(store, null, null, position -> { });
  }

  /** How often, in operations, a replay says how far it is. */
  private static final int PROGRESS_EVERY = 4_096;

  /**
   * {@link #replay(Store)}, timing each operation into {@code latencies} by its kind (none where
   * null: a scan's time is the whole scan's, a commit's the commit's; at the recorded timing from
   * the operation's intended start, and into {@code service}, where not null, from its actual
   * start), and telling {@code progress} every few thousand operations how many it has replayed.
   */
  @Override
  public Outcome replay(Store store, Map<TraceKind, org.HdrHistogram.Histogram> latencies,
      Map<TraceKind, org.HdrHistogram.Histogram> service, java.util.function.LongConsumer progress) {
    // by kind's ordinal, made maps at the end: a map's boxing and lookup per operation cost the replay itself
    TraceKind[] kinds = TraceKind.values();
    long[] counts = new long[kinds.length];
    org.HdrHistogram.Histogram[] timed = new org.HdrHistogram.Histogram[kinds.length];
    org.HdrHistogram.Histogram[] served = new org.HdrHistogram.Histogram[kinds.length];
    boolean paced = pace.timed();
    // each kind's next operation to time: the first of each, then one in about sampleInterval (a gap
    // uniform from 1 to 2 x interval - 1, so no period of the trace is locked onto); two clock reads
    // an operation would be most of a fast replay's time
    long[] nextTimed = new long[kinds.length];
    int interval = paced ? 1 : pace.sampleInterval();
    java.util.SplittableRandom gaps = new java.util.SplittableRandom(0x5A3E_11L);
    long ops = 0;
    long scanned = 0;
    long recordedScans = 0;
    long origin = 0;
    String failure = null;
    long start = System.nanoTime();
    try (TraceReader r = TraceReader.open(plan.trace())) {
      start = System.nanoTime(); // the first operation is intended now
      // the reader's fields are the operation: no object a record (TraceReader.advance)
      while (failure == null && r.advance()) {
        if (ops++ == 0) {
          origin = r.offsetNanos();
        }
        int kind = r.kind().ordinal();
        boolean time = counts[kind]++ == nextTimed[kind] && latencies != null;
        long intended = 0;
        long began;
        if (paced) {
          intended = start + (long) ((r.offsetNanos() - origin) / pace.speed());
          began = pace.await().applyAsLong(intended);
        } else {
          began = time ? System.nanoTime() : 0;
        }
        if (r.kind() == TraceKind.SCAN || r.kind() == TraceKind.SCAN_FROM) {
          recordedScans += r.entries();
          long[] visited = {0};
          failure = scan(r, visited);
          scanned += visited[0];
        } else {
          failure = apply(store, r);
        }
        if (time) {
          nextTimed[kind] += interval == 1 ? 1 : 1 + gaps.nextInt(2 * interval - 1);
          long ended = System.nanoTime();
          if (timed[kind] == null) {
            timed[kind] = new org.HdrHistogram.Histogram(LatencySampler.HIGHEST_NANOS, 3);
          }
          timed[kind].recordValue(clamp(ended - (paced ? intended : began)));
          if (paced && service != null) {
            if (served[kind] == null) {
              served[kind] = new org.HdrHistogram.Histogram(LatencySampler.HIGHEST_NANOS, 3);
            }
            served[kind].recordValue(clamp(ended - began));
          }
        }
        if (failure != null) {
          failure = "operation " + ops + " (" + r.kind().label() + " of session " + r.session() + "): " + failure;
        }
        if ((ops & (PROGRESS_EVERY - 1)) == 0) { // a power of two: a long division per operation showed in a profile
          progress.accept(ops);
        }
      }
    } finally {
      sideReaders.values().forEach(Reader::close);
      sideReaders.clear();
      open.closeAll();
      staged.clear();
    }
    long nanos = System.nanoTime() - start;
    progress.accept(ops);
    Map<TraceKind, Long> byKind = new EnumMap<>(TraceKind.class);
    for (TraceKind k : kinds) {
      if (counts[k.ordinal()] > 0) {
        byKind.put(k, counts[k.ordinal()]);
      }
      if (latencies != null && timed[k.ordinal()] != null) {
        latencies.merge(k, timed[k.ordinal()], TraceReplay::added);
      }
      if (service != null && served[k.ordinal()] != null) {
        service.merge(k, served[k.ordinal()], TraceReplay::added);
      }
    }
    return new Outcome(ops, nanos, byKind, scanned, recordedScans, failure);
  }

  static long clamp(long nanos) {
    return Math.min(Math.max(1, nanos), LatencySampler.HIGHEST_NANOS);
  }

  static org.HdrHistogram.Histogram added(org.HdrHistogram.Histogram had, org.HdrHistogram.Histogram more) {
    had.add(more);
    return had;
  }

  private void closeSideReader(int session) {
    Reader side = sideReaders.remove(session);
    if (side != null) {
      side.close();
    }
  }

  /** The bytes of the keys and values the store holds, as the replay wrote them: its data, flat. */
  @Override
  public long heldBytes() {
    long bytes = 0;
    for (Map.Entry<TracePlan.Key, long[]> e : held.entrySet()) {
      bytes += e.getKey().bytes().length + e.getValue()[0];
    }
    return bytes;
  }

  /** Applies one operation other than a scan; returns a mismatch, or null. */
  private String apply(Store store, TraceReader op) {
    int id = op.session();
    // a key object only where the replay keeps or looks up what it wrote: an unchecked get needs none
    boolean unchecked = op.kind() == TraceKind.GET && checks == Checks.NONE;
    TracePlan.Key key = op.kind().keyed() && !unchecked ? TracePlan.Key.of(op) : null;
    switch (op.kind()) {
      case BEGIN_WRITE -> {
        Writer w = open.session(store, id).beginWrite(WriteOrder.ANY);
        open.writers[id] = w;
        staged.put(id, new HashMap<>());
      }
      case PUT -> {
        long[] value = {op.valueSize(), op.valueClass().code(), version++};
        open.writers[id].put(direct(key), values.of(key, value));
        staged.get(id).put(key, value);
      }
      case DELETE -> {
        open.writers[id].delete(direct(key));
        staged.get(id).put(key, null);
      }
      case WRITE_GET -> {
        Map<TracePlan.Key, long[]> mine = staged.get(id);
        if (!writerReads) {
          // the plan refused a trace that reads its own writes here: a key not written yet reads as committed
          Reader side = sideReaders.computeIfAbsent(id, s -> open.sessions[s].beginRead());
          return check(key, side.get(direct(key)), held.get(key));
        }
        return check(key, open.writers[id].get(direct(key)), mine.containsKey(key) ? mine.get(key) : held.get(key));
      }
      case COMMIT -> {
        closeSideReader(id);
        Writer w = open.writers[id];
        open.writers[id] = null;
        w.commit();
        w.close();
        staged.remove(id).forEach((k, v) -> {
          if (v == null) {
            held.remove(k);
          } else {
            held.put(k, v);
          }
        });
      }
      case ABORT -> {
        closeSideReader(id);
        Writer w = open.writers[id];
        open.writers[id] = null;
        w.close();
        staged.remove(id);
      }
      case BEGIN_READ -> {
        Reader r = open.session(store, id).beginRead();
        open.readers[id] = r;
      }
      case GET -> {
        ByteBuffer found = open.readers[id].get(direct(op));
        // unchecked (a store that keeps nothing): no lookup of what was written, as a synthetic phase's null row checks nothing
        return unchecked ? null : check(key, found, held.get(key));
      }
      case END_READ -> {
        Reader r = open.readers[id];
        open.readers[id] = null;
        r.close();
      }
      default -> throw new IllegalStateException("not applied here: " + op.kind());
    }
    return null;
  }

  /** Replays a scan, visiting at most the entries it visited when recorded; returns a mismatch, or null. */
  private String scan(TraceReader op, long[] visited) {
    Reader reader = open.readers[op.session()];
    long most = op.entries();
    boolean forward = op.direction() == ScanDirection.FORWARD;
    // a trace that scans has its map in key order (see the constructor)
    NavigableMap<TracePlan.Key, long[]> held = (NavigableMap<TracePlan.Key, long[]>) this.held;
    java.util.Iterator<TracePlan.Key> expected = op.kind() == TraceKind.SCAN
        ? (forward ? held.navigableKeySet() : held.descendingKeySet()).iterator()
        : (forward ? held.tailMap(TracePlan.Key.of(op), true).navigableKeySet()
            : held.headMap(TracePlan.Key.of(op), true).descendingKeySet()).iterator();
    String[] mismatch = {null};
    dev.kvbench.store.EntryVisitor visitor = (k, v) -> {
      if (visited[0] == most) {
        return false;
      }
      visited[0]++;
      TracePlan.Key want = expected.hasNext() ? expected.next() : null;
      if (checks == Checks.NONE) {
        return visited[0] < most;
      }
      if (want == null || !want.buffer().equals(k)) {
        mismatch[0] = "the scan's entry " + visited[0] + " is " + HexFormat.of().formatHex(Writer.copyOf(k)) + ", where the"
            + " replay wrote " + (want == null ? "no more entries" : hex(want));
        return false;
      }
      return visited[0] < most;
    };
    if (op.kind() == TraceKind.SCAN) {
      reader.scan(op.direction(), visitor);
    } else {
      reader.scanFrom(direct(TracePlan.Key.of(op)), op.direction(), visitor);
    }
    if (checks != Checks.NONE && mismatch[0] == null && visited[0] < most && expected.hasNext()) {
      mismatch[0] = "the scan stopped after " + visited[0] + " entries, and the replay wrote more from its start";
    }
    return mismatch[0];
  }

  /** Whether {@code found} is what {@code expected} (null: absent) says. */
  private String check(TracePlan.Key key, ByteBuffer found, long[] expected) {
    if (checks == Checks.NONE) {
      return null;
    }
    if (expected == null) {
      return found == null ? null : "found " + hex(key) + ", which the replay had not written or had deleted";
    }
    if (found == null) {
      return "did not find " + hex(key) + ", which the replay wrote";
    }
    int n = (int) expected[0];
    if (found.remaining() != n) {
      return "found " + found.remaining() + " bytes under " + hex(key) + ", where the replay wrote " + n;
    }
    // the ends and middle of the value, each byte computed on its own: a stale or foreign value differs
    // there, and making or comparing the whole value would cost the timed pass
    long seed = values.seedOf(key, expected);
    ValueClass c = ValueClass.ofCode((int) expected[1]);
    for (int i : new int[] {0, n / 2, n - 1}) {
      if (n > 0 && found.get(found.position() + i) != ReplayValues.byteAt(seed, c, i)) {
        return "the value under " + hex(key) + " is not the one the replay wrote (byte " + i + ")";
      }
    }
    return null;
  }

  /** The key {@code op} read, in the replay's direct key buffer (as {@link TracePlan.Key#of} makes it), without a copy on the heap. */
  private ByteBuffer direct(TraceReader op) {
    int length = op.keyLength();
    if (keyBuffer.capacity() < length) {
      keyBuffer = ByteBuffer.allocateDirect(Math.max(length, 2 * keyBuffer.capacity()));
    }
    ByteBuffer b = keyBuffer.clear();
    int stored = Math.min(op.keyStored(), length);
    byte[] bytes = op.keyBytes();
    if (length <= 16) {
      // a short key a byte at a time by index: a bulk put's setup outweighed a few bytes
      for (int i = 0; i < stored; i++) {
        b.put(i, bytes[i]);
      }
      for (int i = stored; i < length; i++) {
        b.put(i, (byte) 0); // a pseudonym shorter than its key, grown with zeros
      }
      return b.limit(length);
    }
    b.put(bytes, 0, stored);
    while (b.position() < length) {
      b.put((byte) 0);
    }
    return b.flip();
  }

  /** {@code key} in the replay's direct key buffer, as the harness hands stores their keys; valid until the next call. */
  private ByteBuffer direct(TracePlan.Key key) {
    keyBuffer = fill(keyBuffer, key.bytes());
    return keyBuffer;
  }

  static ByteBuffer fill(ByteBuffer buffer, byte[] bytes) {
    ByteBuffer b = buffer.capacity() >= bytes.length ? buffer
        : ByteBuffer.allocateDirect(Math.max(bytes.length, 2 * buffer.capacity()));
    b.clear().put(bytes).flip();
    return b;
  }

  static String hex(TracePlan.Key key) {
    return HexFormat.of().formatHex(key.bytes());
  }
}
