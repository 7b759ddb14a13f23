package dev.kvbench.measure;

import org.HdrHistogram.Histogram;

/** Percentiles of one operation's latency, in nanoseconds. */
public record LatencySummary(
    long p50, long p90, long p99, long p999, long p9999, long max, long mean, long samples) {

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
