package dev.kvbench.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The percentile bootstrap of a sample's median: resample the sample with replacement many times,
 * take each resample's median, and read the interval off their distribution. For figures that no
 * normal model fits and that take few distinct values: a rate sweep's forks each find a capacity
 * on the sweep's grid of rates, so their median's interval stays on that grid, where a t-interval
 * of three grid points (20,000, 400,000, 400,000) would reach from 2,000 to ten million.
 * Repeatable: the resamples are drawn from a fixed seed.
 */
public final class Bootstrap {

  private Bootstrap() {}

  /** Resamples drawn: enough that the 2.5th and 97.5th percentiles of the medians settle. */
  public static final int RESAMPLES = 10_000;

  private static final long SEED = 20160710;

  /**
   * The {@link LogInterval#CONFIDENCE} interval of the median of {@code sample} (two values or
   * more): {low, high}, each a median of a resample, so a value the sample could have as its median.
   */
  public static double[] medianInterval(double[] sample) {
    return medianInterval(sample, LogInterval.CONFIDENCE, RESAMPLES, SEED);
  }

  /** {@link #medianInterval(double[])} at {@code confidence} over {@code resamples} resamples from {@code seed}. */
  public static double[] medianInterval(double[] sample, double confidence, int resamples, long seed) {
    if (sample.length < 2) {
      throw new IllegalArgumentException("a bootstrap needs two values or more, got " + sample.length);
    }
    if (!(confidence > 0 && confidence < 1) || resamples < 1) {
      throw new IllegalArgumentException("confidence must lie between 0 and 1 and resamples be 1 or more, got "
          + confidence + " and " + resamples);
    }
    SplittableRandom random = new SplittableRandom(seed);
    double[] medians = new double[resamples];
    double[] resample = new double[sample.length];
    for (int r = 0; r < resamples; r++) {
      for (int i = 0; i < sample.length; i++) {
        resample[i] = sample[random.nextInt(sample.length)];
      }
      medians[r] = ForkRatio.median(resample);
    }
    Arrays.sort(medians);
    double tail = (1 - confidence) / 2;
    int low = (int) Math.floor(tail * (resamples - 1));
    int high = (int) Math.ceil((1 - tail) * (resamples - 1));
    return new double[] {medians[low], medians[high]};
  }
}
