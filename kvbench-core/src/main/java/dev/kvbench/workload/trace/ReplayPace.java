package dev.kvbench.workload.trace;

import org.apiguardian.api.API;

/**
 * How fast a {@link TraceReplay} goes: as fast as the store takes the operations ({@link #AS_FAST_AS_POSSIBLE}),
 * or each operation at its recorded offset over {@code speed}, waited for with {@code await}
 * (which returns the moment it woke), its latency then counted from that intended moment.
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public record ReplayPace(double speed, java.util.function.LongUnaryOperator await, int sampleInterval) {
  /** As fast as possible, every operation timed. */
  public static final ReplayPace AS_FAST_AS_POSSIBLE = new ReplayPace(0, when -> when, 1);

  public ReplayPace {
    if (sampleInterval < 1) {
      throw new IllegalArgumentException("a replay times one operation in 1 or more, not " + sampleInterval);
    }
  }

  /** As fast as possible, about one operation of each kind in {@code sampleInterval} timed (the first of each always). */
  public static ReplayPace asFastAsPossible(int sampleInterval) {
    return new ReplayPace(0, when -> when, sampleInterval);
  }

  /** At the recorded timing over {@code speed}, every operation timed from its intended moment. */
  public static ReplayPace recorded(double speed, java.util.function.LongUnaryOperator await) {
    return new ReplayPace(speed, await, 1);
  }

  /** Whether operations wait for their recorded time. */
  public boolean timed() {
    return speed > 0;
  }
}
