package dev.kvbench.measure;

import org.HdrHistogram.Histogram;
import org.apiguardian.api.API;

/**
 * Percentiles of one operation's latency, in nanoseconds, and the samples behind them. A
 * percentile is only as good as the samples beyond it: p99.9 of 122 samples is the largest one
 * seen, not a p99.9 (see {@link #thin}).
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record LatencySummary(
    long p50, long p90, long p99, long p999, long p9999, long max, long mean, long samples) {

  /** Samples that must lie beyond a percentile for it to be an estimate rather than nearly the maximum. */
  public static final int MIN_TAIL_SAMPLES = 10;

  /**
   * Whether fewer than {@link #MIN_TAIL_SAMPLES} samples lie beyond {@code percentile}: then it is
   * close to the largest sample seen, and another run would put it elsewhere. p99.9 needs 10,000
   * samples, p99 1,000.
   */
  public boolean thin(double percentile) {
    // 1e-9: 100 - 99.9 is a hair below 0.1 in floating point
    return samples * (100 - percentile) / 100 < MIN_TAIL_SAMPLES - 1e-9;
  }

  /** The samples a percentile needs to stand on {@link #MIN_TAIL_SAMPLES} beyond it. */
  public static long samplesFor(double percentile) {
    return (long) Math.ceil(MIN_TAIL_SAMPLES * 100 / (100 - percentile) - 1e-9);
  }

  public static LatencySummary of(Histogram h) {
    if (h.getTotalCount() == 0) {
      return new LatencySummary(0, 0, 0, 0, 0, 0, 0, 0);
    }
    return new LatencySummary(
        h.getValueAtPercentile(50),
        h.getValueAtPercentile(90),
        h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9),
        h.getValueAtPercentile(99.99),
        h.getMaxValue(),
        Math.round(h.getMean()),
        h.getTotalCount());
  }
}
