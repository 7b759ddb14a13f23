package dev.kvbench.stats;

import dev.kvbench.stats.LogInterval;
import java.util.Arrays;

/**
 * How much slower or faster a candidate is than its baseline, from one figure per fork on each
 * side (each fork's median pass): the ratio of the two sides' medians, and a confidence interval
 * for it from Welch's t on the logarithms of the figures (times are skewed and compare as ratios,
 * so their logs are the scale on which the two sides differ by a shift). Forks are the samples
 * because what varies between runs is mostly the JVM, not the pass inside one (Kalibera & Jones,
 * "Rigorous benchmarking in reasonable time", 2013).
 *
 * @param ratio candidate's median over the baseline's (the lower median for an even count, the
 *     phase's figure)
 * @param low lower end of the interval
 * @param high upper end of the interval
 * @param baselineForks how many figures the baseline had
 * @param candidateForks how many figures the candidate had
 * @param pairing whether the interval came from the two sides' forks apart, or from pairs of forks
 *     that ran in the same round of one run ({@link #paired})
 */
public record ForkRatio(double ratio, double low, double high, int baselineForks, int candidateForks,
    Pairing pairing) {

  /** How the two sides' forks were set against each other. */
  public enum Pairing {
    /** Each side's forks as one sample (Welch's t): two runs, or forks that did not run side by side. */
    UNPAIRED("unpaired"),
    /**
     * Fork k of one side against fork k of the other, which ran in the same round of one run, back to
     * back (a paired t on their log-ratios): drift of the host between rounds falls on both alike and cancels.
     */
    BY_ROUND("paired by round");

    private final String id;

    Pairing(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }
  }

  /** An unpaired ratio. */
  public ForkRatio(double ratio, double low, double high, int baselineForks, int candidateForks) {
    this(ratio, low, high, baselineForks, candidateForks, Pairing.UNPAIRED);
  }

  public ForkRatio {
    pairing = pairing == null ? Pairing.UNPAIRED : pairing;
  }

  /** The fewest forks a side must have for an interval: two give a t-interval with about one degree of freedom. */
  public static final int MIN_FORKS = 3;

  /** The interval's confidence. */
  public static final double CONFIDENCE = LogInterval.CONFIDENCE;

  /**
   * The ratio of {@code candidate}'s median to {@code baseline}'s with its interval; the interval
   * is NaN when a side has fewer than {@link #MIN_FORKS} figures. Every figure must be above 0.
   */
  public static ForkRatio of(double[] baseline, double[] candidate) {
    double ratio = median(candidate) / median(baseline);
    if (baseline.length < MIN_FORKS || candidate.length < MIN_FORKS) {
      return new ForkRatio(ratio, Double.NaN, Double.NaN, baseline.length, candidate.length);
    }
    double[] x = logs(baseline);
    double[] y = logs(candidate);
    double vx = variance(x) / x.length;
    double vy = variance(y) / y.length;
    double shift = mean(y) - mean(x);
    double se = Math.sqrt(vx + vy);
    double half;
    if (se == 0) {
      half = 0; // neither side varies: the shift is exact
    } else {
      // Welch-Satterthwaite degrees of freedom
      double df = (vx + vy) * (vx + vy) / (vx * vx / (x.length - 1) + vy * vy / (y.length - 1));
      half = LogInterval.tQuantile(df) * se;
    }
    return new ForkRatio(ratio, Math.exp(shift - half), Math.exp(shift + half), baseline.length, candidate.length);
  }

  /**
   * The ratio of {@code candidate}'s median to {@code baseline}'s, its interval from the pairs: {@code
   * baseline[i]} and {@code candidate[i]} ran in the same round, so the interval is a one-sample t
   * on the logs of {@code candidate[i] / baseline[i]} (Kalibera & Jones's paired design). NaN with
   * fewer than {@link #MIN_FORKS} pairs. Every figure must be above 0.
   */
  public static ForkRatio paired(double[] baseline, double[] candidate) {
    if (baseline.length != candidate.length) {
      throw new IllegalArgumentException("paired figures come in pairs: " + baseline.length + " baseline, "
          + candidate.length + " candidate");
    }
    int n = baseline.length;
    double ratio = n == 0 ? Double.NaN : median(candidate) / median(baseline);
    if (n < MIN_FORKS) {
      return new ForkRatio(ratio, Double.NaN, Double.NaN, n, n, Pairing.BY_ROUND);
    }
    double[] x = logs(baseline);
    double[] y = logs(candidate);
    double[] d = new double[n];
    for (int i = 0; i < n; i++) {
      d[i] = y[i] - x[i];
    }
    LogInterval shift = LogInterval.of(d);
    return new ForkRatio(ratio, shift.low(), shift.high(), n, n, Pairing.BY_ROUND);
  }

  /**
   * The 95 % interval of one side's typical figure, from one figure per fork: the geometric mean's
   * t-interval on the logarithms, the same scale {@link #of} compares on; null with fewer than
   * {@link #MIN_FORKS} figures or with one that is not above 0.
   */
  public static double[] interval(double[] figures) {
    if (figures.length < MIN_FORKS || Arrays.stream(figures).anyMatch(f -> !(f > 0))) {
      return null; // a figure of 0 (a pass shorter than the clock's tick) has no logarithm
    }
    LogInterval typical = LogInterval.of(logs(figures));
    return new double[] {typical.low(), typical.high()};
  }

  /** How wide the interval is, in percent of the ratio: 100 (high / low - 1). NaN without one. */
  public double widthPercent() {
    return 100 * (high / low - 1);
  }

  /** Whether there were forks enough on both sides for an interval. */
  public boolean hasInterval() {
    return !Double.isNaN(low);
  }

  /** Whether the ratio differs from 1 by more than {@code percent}, either way (1.05 and 1/1.05 for 5). */
  public boolean beyond(double percent) {
    return Math.abs(Math.log(ratio)) > Math.log1p(percent / 100);
  }

  /** The most forks a side {@link #forksToDecide} estimates; beyond it the change is too close to call. */
  public static final int MOST_FORKS_ESTIMATED = 1000;

  /**
   * About how many forks a side would decide this comparison at {@code minEffectPercent}: show the
   * interval inside ±the effect (equivalent) or clear of 1 (a difference), if the spread of the
   * forks stays as it is and the interval narrows as one over the root of the forks (a slight
   * overestimate: the t quantile shrinks too). 0 where it is decided already; {@link
   * #MOST_FORKS_ESTIMATED} + 1 where the change sits on the edge of the effect; -1 without an
   * interval.
   */
  public int forksToDecide(double minEffectPercent) {
    if (!hasInterval()) {
      return -1;
    }
    double centre = (Math.log(low) + Math.log(high)) / 2;
    double half = (Math.log(high) - Math.log(low)) / 2;
    double band = Math.log1p(minEffectPercent / 100);
    // equivalence needs the interval inside the band; a difference needs it clear of 1
    double room = Math.abs(centre) < band ? band - Math.abs(centre) : Math.abs(centre);
    if (Math.abs(Math.abs(centre) - band) < 1e-9) {
      return MOST_FORKS_ESTIMATED + 1; // on the effect itself: neither side of it can be shown
    }
    if (half < room) {
      return 0;
    }
    int forks = Math.min(baselineForks, candidateForks);
    double needed = forks * (half / room) * (half / room);
    return needed > MOST_FORKS_ESTIMATED || !(room > 0) ? MOST_FORKS_ESTIMATED + 1 : (int) Math.ceil(needed);
  }

  public static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    // the lower one for an even count, as a phase's figure is: a real fork's, never an average of two
    return sorted[(sorted.length - 1) / 2];
  }

  private static double[] logs(double[] values) {
    double[] logs = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      if (!(values[i] > 0)) {
        throw new IllegalArgumentException("a fork's figure must be above 0, got " + values[i]);
      }
      logs[i] = Math.log(values[i]);
    }
    return logs;
  }

  private static double mean(double[] v) {
    return Arrays.stream(v).average().orElse(Double.NaN);
  }

  private static double variance(double[] v) {
    double m = mean(v);
    return Arrays.stream(v).map(d -> (d - m) * (d - m)).sum() / (v.length - 1);
  }
}
