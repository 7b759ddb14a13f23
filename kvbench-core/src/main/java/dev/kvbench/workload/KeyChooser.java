package dev.kvbench.workload;

import java.util.SplittableRandom;

/**
 * One client thread's source of key indices under a {@link RequestDistribution}. Not thread-safe:
 * each thread has its own, seeded from the master seed and its thread number, so a run draws the
 * same keys every time. Uniform, hotspot and latest ask among the keys known to exist ({@code
 * present}: indices 0 to present - 1), inserts included; zipfian among the keys its ranks were
 * computed for (the store's keys as the phase starts), as YCSB's scrambled zipfian does.
 */
public final class KeyChooser {

  /** Hotspot: the share of the keys that is hot (YCSB's hotspotdatafraction default). */
  public static final double HOT_SET_FRACTION = 0.2;

  /** Hotspot: the share of the operations that go to the hot set (YCSB's hotspotopnfraction default). */
  public static final double HOT_OP_FRACTION = 0.8;

  private final RequestDistribution distribution;
  private final SplittableRandom random;
  private final long loaded;
  private final IndexPermutation order;
  private Zipfian zipfian;
  private long position;

  /**
   * @param loaded keys in the store when the workload starts (indices 0 to loaded - 1)
   * @param zipfian the zipfian ranks over {@code loaded} items, computed once and shared, for
   *     {@code ZIPFIAN} and {@code LATEST}; null for the other distributions
   * @param seed the run's master seed
   * @param thread this client's number: its draws are its own
   */
  public KeyChooser(RequestDistribution distribution, long loaded, Zipfian zipfian, long seed, int thread) {
    if ((distribution == RequestDistribution.ZIPFIAN || distribution == RequestDistribution.LATEST)
        && zipfian == null) {
      throw new IllegalArgumentException(distribution.id() + " needs the zipfian ranks");
    }
    this.distribution = distribution;
    long own = seed ^ (0x9E37_79B9_7F4A_7C15L * (thread + 1));
    this.random = new SplittableRandom(own);
    this.loaded = loaded;
    this.zipfian = zipfian;
    // zipfian's scramble is the same for every thread (the hot keys are the same keys); the
    // readers' order is each thread's own
    this.order = distribution == RequestDistribution.PERMUTATION ? new IndexPermutation(loaded, own)
        : new IndexPermutation(zipfian == null ? loaded : zipfian.items(), seed ^ 0x5C7A_3B1E_0F2D_4A69L);
  }

  /** The next key index, below {@code present} (at least the loaded count). */
  public long next(long present) {
    return switch (distribution) {
      case UNIFORM -> random.nextLong(present);
      case ZIPFIAN -> order.apply(zipfian.rank(random.nextDouble()));
      case LATEST -> {
        if (present > zipfian.items()) {
          zipfian = zipfian.grownTo(present);
        }
        yield present - 1 - zipfian.rank(random.nextDouble());
      }
      case HOTSPOT -> {
        long hot = Math.max(1, (long) (present * HOT_SET_FRACTION));
        yield random.nextDouble() < HOT_OP_FRACTION || hot == present ? random.nextLong(hot)
            : hot + random.nextLong(present - hot);
      }
      case PERMUTATION -> order.apply(position++ % loaded);
    };
  }

  /** A uniform draw in [0, 1): which operation comes next. */
  public double nextShare() {
    return random.nextDouble();
  }

  /** A uniform draw in [1, max]: a scan's length. */
  public int nextScanLength(int max) {
    return 1 + random.nextInt(max);
  }
}
