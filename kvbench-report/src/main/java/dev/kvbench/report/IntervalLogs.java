package dev.kvbench.report;

import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * HdrHistogram interval logs ({@code .hlog}) of the sampled op latencies, one per cell and phase,
 * one interval per measured pass at the time it ran: HdrHistogram's own tools
 * (HistogramLogProcessor, HistogramLogAnalyzer) read them. Values are nanoseconds.
 */
final class IntervalLogs {

  private IntervalLogs() {}

  /** Writes {@code file} for {@code phase} of {@code cell}; false when the phase has no per-pass latencies. */
  static boolean write(CellResult cell, PhaseResult phase, Path file) throws IOException {
    if (phase.status() != PhaseStatus.OK) {
      return false;
    }
    List<PassResult> passes = phase.passes().stream()
        .filter(p -> p.latencyHistogram() != null && p.startEpochMillis() > 0)
        .sorted(Comparator.comparingLong(PassResult::startEpochMillis)).toList();
    if (passes.isEmpty()) {
      return false;
    }
    long base = passes.get(0).startEpochMillis();
    try (PrintStream out = new PrintStream(file.toFile(), StandardCharsets.UTF_8)) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      log.outputComment("kvbench " + cell.cellId() + " " + phase.phase()
          + ": sampled op latencies in nanoseconds, one interval per measured pass");
      log.outputLogFormatVersion();
      log.outputStartTime(base);
      log.setBaseTime(base);
      log.outputBaseTime(base);
      log.outputLegend();
      for (PassResult p : passes) {
        Histogram h = HistogramCodec.decode(p.latencyHistogram());
        h.setStartTimeStamp(p.startEpochMillis());
        h.setEndTimeStamp(p.startEpochMillis() + Math.round(p.passMillis()));
        log.outputIntervalHistogram(h);
      }
    }
    return true;
  }
}
