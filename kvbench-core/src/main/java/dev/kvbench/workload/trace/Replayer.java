package dev.kvbench.workload.trace;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Store;
import java.util.Map;
import java.util.function.LongConsumer;
import org.HdrHistogram.Histogram;
import org.apiguardian.api.API;

/**
 * Replays a trace on a store: one thread for a trace whose sessions never had transactions open at
 * once ({@link TraceReplay}, every read checked exactly), a thread per recorded session where they
 * did ({@link ConcurrentReplay}: the recorded thread layout, every read checked against the states
 * the replay's commits could have left).
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public interface Replayer {

  /** States of each key a replay with a thread per session keeps for its checks. */
  int KEPT_STATES = 16;

  /**
   * The replay of {@code plan}'s trace that keeps its thread layout on a store of {@code caps}
   * (whether its writes wait for their commit decides what a concurrent read may see); the other
   * arguments as {@link TraceReplay}'s.
   */
  static Replayer of(TracePlan plan, TraceReplay.Checks checks, boolean writerReads, ReplayPace pace,
      Capabilities caps) {
    return plan.overlap() == null ? new TraceReplay(plan, checks, writerReads, pace)
        : new ConcurrentReplay(plan, checks, writerReads, pace, caps.transactions());
  }

  /** Why a store of {@code caps} cannot replay the trace this way (beyond {@link TracePlan#unsupportedReason}), or null. */
  String unsupportedReason(Capabilities caps);

  /** Loads the entries the trace found before it wrote them, untimed. */
  void load(Store store);

  /**
   * Replays every operation on {@code store}, loaded by {@link #load}; latencies by kind into
   * {@code latencies} (none where null), service times into {@code service} at the recorded timing
   * (where not null), the operations replayed so far to {@code progress} every few thousand.
   */
  TraceReplay.Outcome replay(Store store, Map<TraceKind, Histogram> latencies, Map<TraceKind, Histogram> service,
      LongConsumer progress);

  /** The bytes of the keys and values the store holds, as the replay wrote them. */
  long heldBytes();

  /** Reads the replay could not judge (older than every state it kept of their key); 0 where it judges every one. */
  default long unjudgedReads() {
    return 0;
  }
}
