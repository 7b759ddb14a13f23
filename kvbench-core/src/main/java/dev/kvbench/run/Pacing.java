package dev.kvbench.run;

import dev.kvbench.measure.LatencySampler;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.LockSupport;

/** What the threaded loops share for time and memory: waiting for an intended start, padded buffers. */
final class Pacing {

  /** Bytes of padding on each side of a thread's buffers: two cache lines, beyond any prefetch pair. */
  private static final int PADDING = 128;

  private Pacing() {}

  /**
   * A direct buffer of {@code size} bytes that shares no cache line with another thread's: the
   * key a loop writes every op would otherwise sit beside another thread's in the native heap.
   */
  static ByteBuffer ownCacheLines(int size) {
    return ByteBuffer.allocateDirect(size + 2 * PADDING).position(PADDING).limit(PADDING + size).slice();
  }

  /** {@code nanos} within what a latency histogram records. */
  static long clamp(long nanos) {
    return Math.min(Math.max(nanos, 0), LatencySampler.HIGHEST_NANOS);
  }

  /** Waits for {@code when} (nanoTime): parks while far off, spins the last stretch; returns the time it woke. */
  static long waitUntil(long when) {
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
}
