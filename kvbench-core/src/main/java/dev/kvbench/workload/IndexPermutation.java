package dev.kvbench.workload;

import java.util.SplittableRandom;

/**
 * A seeded bijection on [0, n) computed per call, so a billion-key space costs a few longs, not a
 * billion-entry array.
 *
 * <p>It cycle-walks a mixing bijection on [0, 2^k), the smallest power of two >= n: apply the mix
 * until the result falls below n. Because the mix is a bijection on the larger domain, walking
 * from each x < n ends at a distinct y < n; the expected number of steps is 2^k / n < 2. Each
 * round of the mix XORs a constant, multiplies by an odd constant mod 2^k and XOR-shifts right,
 * each step invertible on k bits. Pure integer arithmetic: the same seed gives the same order on
 * every machine and JVM.
 */
public final class IndexPermutation {

  private final long n;
  private final long mask;
  private final int shift;
  // three rounds, unrolled into fields: this runs once per op in every timed pass
  private final long xor0;
  private final long xor1;
  private final long xor2;
  private final long mul0;
  private final long mul1;
  private final long mul2;

  public IndexPermutation(long n, long seed) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0: " + n);
    }
    this.n = n;
    int bits = n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    this.mask = bits == 64 ? -1L : (1L << bits) - 1;
    this.shift = Math.max(1, (bits + 1) / 2);
    SplittableRandom random = new SplittableRandom(seed);
    this.xor0 = random.nextLong() & mask;
    this.mul0 = random.nextLong() & mask | 1L;
    this.xor1 = random.nextLong() & mask;
    this.mul1 = random.nextLong() & mask | 1L;
    this.xor2 = random.nextLong() & mask;
    this.mul2 = random.nextLong() & mask | 1L;
  }

  public long size() {
    return n;
  }

  /** The index at {@code position} (0 <= position < n) of the permuted order. */
  public long apply(long position) {
    long x = position;
    do {
      x = mix(x);
    } while (x >= n);
    return x;
  }

  private long mix(long x) {
    x = ((x ^ xor0) * mul0) & mask;
    x ^= x >>> shift;
    x = ((x ^ xor1) * mul1) & mask;
    x ^= x >>> shift;
    x = ((x ^ xor2) * mul2) & mask;
    return x ^ (x >>> shift);
  }
}
