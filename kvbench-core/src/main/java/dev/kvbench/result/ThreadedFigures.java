package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.kvbench.measure.LatencySummary;
import java.util.List;
import java.util.Map;

/**
 * What a threaded phase (readers, readwhilewriting, ycsb-a ...) reports beyond a pass's figures.
 * Per-thread and writer figures are those of the median pass; latencies cover every measured pass
 * and thread, each thread having recorded into histograms of its own, merged after the pass.
 *
 * @param threads client threads, each with its own session
 * @param perThread each client thread's ops and ops/s in the median pass
 * @param latencyNanosByOperation per operation type (read, update, insert, scan,
 *     readModifyWrite): percentiles over the measured passes
 * @param latencyHistogramByOperation the same as HdrHistogram compressed base64, to merge
 * @param serviceNanosByOperation with a target rate, the ops' own durations (from their actual
 *     start), beside the latencies counted from their intended start; null without a rate
 * @param latencyMeasuredFrom {@code intended start} with a target rate (a stall shows in every op
 *     scheduled behind it), else {@code op start}: the latencies are service times and a stall
 *     shows in one op per thread only (coordinated omission)
 * @param targetRate ops per second asked for over all client threads; 0 for none
 * @param achievedRate ops per second the median pass achieved
 * @param writer readwhilewriting's writer, else null
 * @param requestDistribution which keys the ops asked for
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ThreadedFigures(
    int threads,
    List<ThreadFigures> perThread,
    Map<String, LatencySummary> latencyNanosByOperation,
    Map<String, String> latencyHistogramByOperation,
    Map<String, LatencySummary> serviceNanosByOperation,
    String latencyMeasuredFrom,
    double targetRate,
    double achievedRate,
    WriterFigures writer,
    String requestDistribution) {

  public static final String FROM_INTENDED_START = "intended start";
  public static final String FROM_OP_START = "op start (service time)";

  /** One client thread in one pass. */
  public record ThreadFigures(int thread, long ops, double millis, double opsPerSec) {}

  /**
   * The writer beside the readers: one put per transaction, each commit timed.
   *
   * @param stallMillis the test-only stall it made once in the pass, 0 for none
   */
  public record WriterFigures(long puts, double millis, double putsPerSec, double targetRate,
      LatencySummary commitLatencyNanos, long stallMillis) {}
}
