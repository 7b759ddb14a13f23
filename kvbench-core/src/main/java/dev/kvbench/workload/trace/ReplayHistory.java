package dev.kvbench.workload.trace;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a replay with a thread per session wrote, key by key, as its commits left it: each key's last
 * few states (a value's size, class and version, or deleted), each with the moment its commit
 * finished, counted by one counter every commit moves on. A read that began when the counter stood at
 * {@code b} may find the last state finished by then (what it must at least see) or any state
 * finished after or still committing, whichever isolation the store gives; anything older, or
 * anything the replay never wrote under the key, is a failure. Memory grows with the distinct keys
 * ({@link #KEEP} states each at most), never with the trace's length.
 */
final class ReplayHistory {

  /** States kept per key: a read that began before the oldest kept one's commit can no longer be judged. */
  static final int KEEP = Replayer.KEPT_STATES;

  /** Not finished: the commit that writes it is under way. */
  static final long PENDING = Long.MAX_VALUE;

  /**
   * A state of a key: its value ({@code size}, class code, version), or a delete (null), with the
   * counter as its commit began and as it finished.
   */
  static final class State {
    final long[] value;
    final long startedAt;
    volatile long finishedAt;

    State(long[] value, long startedAt, long finishedAt) {
      this.value = value;
      this.startedAt = startedAt;
      this.finishedAt = finishedAt;
    }

    boolean deleted() {
      return value == null;
    }
  }

  /** The states of one key, oldest first. */
  private static final class States {
    final ArrayDeque<State> states = new ArrayDeque<>();
    /** Whether a finished state was dropped: a read older than every kept one is then unknown. */
    boolean trimmed;
  }

  private final Map<TracePlan.Key, States> keys = new ConcurrentHashMap<>();
  private final AtomicLong finishes = new AtomicLong();
  private final AtomicLong versions = new AtomicLong();

  /** Reads judged unknowable: they began before every state kept of their key. */
  private final AtomicLong unknown = new AtomicLong();

  /** The commit counter now: a read or write transaction notes it as it begins. */
  long now() {
    return finishes.get();
  }

  /** A new value's version: unique over the replay, so each write's bytes differ. */
  long nextVersion() {
    return versions.incrementAndGet();
  }

  /** Loads {@code key} with {@code value} before the replay: finished before any read begins. */
  void loaded(TracePlan.Key key, long[] value) {
    add(key, new State(value, 0, 0));
  }

  /**
   * Adds {@code state} as it is written, before its commit: a store without transactions shows a
   * put at once; call {@link #finished} once the store's commit returned, or {@link #aborted}.
   */
  void committing(TracePlan.Key key, State state) {
    add(key, state);
  }

  /** Takes back {@code state}, written under {@code key} by a transaction that was rolled back. */
  void aborted(TracePlan.Key key, State state) {
    States s = keys.get(key);
    if (s != null) {
      synchronized (s) {
        s.states.remove(state);
      }
    }
  }

  /** Marks {@code states}, whose commit returned, finished now. */
  void finished(Iterable<State> states) {
    long at = finishes.incrementAndGet();
    for (State s : states) {
      s.finishedAt = at;
    }
  }

  private void add(TracePlan.Key key, State state) {
    States s = keys.computeIfAbsent(key, k -> new States());
    synchronized (s) {
      s.states.addLast(state);
      if (s.states.size() > KEEP && s.states.peekFirst().finishedAt != PENDING) {
        s.states.removeFirst();
        s.trimmed = true;
      }
    }
  }

  /**
   * Whether {@code found} (null: absent) under {@code key} is a state a read that began at {@code
   * begin} may see; else what it is, for the failure.
   */
  String check(TracePlan.Key key, ByteBuffer found, long begin, ReplayValues values) {
    States s = keys.get(key);
    if (s == null) {
      return found == null ? null : "found " + TraceReplay.hex(key) + ", which the replay never wrote";
    }
    State[] kept;
    boolean trimmed;
    synchronized (s) {
      kept = s.states.toArray(new State[0]);
      trimmed = s.trimmed;
    }
    // what the read may find: a state committed before it began that no other such state surely
    // followed (one whose commit began after it finished), or any state committed since or committing
    boolean anyBefore = false;
    for (State k : kept) {
      anyBefore |= k.finishedAt <= begin;
    }
    if (!anyBefore && !trimmed && found == null) {
      return null; // none finished before the read began: it may find the key absent
    }
    for (State k : kept) {
      if ((k.finishedAt > begin || !surelyFollowed(k, kept, begin)) && matches(key, found, k, values)) {
        return null;
      }
    }
    if (!anyBefore && trimmed) {
      unknown.incrementAndGet();
      return null;
    }
    return found == null ? "did not find " + TraceReplay.hex(key) + ", which the replay's commits had written"
        : "found " + found.remaining() + " bytes under " + TraceReplay.hex(key) + " that no commit the read could see"
            + " wrote (a stale or foreign value)";
  }

  /** Whether a state finished by {@code begin} began its commit after {@code state}'s finished: it surely came later. */
  private static boolean surelyFollowed(State state, State[] kept, long begin) {
    for (State k : kept) {
      if (k != state && k.finishedAt <= begin && k.startedAt >= state.finishedAt) {
        return true;
      }
    }
    return false;
  }

  private static boolean matches(TracePlan.Key key, ByteBuffer found, State state, ReplayValues values) {
    if (state.deleted() || found == null) {
      return state.deleted() && found == null;
    }
    return values.holds(key, state.value, found);
  }

  /** Reads that could not be judged ({@link #KEEP}). */
  long unknownReads() {
    return unknown.get();
  }

  /** The bytes of each key's last finished value: the store's data, flat. */
  long heldBytes() {
    long bytes = 0;
    for (Map.Entry<TracePlan.Key, States> e : keys.entrySet()) {
      synchronized (e.getValue()) {
        State last = e.getValue().states.peekLast();
        if (last != null && !last.deleted()) {
          bytes += e.getKey().bytes().length + last.value[0];
        }
      }
    }
    return bytes;
  }
}
