package dev.kvbench.stats;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The t-interval of the mean of logarithms (of times, or of ratios of paired times): times are
 * skewed and compare as ratios, so their logs are the scale on which intervals are taken, and
 * {@code exp} of the ends is the interval of the geometric mean or ratio.
 *
 * @param mean the mean of the logs
 * @param half the interval's half-width on the log scale (0 when the values do not vary)
 */
public record LogInterval(double mean, double half) {

  /** The confidence of every interval kvbench states. */
  public static final double CONFIDENCE = 0.95;

  /** The interval of the mean of {@code logs}, two or more of them, at {@link #CONFIDENCE}. */
  public static LogInterval of(double[] logs) {
    return of(logs, CONFIDENCE);
  }

  /** The interval of the mean of {@code logs}, two or more of them, at {@code confidence}. */
  public static LogInterval of(double[] logs, double confidence) {
    if (logs.length < 2) {
      throw new IllegalArgumentException("an interval needs two values or more, got " + logs.length);
    }
    double mean = Arrays.stream(logs).average().orElseThrow();
    double variance = Arrays.stream(logs).map(d -> (d - mean) * (d - mean)).sum() / (logs.length - 1);
    double se = Math.sqrt(variance / logs.length);
    double half = se == 0 ? 0 : tQuantile(logs.length - 1, confidence) * se;
    return new LogInterval(mean, half);
  }

  /** The two-sided {@link #CONFIDENCE} quantile of Student's t with {@code degreesOfFreedom} (not only whole ones). */
  public static double tQuantile(double degreesOfFreedom) {
    return tQuantile(degreesOfFreedom, CONFIDENCE);
  }

  private static double tQuantile(double degreesOfFreedom, double confidence) {
    return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability(1 - (1 - confidence) / 2);
  }

  /** The interval's low end on the original scale. */
  public double low() {
    return Math.exp(mean - half);
  }

  /** The interval's high end on the original scale. */
  public double high() {
    return Math.exp(mean + half);
  }

  /** How wide the interval is, in percent of its low end: 100 (high / low - 1). */
  public double widthPercent() {
    return 100 * Math.expm1(2 * half);
  }
}
