package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.kvbench.measure.CpuTime;
import dev.kvbench.measure.LatencySummary;

/**
 * Figures of one phase of one cell. Field names are a contract: scripts read them.
 *
 * @param passMillis wall time of the pass, the seeds' "ms per pass"
 * @param latencyNanos sampled per-op latency (write and readKey), else null
 * @param commitLatencyNanos every commit of the write phase, else null
 * @param latencySampling how the latency samples were taken, else null
 * @param cpu process CPU over the pass, all threads
 * @param peakRssBytes peak resident set during the phase (see environment.peakRssPerPhase)
 * @param verified the data read was checked against what the generators predict
 * @param failure why the phase failed, naming the first bad key; null unless failed
 * @param note anything a reader must know to interpret the figures, else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PhaseResult(
    String phase,
    PhaseStatus status,
    long ops,
    double passMillis,
    double opsPerSec,
    double nsPerOp,
    LatencySummary latencyNanos,
    LatencySummary commitLatencyNanos,
    LatencySampling latencySampling,
    CpuTime cpu,
    long peakRssBytes,
    boolean verified,
    String failure,
    String note) {

  public static PhaseResult unsupported(String phase, String why) {
    return new PhaseResult(
        phase, PhaseStatus.UNSUPPORTED, 0, 0, 0, 0, null, null, null, null, 0, false, null, why);
  }

  public static PhaseResult failed(String phase, String failure) {
    return new PhaseResult(
        phase, PhaseStatus.FAILED, 0, 0, 0, 0, null, null, null, null, 0, false, failure, null);
  }

  /**
   * @param meanInterval about one op in this many was timed
   * @param timerPairNanos cost of the two nanoTime calls around a timed op on this machine
   */
  public record LatencySampling(int meanInterval, long samples, double timerPairNanos) {}
}
