package dev.kvbench.run;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The keys a custom operation wrote its own bytes to or deleted, one bit each, shared by every
 * client of a phase: kvbench checks every other key against the values it wrote, and leaves these
 * to the operation that owns them. Keys beyond the ones loaded when the phase started are not
 * checked at all, so they need no bit.
 */
final class OperationKeys {

  private final AtomicLongArray bits;
  private final long keys;

  OperationKeys(long keys) {
    this.keys = keys;
    this.bits = new AtomicLongArray((int) Math.max(1, (Math.min(keys, (long) Integer.MAX_VALUE * 64) + 63) / 64));
  }

  /** The operation owns key {@code index} from now on. */
  void take(long index) {
    if (index < 0 || index >= keys) {
      return;
    }
    int word = (int) (index >>> 6);
    long bit = 1L << (index & 63);
    long now = bits.get(word);
    while ((now & bit) == 0 && !bits.compareAndSet(word, now, now | bit)) {
      now = bits.get(word);
    }
  }

  /** Whether an operation wrote or deleted key {@code index}. */
  boolean taken(long index) {
    return index >= 0 && index < keys && (bits.get((int) (index >>> 6)) & (1L << (index & 63))) != 0;
  }
}
