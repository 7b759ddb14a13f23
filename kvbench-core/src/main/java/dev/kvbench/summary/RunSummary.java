package dev.kvbench.summary;

import dev.kvbench.measure.PassNoise;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.ResultDocument;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The text tables a run ends with, as {@code kvbench run} prints them and the library's {@code
 * BenchmarkResult.tables()} returns them: per workload, the phases' timings, the threaded
 * workloads' throughput and latency percentiles, and storage; then the cells that did not finish.
 */
public final class RunSummary {

  private RunSummary() {}

  /**
   * One line per cell that did not run to the end ({@code cell: outcome, why}) and per phase that
   * failed ({@code cell phase: why}), in run order; empty when everything ran.
   */
  public static List<String> failures(List<CellResult> cells) {
    List<String> failures = new java.util.ArrayList<>();
    for (CellResult c : cells) {
      if (c.outcome() != CellResult.Outcome.RAN) {
        failures.add(c.cellId() + ": " + c.outcome().id() + (c.error() == null ? "" : ", " + c.error()));
        continue;
      }
      List<PhaseResult> failed = c.phases().stream().filter(p -> p.status() == PhaseStatus.FAILED).toList();
      failed.forEach(p -> failures.add(c.cellId() + " " + p.phase() + ": " + p.failure()));
      if (failed.isEmpty() && c.error() != null) {
        failures.add(c.cellId() + ": " + c.error()); // every phase ok, the cell's end (its close) not
      }
    }
    return failures;
  }

  /** The tables of {@code doc}, each under a title line, separated by blank lines, folded to 100 columns. */
  public static String of(ResultDocument doc) {
    return of(doc, TextTable.PAGE_WIDTH);
  }

  /** {@link #of(ResultDocument)} with tables folded and text wrapped to {@code pageWidth} columns (a terminal's). */
  public static String of(ResultDocument doc, int pageWidth) {
    StringBuilder out = new StringBuilder();
    List<CellResult> ran = doc.cells().stream().filter(c -> c.outcome() == CellResult.Outcome.RAN).toList();
    RunTables tables = new RunTables(doc.cells());
    dev.kvbench.scenario.Sla sla = dev.kvbench.result.RateCurves.slaOf(doc);
    Map<String, CellResult> byId = ran.stream().collect(Collectors.toMap(CellResult::cellId, c -> c, (a, b) -> a));
    // where the host disturbed most passes, the measuring threads' CPU time stands beside wall time
    boolean cpuShown = CpuTimeTable.mostPassesDisturbed(ran);
    for (Map.Entry<String, List<CellResult>> group : tables.byWorkload(ran).entrySet()) {
      out.append('\n').append(TextWrap.wrap(group.getKey(), pageWidth, "  ")).append("\n\n");
      TextTable times = tables.timingsTable(group.getValue());
      TextTable rates = tables.ratesTable(group.getValue());
      if (times.rows() > 0 || rates.rows() == 0) {
        out.append(times.render(pageWidth));
      }
      if (rates.rows() > 0) {
        out.append(times.rows() > 0 ? "\n" : "").append(rates.render(pageWidth))
            .append(TextWrap.wrap(RunTables.RATES_LEGEND, pageWidth, "  ")).append('\n');
      }
      if (cpuShown) {
        TextTable cpu = CpuTimeTable.of(tables, group.getValue());
        if (cpu.rows() > 0) {
          out.append('\n').append(TextWrap.wrap(CpuTimeTable.TITLE, pageWidth, "  ")).append('\n');
          out.append(cpu.render(pageWidth));
        }
      }
      var threaded = ThreadedTable.of(tables, group.getValue());
      if (threaded.rows() > 0) {
        out.append('\n').append(TextWrap.wrap("Threaded workloads (median pass; latency percentiles per operation over"
            + " every measured pass)", pageWidth, "  ")).append('\n');
        String rendered = threaded.render(pageWidth);
        out.append(rendered);
        if (rendered.contains("*")) {
          out.append(TextWrap.wrap(ThreadedTable.THIN_PERCENTILE, pageWidth, "  ")).append('\n');
        }
      }
      // a rate sweep's curves, and each one's capacity at the run's SLA
      out.append(CapacityTable.render(dev.kvbench.result.RateCurves.of(group.getValue(), sla), sla,
          id -> byId.containsKey(id) ? tables.rowLabelWithout(byId.get(id), RunTables.RATE) : id, pageWidth));
      var overTime = TimelineTable.of(tables, group.getValue());
      if (overTime.rows() > 0) {
        out.append('\n').append(TextWrap.wrap(TimelineTable.TITLE, pageWidth, "  ")).append('\n');
        out.append(overTime.render(pageWidth));
      }
      var counters = tables.countersTable(group.getValue());
      if (counters.rows() > 0) {
        out.append('\n').append(TextWrap.wrap("Hardware counters per op (perf stat over the measured passes; median of"
            + " the passes)", pageWidth, "  ")).append('\n');
        out.append(counters.render(pageWidth));
      }
      var paging = PagingTable.of(tables, group.getValue());
      if (paging.rows() > 0) {
        out.append('\n').append(TextWrap.wrap(PagingTable.TITLE, pageWidth, "  ")).append('\n');
        out.append(paging.render(pageWidth));
      }
      out.append('\n').append(TextWrap.wrap("Storage (bytes allocated after close, as du -B1; overhead against a flat"
          + " array of keys + values)", pageWidth, "  ")).append('\n');
      out.append(tables.storageTable(group.getValue()).render(pageWidth));
    }
    // a seed preset's published figures beside this run's (a report shows them for any run that matches)
    out.append(new PublishedTables(dev.kvbench.published.PublishedFigures.reproducedBy(doc.scenarioName()))
        .render(ran, pageWidth, doc.environment() == null ? dev.kvbench.published.PublishedSet.UNKNOWN
            : doc.environment().ramBytes()));
    var notRun = tables.notRunTable(doc.cells());
    if (notRun.rows() > 0) {
      out.append("\nCells that did not run to the end\n").append(notRun.render(pageWidth));
    }
    String noise = noise(ran);
    if (!noise.isEmpty()) {
      out.append('\n').append(TextWrap.wrap(noise + RunTables.legend(ran), pageWidth, "  "));
    }
    if (dev.kvbench.result.DuetRuns.measuredInDuet(doc.scenario())) {
      out.append('\n').append(TextWrap.wrap("Figures " + dev.kvbench.result.DuetRuns.CAVEAT + ".", pageWidth, "  "))
          .append('\n');
    }
    return out.append('\n').toString();
  }

  /**
   * The run's noise in a line or two: how many measured passes the host disturbed, by why, and how
   * many forks never settled; empty when noise was not recorded.
   */
  static String noise(List<CellResult> ran) {
    List<PhaseResult> measured = ran.stream().flatMap(c -> c.phases().stream())
        .filter(p -> p.status() == PhaseStatus.OK).toList();
    List<PassResult> passes = measured.stream().flatMap(p -> p.passes().stream()).toList();
    if (passes.stream().allMatch(p -> p.noise() == null)) {
      return "";
    }
    Map<PassNoise.Mark, Long> byMark = new EnumMap<>(PassNoise.Mark.class);
    passes.stream().filter(PassResult::noisy).flatMap(p -> p.noise().marks().stream())
        .forEach(m -> byMark.merge(m, 1L, Long::sum));
    long noisy = passes.stream().filter(PassResult::noisy).count();
    long forks = measured.stream().mapToLong(p -> p.forkMedians().size()).sum();
    long unsteady = measured.stream().mapToLong(p -> p.unsteadyForks().size()).sum();
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "Noise: %d of %d measured passes were noisy", noisy,
        passes.size()));
    if (noisy > 0) {
      b.append(byMark.entrySet().stream().map(e -> e.getKey().id() + " " + e.getValue())
          .collect(Collectors.joining(", ", " (", ")")));
    }
    b.append(String.format(Locale.ROOT, "; %d of %d phase forks still trended (unsteady).%n", unsteady, forks));
    if (noisy > 0) {
      b.append("  Figures from noisy passes say something of this machine; run again on a quiet host, or pin with"
          + " jvm.cpus, before trusting a small difference.\n");
    }
    return b.toString();
  }
}
