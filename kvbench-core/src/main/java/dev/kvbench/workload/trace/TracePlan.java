package dev.kvbench.workload.trace;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.WriteOperation;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What replaying a trace needs, from one pass over it: the entries to load first (each key the
 * trace found before it wrote or deleted it, with the size it found), the capabilities it uses,
 * and whether its sessions' transactions overlap. Memory grows with the trace's distinct keys,
 * never with its operations.
 *
 * @param trace the trace
 * @param preload the keys to load before the replay, with their value sizes, in key order
 * @param operations the trace's operations
 * @param sessions the sessions it holds
 * @param needs what the trace does that a store must declare: its labels, for an unsupported cell
 * @param overlap where two sessions' transactions were open at once and how many at most, or null where none were
 * @param longestKey the longest key the replay puts or reads
 * @param largestValue the largest value it writes or loads
 * @param spanNanos the recorded time from its first operation to its last
 * @param distinctKeys the keys it names (put, deleted or read; a scan's start key not counted)
 * @param shortestKey the shortest of them
 */
public record TracePlan(Path trace, Map<Key, Integer> preload, long operations, int sessions, Set<Need> needs,
    Overlap overlap, int longestKey, int largestValue, long spanNanos, long distinctKeys, int shortestKey) {

  /**
   * Sessions' transactions open at once: a replay gives each session a thread of its own.
   *
   * @param first where it first happened, in words
   * @param reads the most read transactions open at once
   * @param writes the most write transactions open at once
   */
  public record Overlap(String first, int reads, int writes) {}

  /** A capability a trace uses. */
  public enum Need {
    ORDERED_SCAN("ordered scans"),
    REVERSE_SCAN("reverse scans"),
    DELETE("deletes"),
    /** A get inside a write transaction of a key it wrote: only the writer can see it (a get of another key reads what is committed). */
    GET_IN_WRITE("gets of a write transaction's own writes");

    private final String label;

    Need(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /** A key as the trace holds it (raw, or its pseudonym), comparable in the unsigned byte order stores sort by. */
  public record Key(byte[] bytes) implements Comparable<Key> {
    private static final net.openhft.hashing.LongHashFunction HASH = net.openhft.hashing.LongHashFunction.xx3();

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(bytes, k.bytes);
    }

    @Override
    public int hashCode() {
      // keys are often big-endian numbers, mostly zero bytes: Arrays.hashCode gave so few values that
      // HashMap's bins became trees, most of a replay's time
      return Long.hashCode(HASH.hashBytes(bytes));
    }

    @Override
    public int compareTo(Key o) {
      return Arrays.compareUnsigned(bytes, o.bytes);
    }

    ByteBuffer buffer() {
      return ByteBuffer.wrap(bytes);
    }

    /**
     * The key a replay gives the store for {@code op}: the recorded bytes, or a pseudonym grown with
     * zeros or cut to the key's own length (keys shorter than 8 bytes may then collide).
     */
    static Key of(TraceOp op) {
      byte[] k = op.key();
      return new Key(k.length == op.keyLength() ? k : Arrays.copyOf(k, op.keyLength()));
    }

    /** {@link #of(TraceOp)} of the operation {@code r} read last. */
    static Key of(TraceReader r) {
      byte[] k = Arrays.copyOf(r.keyBytes(), r.keyStored());
      return new Key(k.length == r.keyLength() ? k : Arrays.copyOf(k, r.keyLength()));
    }
  }

  /** Reads {@code file} once; throws {@link TraceFormatException} where it is not a whole trace. */
  public static TracePlan of(Path file) {
    Map<Key, Integer> preload = new LinkedHashMap<>();
    Set<Key> seen = new HashSet<>();
    Set<Need> needs = new TreeSet<>();
    Map<Integer, TraceKind> open = new java.util.HashMap<>();
    // each open write transaction's keys so far: a get of one of them must see the transaction's own write
    Map<Integer, Set<Key>> written = new java.util.HashMap<>();
    String overlap = null;
    int[] openNow = new int[2]; // reads, writes
    int[] most = new int[2];
    int longestKey = 0;
    int shortestKey = Integer.MAX_VALUE;
    int largestValue = 0;
    long ops = 0;
    long first = 0;
    long last = 0;
    java.util.BitSet sessions = new java.util.BitSet();
    try (TraceReader r = TraceReader.open(file)) {
      for (TraceOp op = r.next(); op != null; op = r.next()) {
        if (ops++ == 0) {
          first = op.offsetNanos();
        }
        last = op.offsetNanos();
        sessions.set(op.session());
        TraceKind inside = open.get(op.session());
        String misplaced = misplaced(op.kind(), inside);
        if (misplaced != null) {
          throw new TraceFormatException(file, r.lastOffset(), "operation " + ops + " of session " + op.session()
              + ", " + misplaced + ": not what a recording writes (a session makes its operations inside its"
              + " transactions)");
        }
        switch (op.kind()) {
          case BEGIN_WRITE, BEGIN_READ -> {
            // the session itself has none open (misplaced says so): any open one is another session's
            if (overlap == null && !open.isEmpty()) {
              int other = open.keySet().iterator().next();
              overlap = "session " + op.session() + " began a transaction at " + op.offsetNanos() / 1_000 + " us while"
                  + " session " + other + " had one open";
            }
            open.put(op.session(), op.kind());
            int w = op.kind() == TraceKind.BEGIN_WRITE ? 1 : 0;
            most[w] = Math.max(most[w], ++openNow[w]);
            if (op.kind() == TraceKind.BEGIN_WRITE) {
              written.put(op.session(), new HashSet<>());
            }
          }
          case COMMIT, ABORT, END_READ -> {
            openNow[op.kind() == TraceKind.END_READ ? 0 : 1]--;
            open.remove(op.session());
            written.remove(op.session());
          }
          case PUT -> written.get(op.session()).add(Key.of(op));
          case DELETE -> {
            needs.add(Need.DELETE);
            written.get(op.session()).add(Key.of(op));
          }
          case WRITE_GET -> {
            if (written.get(op.session()).contains(Key.of(op))) {
              needs.add(Need.GET_IN_WRITE);
            }
          }
          case SCAN, SCAN_FROM -> needs.add(op.direction() == ScanDirection.REVERSE ? Need.REVERSE_SCAN
              : Need.ORDERED_SCAN);
          default -> {
            // puts and gets need what every store has
          }
        }
        if (op.kind().keyed()) {
          longestKey = Math.max(longestKey, op.keyLength());
          shortestKey = Math.min(shortestKey, op.keyLength());
        }
        // a scan's start key need not be there: only puts, deletes and gets say what the store held
        if (op.kind().keyed() && op.kind() != TraceKind.SCAN_FROM) {
          Key k = Key.of(op);
          boolean read = op.kind() == TraceKind.GET || op.kind() == TraceKind.WRITE_GET;
          if (read && op.found() && seen.add(k)) {
            // found before the trace wrote it: the store held it when the recording began
            preload.put(k, op.valueSize());
            largestValue = Math.max(largestValue, op.valueSize());
          } else {
            seen.add(k);
          }
          if (op.kind() == TraceKind.PUT) {
            largestValue = Math.max(largestValue, op.valueSize());
          }
        }
      }
    }
    Map<Key, Integer> sorted = new java.util.TreeMap<>(preload);
    return new TracePlan(file, java.util.Collections.unmodifiableMap(sorted), ops, sessions.cardinality(),
        java.util.Collections.unmodifiableSet(needs), overlap == null ? null : new Overlap(overlap, most[0], most[1]),
        longestKey, largestValue, last - first, seen.size(),
        shortestKey == Integer.MAX_VALUE ? 0 : shortestKey);
  }

  /**
   * The sizes a store that replays this trace is opened for: its distinct keys (the entries it may
   * hold), its longest key (of one length or several) and its largest value.
   */
  public dev.kvbench.store.WorkloadSizing sizing() {
    return new dev.kvbench.store.WorkloadSizing(Math.max(1, distinctKeys), Math.max(1, longestKey), largestValue,
        shortestKey == longestKey ? dev.kvbench.store.WorkloadSizing.KeyLengths.FIXED
            : dev.kvbench.store.WorkloadSizing.KeyLengths.VARYING);
  }

  /** The recorded rate: operations per second over the trace's span; 0 for a trace of one instant. */
  public double recordedRate() {
    return spanNanos > 0 ? operations * 1e9 / spanNanos : 0;
  }

  /** What is wrong with {@code kind} coming when the session has {@code inside} open (null: none), or null. */
  private static String misplaced(TraceKind kind, TraceKind inside) {
    return switch (kind) {
      case BEGIN_WRITE, BEGIN_READ -> inside == null ? null : "a " + kind.label() + " inside an open " + inside.label();
      case PUT, DELETE, WRITE_GET, COMMIT, ABORT -> inside == TraceKind.BEGIN_WRITE ? null
          : "a " + kind.label() + " outside a write transaction";
      case GET, SCAN, SCAN_FROM, END_READ -> inside == TraceKind.BEGIN_READ ? null
          : "a " + kind.label() + " outside a read transaction";
    };
  }

  /** Why a store of {@code caps} cannot replay this trace, or null where it can. */
  public String unsupportedReason(Capabilities caps) {
    List<String> lacks = new ArrayList<>();
    for (Need n : needs) {
      boolean has = switch (n) {
        case ORDERED_SCAN -> caps.orderedScan();
        case REVERSE_SCAN -> caps.reverseScan();
        case DELETE -> caps.writeOperations().contains(WriteOperation.DELETE);
        case GET_IN_WRITE -> caps.writeOperations().contains(WriteOperation.GET_IN_WRITE);
      };
      if (!has) {
        lacks.add(n.label());
      }
    }
    if (caps.maxKeySize() > 0 && longestKey > caps.maxKeySize()) {
      lacks.add("keys of " + longestKey + " bytes (at most " + caps.maxKeySize() + ")");
    }
    if (caps.maxValueSize() > 0 && largestValue > caps.maxValueSize()) {
      lacks.add("values of " + largestValue + " bytes (at most " + caps.maxValueSize() + ")");
    }
    return lacks.isEmpty() ? null : "the trace " + trace.getFileName() + " uses " + String.join(", ", lacks)
        + ", which the store does not declare";
  }
}
