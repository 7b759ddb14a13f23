package dev.kvbench.workload;

import java.util.SplittableRandom;

/**
 * One client thread's source of key indices under a {@link RequestDistribution}. Not thread-safe:
 * each thread has its own, seeded from the pass's seed and its thread number. The YCSB
 * distributions draw as YCSB 0.17's CoreWorkload does ({@code nextKeynum}): uniform, hotspot and
 * sequential over the loaded keys, zipfian folded onto the key space and drawn again while above
 * the newest key present, latest and exponential counted back from the newest key present.
 */
public final class KeyChooser {

  /** Hotspot: the share of the keys that is hot (YCSB's hotspotdatafraction default). */
  public static final double HOT_SET_FRACTION = 0.2;

  /** Hotspot: the share of the operations that go to the hot set (YCSB's hotspotopnfraction default). */
  public static final double HOT_OP_FRACTION = 0.8;

  private final KeyDraws draws;
  private final SplittableRandom random;
  private final IndexPermutation order;
  private final long hotKeys;
  private YcsbZipfian latest;
  private long position;

  /**
   * @param draws the phase's shared draws
   * @param seed this pass's seed
   * @param thread this client's number: its draws are its own
   */
  public KeyChooser(KeyDraws draws, long seed, int thread) {
    this.draws = draws;
    long own = seed ^ (0x9E37_79B9_7F4A_7C15L * (thread + 1));
    this.random = new SplittableRandom(own);
    this.latest = draws.latest();
    RequestDistribution d = draws.distribution();
    // the readers' order is each thread's own; zipfian-loaded's scramble is one for all threads
    // and every pass (its hot keys are the same keys)
    this.order = d == RequestDistribution.PERMUTATION ? new IndexPermutation(draws.loaded(), own)
        : d == RequestDistribution.ZIPFIAN_LOADED ? new IndexPermutation(draws.loaded(), 0x5C7A_3B1E_0F2D_4A69L) : null;
    // YCSB: (int) (interval * hotsetFraction)
    this.hotKeys = (int) (draws.loaded() * HOT_SET_FRACTION);
  }

  /** The next key index, below {@code present}: every key below it exists (at least the loaded ones). */
  public long next(long present) {
    return switch (draws.distribution()) {
      case UNIFORM -> random.nextLong(draws.loaded());
      case ZIPFIAN -> {
        long k;
        do {
          k = Fnv.hash64(draws.scrambled().rank(random.nextDouble())) % draws.keySpace();
        } while (k >= present);
        yield k;
      }
      case LATEST -> {
        long newest = present - 1;
        if (newest > latest.items()) {
          latest = latest.grownTo(newest);
        }
        yield newest - latest.rank(random.nextDouble());
      }
      case HOTSPOT -> {
        if (hotKeys == 0 || hotKeys == draws.loaded()) {
          yield random.nextLong(draws.loaded());
        }
        yield random.nextDouble() < HOT_OP_FRACTION ? random.nextLong(hotKeys)
            : hotKeys + random.nextLong(draws.loaded() - hotKeys);
      }
      case EXPONENTIAL -> {
        // YCSB: lastValue - (int) (-ln(u) / gamma), drawn again below 0
        long k;
        do {
          k = (present - 1) - (int) (-Math.log(random.nextDouble()) / draws.exponentialRate());
        } while (k < 0);
        yield k;
      }
      // YCSB's SequentialGenerator(insertstart 0, insertcount - 1): counter % insertcount, insertcount the loaded keys
      case SEQUENTIAL -> draws.sequence().getAndIncrement() % draws.loaded();
      case ZIPFIAN_LOADED -> order.apply(draws.loadedZipfian().rank(random.nextDouble()));
      case PERMUTATION -> order.apply(position++ % draws.loaded());
    };
  }

  /** A uniform draw in [0, 1): which operation comes next. */
  public double nextShare() {
    return random.nextDouble();
  }

  /** A uniform draw in [1, max]: a scan's length (YCSB's uniform scan length from 1). */
  public int nextScanLength(int max) {
    return 1 + random.nextInt(max);
  }

  /** A uniform draw in [0, fields): which field an update writes (YCSB's fieldchooser). */
  public int nextField(int fields) {
    return random.nextInt(fields);
  }
}
