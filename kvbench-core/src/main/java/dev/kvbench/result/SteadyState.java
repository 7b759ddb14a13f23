package dev.kvbench.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Whether a fork's measured passes still trend: its warm-up was too short (the JIT still
 * compiling, a cache or an LSM tree still settling), so its median is a point on a slope, not a
 * steady figure. A fork trends when its passes, in the order they ran, go nearly one way
 * (Kendall's tau at least {@link #MIN_TAU}: with three passes, all three in a row) and move far
 * (the Theil–Sen slope over the fork at least {@link #MIN_DRIFT} of its median pass). Fewer than
 * {@link #MIN_PASSES} passes cannot show a trend, nor can passes shorter than {@link
 * #MIN_PASS_MILLIS}: there the clock's and the scheduler's jitter is the trend.
 */
public final class SteadyState {

  public static final int MIN_PASSES = 3;
  public static final double MIN_TAU = 0.8;
  public static final double MIN_DRIFT = 0.10;
  public static final double MIN_PASS_MILLIS = 1;

  private SteadyState() {}

  /** Whether passes of these times, in the order they ran, still trend. */
  public static boolean trends(List<Double> millisInRunOrder) {
    int n = millisInRunOrder.size();
    if (n < MIN_PASSES || millisInRunOrder.stream().sorted().toList().get((n - 1) / 2) < MIN_PASS_MILLIS) {
      return false;
    }
    double tau = kendallTau(millisInRunOrder);
    return Math.abs(tau) >= MIN_TAU && Math.abs(drift(millisInRunOrder)) >= MIN_DRIFT;
  }

  /**
   * Kendall's tau of the passes against their order: (concordant - discordant pairs) over all
   * pairs, 1 when every later pass is slower, -1 when every later pass is faster. Written out here
   * (a dozen lines) so the library needs no statistics package.
   */
  static double kendallTau(List<Double> millis) {
    int n = millis.size();
    long sum = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        sum += (long) Math.signum(millis.get(j) - millis.get(i));
      }
    }
    return sum / (n * (n - 1) / 2.0);
  }

  /**
   * The Theil–Sen slope (the median of every pair's slope) times the span of the passes, against
   * the median pass: the share by which the fork's passes moved from first to last.
   */
  static double drift(List<Double> millis) {
    int n = millis.size();
    List<Double> slopes = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        slopes.add((millis.get(j) - millis.get(i)) / (j - i));
      }
    }
    List<Double> sorted = new ArrayList<>(millis);
    Collections.sort(sorted);
    double median = sorted.get((n - 1) / 2);
    return median <= 0 ? 0 : median(slopes) * (n - 1) / median;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    Collections.sort(sorted);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
