package dev.kvbench.run;

import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.measure.LatencySampler;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.result.Amplification;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseResult.Latency;
import dev.kvbench.result.PhaseResult.LatencySampling;
import dev.kvbench.result.ThreadedFigures;
import dev.kvbench.result.ThreadedFigures.ThreadFigures;
import dev.kvbench.result.ThreadedFigures.WriterFigures;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.workload.Traffic;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** A threaded phase's result from its measured passes: figures, per-op latencies, the note that explains them. */
final class ThreadedResults {

  private final ThreadedWorkload workload;
  private final double timerPairNanos;
  private final int sampleEvery;

  ThreadedResults(ThreadedWorkload workload, int sampleEvery, double timerPairNanos) {
    this.workload = workload;
    this.sampleEvery = sampleEvery;
    this.timerPairNanos = timerPairNanos;
  }

  static Histogram newHistogram() {
    return new Histogram(LatencySampler.HIGHEST_NANOS, 3);
  }

  /** A pass's figures and what its threads recorded. */
  static final class PassOutcome {
    PassResult figures;
    List<ThreadFigures> perThread;
    Map<String, Histogram> latency = new LinkedHashMap<>();
    Map<String, Histogram> service = new LinkedHashMap<>();
    WriterFigures writer;
    long reads;
    long missingReads;
    long firstMissing = -1;
    // puts of every client and the writer: what the pass's write amplification is over
    long puts;
    // keys the store holds after the pass: the ones before it and every insert
    long frontier;
  }

  /**
   * The phase's result over {@code measured}; {@code failure} is what its checks found, null when
   * nothing; {@code unverifiable} why nothing read could be checked, null when all could.
   */
  PhaseResult of(List<PassOutcome> measured, String failure, String unverifiable) {
    Traffic traffic = workload.traffic();
    Map<String, Histogram> latency = new LinkedHashMap<>();
    Map<String, Histogram> service = new LinkedHashMap<>();
    Histogram all = newHistogram();
    for (PassOutcome o : measured) {
      o.latency.forEach((op, h) -> latency.computeIfAbsent(op, k -> newHistogram()).add(h));
      o.service.forEach((op, h) -> service.computeIfAbsent(op, k -> newHistogram()).add(h));
      o.latency.values().forEach(all::add);
    }
    List<PassResult> passes = measured.stream().map(o -> o.figures).toList();
    String note = note();
    PhaseResult r = PhaseResult.measured(workload.phase().id(), passes,
        new Latency(all, null, new LatencySampling(sampleEvery, all.getTotalCount(), timerPairNanos)),
        unverifiable == null, failure, unverifiable == null ? note : note + "; " + unverifiable);
    PassOutcome median = measured.stream().filter(o -> o.figures.passMillis() == r.passMillis()).findFirst()
        .orElse(measured.get(0));
    Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    Map<String, String> encoded = new LinkedHashMap<>();
    latency.forEach((op, h) -> {
      summaries.put(op, LatencySummary.of(h));
      encoded.put(op, HistogramCodec.encode(h));
    });
    Map<String, LatencySummary> services = null;
    if (traffic.hasRate()) {
      services = new LinkedHashMap<>();
      for (Map.Entry<String, Histogram> e : service.entrySet()) {
        services.put(e.getKey(), LatencySummary.of(e.getValue()));
      }
    }
    long entryBytes = (long) workload.encoding().size() + Math.round(workload.values().meanSize());
    return r.withThreaded(new ThreadedFigures(workload.threads(), median.perThread, summaries, encoded, services,
        traffic.hasRate() ? ThreadedFigures.FROM_INTENDED_START : ThreadedFigures.FROM_OP_START,
        traffic.rate(), median.figures.opsPerSec(), median.writer, workload.distribution().id()))
        // the median pass's puts (keys and values) and point reads (values); scans are not counted
        .withAmplification(Amplification.ofBytes(Amplification.Direction.WRITE, median.figures,
            (median.puts + (median.writer == null ? 0 : median.writer.puts())) * entryBytes))
        .withAmplification(Amplification.ofBytes(Amplification.Direction.READ, median.figures,
            Math.round(median.reads * workload.values().meanSize())));
  }

  private String note() {
    String ops = switch (workload.phase()) {
      case READERS, READ_WHILE_WRITING -> "an op is one get; each thread renews its read snapshot every "
          + workload.readsPerTransaction() + " gets";
      case CUSTOM -> "an op is one custom operation in its own transaction, timed from its start to its commit's"
          + " return" + (workload.cell().load().custom().writes() && !workload.caps().supports(WriteOperation.GET_IN_WRITE)
              ? "; " + workload.cell().storeId() + "'s write batches cannot be read, so gets in a write op read the"
                + " latest committed data, not the op's own puts" : "");
      default -> "an op is one request in its own transaction (read-modify-write: a read, then an update)";
    };
    Traffic traffic = workload.traffic();
    String latency = traffic.hasRate()
        ? "latencies count from each op's intended start at " + String.format(Locale.ROOT, "%,.0f", traffic.rate())
            + " ops/s"
        : "no target rate: latencies are service times, each from its op's own start";
    return workload.threads() + " client thread(s), each with its own session; " + ops + "; " + latency;
  }
}
