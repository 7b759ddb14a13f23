package dev.kvbench.report;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

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
 */
public record ForkRatio(double ratio, double low, double high, int baselineForks, int candidateForks) {

  /** The fewest forks a side must have for an interval: two give a t-interval with about one degree of freedom. */
  public static final int MIN_FORKS = 3;

  /** The interval's confidence. */
  public static final double CONFIDENCE = 0.95;

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
      half = new TDistribution(null, df).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2) * se;
    }
    return new ForkRatio(ratio, Math.exp(shift - half), Math.exp(shift + half), baseline.length, candidate.length);
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
    double[] x = logs(figures);
    double se = Math.sqrt(variance(x) / x.length);
    double half = se == 0 ? 0
        : new TDistribution(null, x.length - 1).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2) * se;
    return new double[] {Math.exp(mean(x) - half), Math.exp(mean(x) + half)};
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

  static double median(double[] values) {
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
