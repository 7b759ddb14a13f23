package dev.kvbench.workload;

/**
 * What every client of a phase draws keys from, computed once per phase and shared: the
 * distribution, the keys loaded when the phase starts, and the zipfian sums it needs.
 *
 * @param distribution which keys are asked for
 * @param loaded keys in the store when the phase starts (indices 0 to loaded - 1): YCSB's insertcount
 * @param keySpace what YCSB's scrambled zipfian folds its ranks onto: loaded + expected new keys + 1
 * @param scrambled the 10^10-rank zipfian of {@link RequestDistribution#ZIPFIAN}
 * @param latest the zipfian over insertion order of {@link RequestDistribution#LATEST}
 * @param loadedZipfian the zipfian over the loaded keys of {@link RequestDistribution#ZIPFIAN_LOADED}
 * @param exponentialRate the rate (YCSB's gamma) of {@link RequestDistribution#EXPONENTIAL}; 0 otherwise
 * @param sequence the next position of {@link RequestDistribution#SEQUENTIAL}, shared by the
 *     phase's clients; null otherwise
 */
public record KeyDraws(RequestDistribution distribution, long loaded, long keySpace, YcsbZipfian scrambled,
    YcsbZipfian latest, Zipfian loadedZipfian, double exponentialRate, java.util.concurrent.atomic.AtomicLong sequence) {

  /** YCSB's exponential.percentile default: this percentile of the draws ... */
  public static final double EXPONENTIAL_PERCENTILE = 95;

  /** ... lies this share of the loaded keys back from the newest (YCSB's exponential.frac default, 1/7 short of 1). */
  public static final double EXPONENTIAL_FRACTION = 0.8571428571;

  /**
   * The draws of {@code distribution} over {@code loaded} keys for a phase expected to insert
   * {@code expectedInserts} keys, with zipfian constant {@code theta}. YCSB doubles the expected
   * inserts ("2 is fudge factor") so that most inserted keys can be drawn.
   */
  public static KeyDraws of(RequestDistribution distribution, long loaded, long expectedInserts, double theta) {
    if (loaded < 1) {
      throw new IllegalArgumentException("a " + distribution.id() + " workload needs at least one loaded key");
    }
    return switch (distribution) {
      case ZIPFIAN -> new KeyDraws(distribution, loaded, loaded + 2 * expectedInserts + 1,
          YcsbZipfian.scrambled(theta), null, null, 0, null);
      // YCSB's SkewedLatestGenerator: ZipfianGenerator(lastValue), the last loaded key's index
      case LATEST -> new KeyDraws(distribution, loaded, loaded, null, YcsbZipfian.over(Math.max(1, loaded - 1), theta),
          null, 0, null);
      case ZIPFIAN_LOADED -> new KeyDraws(distribution, loaded, loaded, null, null, new Zipfian(loaded, theta), 0, null);
      // YCSB's ExponentialGenerator(percentile, recordcount * frac): gamma = -ln(1 - percentile / 100) / range
      case EXPONENTIAL -> new KeyDraws(distribution, loaded, loaded, null, null, null,
          -Math.log(1.0 - EXPONENTIAL_PERCENTILE / 100.0) / (loaded * EXPONENTIAL_FRACTION), null);
      case SEQUENTIAL -> new KeyDraws(distribution, loaded, loaded, null, null, null, 0,
          new java.util.concurrent.atomic.AtomicLong());
      default -> new KeyDraws(distribution, loaded, loaded, null, null, null, 0, null);
    };
  }
}
