package dev.kvbench.workload;

/**
 * YCSB's 64-bit FNV-1 hash of a long ({@code site.ycsb.Utils.fnvhash64}): the eight bytes low
 * first, then the absolute value. It folds YCSB's scrambled zipfian onto the key space and names
 * its keys; kvbench must hash alike to draw the same keys.
 */
public final class Fnv {

  private static final long OFFSET_BASIS = 0xCBF29CE484222325L;
  private static final long PRIME = 1099511628211L;

  private Fnv() {}

  /** {@code fnvhash64(value)}: non-negative, except for the one hash whose absolute value is Long.MIN_VALUE. */
  public static long hash64(long value) {
    long hash = OFFSET_BASIS;
    long v = value;
    for (int i = 0; i < 8; i++) {
      hash ^= v & 0xFF;
      // arithmetic shift, as YCSB's: a negative value shifts in ones
      v >>= 8;
      hash *= PRIME;
    }
    return Math.abs(hash);
  }
}
