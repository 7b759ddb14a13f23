package dev.kvbench.workload;

/**
 * Zipfian ranks over [0, n): rank 0 is the most popular, rank i drawn with probability
 * proportional to 1 / (i + 1)^theta. The algorithm of Gray et al., "Quickly Generating
 * Billion-Record Synthetic Databases" (SIGMOD 1994): one uniform draw and one {@code pow} per
 * rank, after an O(n) sum (zeta) computed once, clamped to n - 1. Immutable; {@link #grownTo}
 * extends the sum. What {@link RequestDistribution#ZIPFIAN_LOADED} draws from; YCSB's own
 * generator, term for term, is {@link YcsbZipfian}.
 */
public final class Zipfian {

  /** YCSB's default constant. */
  public static final double DEFAULT_CONSTANT = 0.99;

  private final long n;
  private final double theta;
  private final double zetaN;
  private final double zeta2;
  private final double alpha;
  private final double eta;
  private final double half;

  public Zipfian(long n, double theta) {
    this(n, theta, zeta(0, n, theta, 0));
  }

  private Zipfian(long n, double theta, double zetaN) {
    if (n < 1) {
      throw new IllegalArgumentException("a zipfian distribution needs at least one item, got " + n);
    }
    checkConstant(theta);
    this.n = n;
    this.theta = theta;
    this.zetaN = zetaN;
    this.zeta2 = zeta(0, 2, theta, 0);
    this.alpha = 1.0 / (1.0 - theta);
    this.eta = n < 2 ? 0 : (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetaN);
    this.half = 1 + Math.pow(0.5, theta);
  }

  /** The constant must lie strictly between 0 and 1: the algorithm's closed form needs it. */
  public static void checkConstant(double theta) {
    if (!(theta > 0 && theta < 1)) {
      throw new IllegalArgumentException("zipfianConstant must be above 0 and below 1 (YCSB's default is 0.99), got "
          + theta);
    }
  }

  public long items() {
    return n;
  }

  /** The same distribution over {@code more} >= n items, its sum extended by the new terms only. */
  public Zipfian grownTo(long more) {
    if (more <= n) {
      return this;
    }
    return new Zipfian(more, theta, zeta(n, more, theta, zetaN));
  }

  /** A rank in [0, n) from a uniform {@code u} in [0, 1). */
  public long rank(double u) {
    double uz = u * zetaN;
    if (uz < 1) {
      return 0;
    }
    if (uz < half) {
      return 1;
    }
    return Math.min(n - 1, (long) (n * Math.pow(eta * u - eta + 1, alpha)));
  }

  private static double zeta(long from, long to, double theta, double initial) {
    double sum = initial;
    for (long i = from; i < to; i++) {
      sum += 1 / Math.pow(i + 1, theta);
    }
    return sum;
  }
}
