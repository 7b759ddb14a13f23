package dev.kvbench.run;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The counts a pass's client threads publish for others to read: ops done (for progress and the
 * throughput-over-time chart) and keys inserted (so every client knows which keys exist). Each
 * thread writes only its own slot, on a cache line of its own, every {@link #PUBLISH_EVERY} ops;
 * the measured loop takes no lock and touches no shared counter per op.
 */
final class ClientCounts {

  /** Ops between a thread's publications of its counts, and its checks of the clock in timed passes. */
  static final int PUBLISH_EVERY = 64;

  /** Slots apart in the arrays: each thread's slot on a cache line of its own. */
  private static final int STRIDE = 16;

  private final int threads;
  private final AtomicLongArray opsDone;
  private final AtomicLongArray inserted;

  ClientCounts(int threads) {
    this.threads = threads;
    this.opsDone = new AtomicLongArray(threads * STRIDE);
    this.inserted = new AtomicLongArray(threads * STRIDE);
  }

  void publishOps(int thread, long ops) {
    opsDone.setOpaque(thread * STRIDE, ops);
  }

  void publishInserts(int thread, long inserts) {
    inserted.setOpaque(thread * STRIDE, inserts);
  }

  /** Ops done so far by all threads, as last published. */
  long opsDone() {
    long s = 0;
    for (int t = 0; t < threads; t++) {
      s += opsDone.getOpaque(t * STRIDE);
    }
    return s;
  }

  /** The fewest inserts any thread has published: every thread's keys up to that count exist. */
  long leastInserted() {
    long least = Long.MAX_VALUE;
    for (int t = 0; t < threads; t++) {
      least = Math.min(least, inserted.getOpaque(t * STRIDE));
    }
    return least;
  }
}
