package dev.kvbench.workload;

/**
 * YCSB 0.17's {@code ZipfianGenerator}, term for term: ranks 0..items-1 (occasionally {@code
 * items}, as YCSB's own can return) from one uniform draw, the constant {@code theta}, and the sum
 * zeta(n) grown incrementally when the item count grows, with {@code eta} kept from the first item
 * count as YCSB keeps it. Immutable: {@link #grownTo} returns the grown distribution.
 *
 * <p>The scrambled zipfian draws over {@link #SCRAMBLED_ITEMS} items; its zeta is YCSB's
 * precomputed constant for 0.99 and, for another constant, the Euler-Maclaurin sum (a direct sum
 * over 10^10 terms would take minutes; YCSB 0.17 never uses another constant there).
 */
public final class YcsbZipfian {

  /** The items YCSB's ScrambledZipfianGenerator draws over: ZipfianGenerator(0, 10^10), so 10^10 + 1. */
  public static final long SCRAMBLED_ITEMS = 10_000_000_000L + 1;

  /** YCSB's precomputed zeta(10^10, 0.99) (ScrambledZipfianGenerator.ZETAN). */
  public static final double SCRAMBLED_ZETA = 26.46902820178302;

  private final long items;
  private final long countForZeta;
  private final double theta;
  private final double zetaN;
  private final double zeta2;
  private final double alpha;
  private final double eta;

  private YcsbZipfian(long items, long countForZeta, double theta, double zetaN) {
    Zipfian.checkConstant(theta);
    this.items = items;
    this.countForZeta = countForZeta;
    this.theta = theta;
    this.zetaN = zetaN;
    this.zeta2 = sum(0, 2, theta, 0);
    this.alpha = 1.0 / (1.0 - theta);
    // YCSB recomputes eta from the first item count, also after zeta grows
    this.eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetaN);
  }

  /** YCSB's {@code new ZipfianGenerator(items)} with constant {@code theta}. */
  public static YcsbZipfian over(long items, double theta) {
    if (items < 1) {
      throw new IllegalArgumentException("a zipfian distribution needs at least one item, got " + items);
    }
    return new YcsbZipfian(items, items, theta, zeta(items, theta));
  }

  /** The zipfian under YCSB's ScrambledZipfianGenerator: 10^10 + 1 items. */
  public static YcsbZipfian scrambled(double theta) {
    double z = theta == Zipfian.DEFAULT_CONSTANT ? SCRAMBLED_ZETA : zeta(SCRAMBLED_ITEMS, theta);
    return new YcsbZipfian(SCRAMBLED_ITEMS, SCRAMBLED_ITEMS, theta, z);
  }

  public long items() {
    return countForZeta;
  }

  /**
   * The same distribution over {@code more} items: zeta extended by the new terms, eta kept, as
   * YCSB's {@code nextLong(itemcount)} does when the count grows.
   */
  public YcsbZipfian grownTo(long more) {
    if (more <= countForZeta) {
      return this;
    }
    return new YcsbZipfian(items, more, theta, sum(countForZeta, more, theta, zetaN));
  }

  /** YCSB's {@code nextLong(countForZeta)} for the uniform draw {@code u} in [0, 1). */
  public long rank(double u) {
    double uz = u * zetaN;
    if (uz < 1.0) {
      return 0;
    }
    if (uz < 1.0 + Math.pow(0.5, theta)) {
      return 1;
    }
    return (long) (countForZeta * Math.pow(eta * u - eta + 1, alpha));
  }

  /** zeta(n) = sum of 1 / i^theta for i = 1..n: directly up to 10^7 terms, else Euler-Maclaurin. */
  static double zeta(long n, double theta) {
    long direct = 10_000_000L;
    if (n <= direct) {
      return sum(0, n, theta, 0);
    }
    // sum to K directly, the tail from K+1 to n by Euler-Maclaurin with two correction terms
    long k = 100_000L;
    double head = sum(0, k, theta, 0);
    double a = k + 1;
    double b = n;
    double integral = (Math.pow(b, 1 - theta) - Math.pow(a, 1 - theta)) / (1 - theta);
    double ends = (Math.pow(a, -theta) + Math.pow(b, -theta)) / 2;
    // f'(x) = -theta x^(-theta-1); the B2 term is (f'(b) - f'(a)) / 12
    double b2 = (-theta * Math.pow(b, -theta - 1) + theta * Math.pow(a, -theta - 1)) / 12;
    // f'''(x) = -theta (theta+1) (theta+2) x^(-theta-3); the B4 term is -(f'''(b) - f'''(a)) / 720
    double c = theta * (theta + 1) * (theta + 2);
    double b4 = -(-c * Math.pow(b, -theta - 3) + c * Math.pow(a, -theta - 3)) / 720;
    return head + integral + ends + b2 + b4;
  }

  private static double sum(long from, long to, double theta, double initial) {
    double s = initial;
    for (long i = from; i < to; i++) {
      s += 1 / Math.pow(i + 1, theta);
    }
    return s;
  }
}
