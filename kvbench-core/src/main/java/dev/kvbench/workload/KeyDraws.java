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
 */
public record KeyDraws(RequestDistribution distribution, long loaded, long keySpace, YcsbZipfian scrambled,
    YcsbZipfian latest, Zipfian loadedZipfian) {

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
          YcsbZipfian.scrambled(theta), null, null);
      // YCSB's SkewedLatestGenerator: ZipfianGenerator(lastValue), the last loaded key's index
      case LATEST -> new KeyDraws(distribution, loaded, loaded, null, YcsbZipfian.over(Math.max(1, loaded - 1), theta),
          null);
      case ZIPFIAN_LOADED -> new KeyDraws(distribution, loaded, loaded, null, null, new Zipfian(loaded, theta));
      default -> new KeyDraws(distribution, loaded, loaded, null, null, null);
    };
  }
}
