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

  private static final int ROUNDS = 3;

  private final long n;
  private final long mask;
  private final int shift;
  private final long[] xors = new long[ROUNDS];
  private final long[] multipliers = new long[ROUNDS];

  public IndexPermutation(long n, long seed) {
    if (n < 0) {
      throw new IllegalArgumentException("n must be >= 0: " + n);
    }
    this.n = n;
    int bits = n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
    this.mask = bits == 64 ? -1L : (1L << bits) - 1;
    this.shift = Math.max(1, (bits + 1) / 2);
    SplittableRandom random = new SplittableRandom(seed);
    for (int r = 0; r < ROUNDS; r++) {
      xors[r] = random.nextLong() & mask;
      multipliers[r] = (random.nextLong() | 1L) & mask | 1L;
    }
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
    for (int r = 0; r < ROUNDS; r++) {
      x = ((x ^ xors[r]) * multipliers[r]) & mask;
      x ^= x >>> shift;
    }
    return x;
  }
}
