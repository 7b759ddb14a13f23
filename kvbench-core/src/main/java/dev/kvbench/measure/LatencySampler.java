package dev.kvbench.measure;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * Decides which operations of a pass are timed and records their latency.
 *
 * <p>Two {@code System.nanoTime} calls cost about as much as an LMDB cursor step, so timing every
 * op would distort the very pass time we report. Instead about one op in {@code meanInterval} is
 * timed; the gap to the next timed op is drawn uniformly from [1, 2 x meanInterval - 1] so the
 * sample cannot lock onto a period of the workload (a commit every 1,024 puts, say). The
 * histogram is allocated up front and never resizes, so recording never allocates.
 */
public final class LatencySampler {

  /** Highest latency the histogram tracks: one hour. */
  public static final long HIGHEST_NANOS = 3_600_000_000_000L;

  private final int meanInterval;
  private final SplittableRandom random;
  private final Histogram histogram = new Histogram(HIGHEST_NANOS, 3);
  private long nextSample;

  /**
   * @param meanInterval 1 times every op; n times one op in n on average
   * @param seed makes the choice of sampled ops repeatable
   */
  public LatencySampler(int meanInterval, long seed) {
    if (meanInterval < 1) {
      throw new IllegalArgumentException("latency sample interval must be >= 1: " + meanInterval);
    }
    this.meanInterval = meanInterval;
    this.random = new SplittableRandom(seed);
    // positions count from 0: timing every op starts with the first
    this.nextSample = meanInterval == 1 ? 0 : gap();
  }

  public int meanInterval() {
    return meanInterval;
  }

  /** Position of the next op to time; compare with the op's position in the pass. */
  public long nextSample() {
    return nextSample;
  }

  /** Records a timed op and draws the next one. */
  public void record(long nanos) {
    histogram.recordValue(Math.min(Math.max(nanos, 0), HIGHEST_NANOS));
    nextSample += gap();
  }

  /** Skips a sample that could not be taken (the op was not executed). */
  public void skip() {
    nextSample += gap();
  }

  public Histogram histogram() {
    return histogram;
  }

  private long gap() {
    return meanInterval == 1 ? 1 : 1 + random.nextInt(2 * meanInterval - 1);
  }
}
