package dev.kvbench.report;

import dev.kvbench.summary.TextTable;
import dev.kvbench.summary.ThreadedTable;
import dev.kvbench.summary.RunTables;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.result.Amplification;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.Figure;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.ArrayList;
import dev.kvbench.scenario.Sla;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The report's README.md: how the results were measured (host, JDK, flags, versions, every
 * setting, the command), then per host and workload the seeds' tables, storage, latency
 * percentiles, CPU and memory, the charts, and every cell that did not run. Nothing in it depends
 * on when it was written except the one line {@link #TIMESTAMP_MARK} ends.
 */
final class MarkdownReport {

  /** Ends the only line that differs between two reports of the same inputs. */
  static final String TIMESTAMP_MARK = "<!-- report timestamp: the only line that changes for the same inputs -->";

  /** The charts a workload gets, by phase, as the writer names them. */
  interface ChartNames {
    /** Relative path of a chart's PNG, or null when there is none. */
    String png(ReportSection section, String workload, String chart);
  }

  /** A person's notes on the results, in Markdown, and the file they came from. */
  record Notes(String source, String markdown) {}

  private final ChartNames charts;

  MarkdownReport(ChartNames charts) {
    this.charts = charts;
  }

  /** @param hostClasses what a merged report says of its hosts' hardware classes, or null (one class, or not merged) */
  String render(List<ReportSection> sections, List<String> inputs, String kvbenchVersion, String writtenAt,
      int intervalLogs, Notes notes, String hostClasses) {
    StringBuilder b = new StringBuilder();
    b.append("# kvbench report\n\n");
    b.append("Written ").append(writtenAt).append(" by kvbench ").append(kvbenchVersion).append(". ")
        .append(TIMESTAMP_MARK).append('\n');
    b.append("\nFrom ").append(inputs.size() == 1 ? "one result file" : inputs.size() + " result files")
        .append(": ").append(inputs.stream().map(i -> "`" + i + "`").collect(Collectors.joining(", ")))
        .append(". To write it again: `kvbench report ")
        .append(inputs.stream().map(ShellWords::quote).collect(Collectors.joining(" ")))
        .append(notes == null ? "" : " --notes " + ShellWords.quote(notes.source())).append(" --out DIR`.\n");
    b.append("\nTimes are ms per pass, the median of the measured passes with their min-max; \"Difference\" is the")
        .append(" ratio of time per op to the fastest store of the same workload (a pass that lasts a duration, as")
        .append(" sustain's, is as long for every store: what differs is the ops done in it); `null` is kvbench's own")
        .append(" cost (it keeps nothing).")
        .append(" Storage is what `du` counts after close, against a flat array of the same keys and values.\n");
    b.append("\nBeside this file: [`index.html`](index.html) (the same figures as one page for a browser, opened from")
        .append(" disk: sortable and filterable tables, charts that give each figure's interval and samples on hover,")
        .append(" a page per cell with its passes, noise, settings and environment), `results.csv` (one row per cell,")
        .append(" phase and measured pass, every figure),")
        .append(" `jmh-result.json` (JMH's result format: score is the mean of the passes, as JMH computes it),")
        .append(" `charts/` (PNG and SVG)");
    if (intervalLogs > 0) {
      b.append(" and `hlog/` (").append(intervalLogs).append(" HdrHistogram interval logs of the sampled op")
          .append(" latencies, one interval per measured pass, for HdrHistogram's HistogramLogProcessor)");
    }
    b.append(".\n");
    if (notes != null) {
      b.append("\n## Notes and findings\n\n_Written by the person who made this report and included as given (`--notes ")
          .append(notes.source()).append("`); every figure in it should be found in the tables below._\n\n")
          .append(notes.markdown().strip()).append('\n');
    }
    if (hostClasses != null) {
      b.append("\n**Hosts grouped by class:** ").append(hostClasses).append(".\n");
    }
    for (ReportSection s : sections) {
      section(b, s, sections.size() > 1);
    }
    return b.toString();
  }

  private void section(StringBuilder b, ReportSection s, boolean several) {
    String h = several ? "## " + s.title() : "## Results";
    b.append('\n').append(h).append("\n\n");
    MethodologySection.write(b, s);
    RunTables tables = new RunTables(s.cells());
    for (Map.Entry<String, List<CellResult>> group : tables.byWorkload(s.cells()).entrySet()) {
      String workload = group.getKey();
      List<CellResult> cells = group.getValue();
      b.append("\n### ").append(workload).append("\n\n");
      TextTable times = tables.timingsTable(cells);
      TextTable rates = tables.ratesTable(cells);
      if (times.rows() > 0 || rates.rows() == 0) {
        b.append(times.renderMarkdown());
      }
      if (rates.rows() > 0) {
        b.append(times.rows() > 0 ? "\n" : "").append(rates.renderMarkdown()).append('\n')
            .append(RunTables.RATES_LEGEND).append('\n');
      }
      String legend = RunTables.legend(cells);
      if (!legend.isEmpty()) {
        b.append('\n').append(legend.replace("\n", "\n\n"));
      }
      for (String phase : RunTables.phases(cells)) {
        image(b, s, workload, phase, phase + ": ms per pass by store, each sample a dot");
        image(b, s, workload, phase + "-throughput", phase + ": throughput over the median pass");
        for (TimelineCharts.Kind kind : TimelineCharts.Kind.values()) {
          image(b, s, workload, phase + "-" + kind.suffix, phase + ": " + kind.yTitle + " over the median pass");
        }
      }
      TextTable threaded = ThreadedTable.of(tables, cells);
      if (threaded.rows() > 0) {
        b.append("\nThreaded workloads (median pass; per thread: the slowest and fastest client; x 1 thread: ops/s")
            .append(" against the same store's one-thread cell; latencies per operation type over every measured")
            .append(" pass and thread, from each op's intended start with a target rate, else from its own start):\n\n");
        percentileTable(b, threaded);
        for (String phase : RunTables.phases(cells)) {
          image(b, s, workload, phase + "-scaling", phase + ": ops/s by client threads");
        }
      }
      capacity(b, s, workload, cells, tables);
      TextTable counters = tables.countersTable(cells);
      if (counters.rows() > 0) {
        b.append("\nHardware counters per op (`--counters`: perf stat over the measured passes, the median of the"
            + " passes; IPC = instructions / cycles):\n\n").append(counters.renderMarkdown());
      }
      TextTable overTime = dev.kvbench.summary.TimelineTable.of(tables, cells);
      if (overTime.rows() > 0) {
        b.append('\n').append(dev.kvbench.summary.TimelineTable.TITLE).append(":\n\n").append(overTime.renderMarkdown());
      }
      TextTable paging = dev.kvbench.summary.PagingTable.of(tables, cells);
      if (paging.rows() > 0) {
        b.append('\n').append(dev.kvbench.summary.PagingTable.TITLE).append(":\n\n").append(paging.renderMarkdown());
      }
      TextTable storage = tables.storageTable(cells);
      if (storage.rows() > 0) {
        b.append("\nStorage after close:\n\n").append(storage.renderMarkdown());
        image(b, s, workload, "storage", "storage by store");
      }
      for (String swept : Sweeps.NAMES) {
        if (tables.varies(swept)) {
          for (String phase : RunTables.phases(cells)) {
            image(b, s, workload, phase + "-by-" + swept, phase + " by " + swept);
          }
          image(b, s, workload, "storage-by-" + swept, "storage by " + swept);
        }
      }
      if (tables.varies(VersionPairs.VERSION)) {
        b.append("\nBy library version: each version's median pass against the first version's, with the 95 % interval"
            + " of the ratio from the forks (the wider side drawn both ways); `kvbench compare --by version` gives"
            + " the verdicts.\n");
        for (String phase : RunTables.phases(cells)) {
          image(b, s, workload, phase + "-by-version", phase + " by library version");
        }
      }
      latency(b, s, workload, cells, tables);
      cpu(b, cells, tables);
      memory(b, s, workload, cells, tables);
      amplification(b, s, cells, tables);
    }
    commitTraces(b, s, tables);
    TextTable facts = dev.kvbench.summary.FactsTable.ofCells(s.cells());
    if (facts.rows() > 0) {
      b.append("\n### The stores\n\n").append(dev.kvbench.summary.FactsTable.TITLE).append(":\n\n")
          .append(facts.renderMarkdown());
    }
    // the seeds' published figures beside this section's, where it measured what a seed published
    b.append(new dev.kvbench.summary.PublishedTables(dev.kvbench.published.PublishedFigures.bundled())
        .renderMarkdown(s.cells().stream().filter(c -> c.outcome() == CellResult.Outcome.RAN).toList(),
            ReportSection.hostMemory(s)));
    TextTable notRun = tables.notRunTable(s.cells());
    b.append("\n### Cells that did not run\n\n");
    b.append(notRun.rows() == 0 ? "None: every cell ran.\n" : notRun.renderMarkdown());
    List<String> failedPhases = new ArrayList<>();
    for (CellResult c : s.cells()) {
      for (PhaseResult p : c.phases()) {
        if (p.status() == PhaseStatus.FAILED) {
          failedPhases.add("- " + tables.rowLabel(c) + " " + c.parameters().keys() + "/" + c.parameters().order()
              + " `" + p.phase() + "`: " + p.failure());
        }
      }
    }
    if (!failedPhases.isEmpty()) {
      b.append("\nFailed phases:\n\n").append(String.join("\n", failedPhases)).append('\n');
    }
  }

  /** A rate sweep's or search's curves and capacities at the SLA, per phase, with the chart of them. */
  private void capacity(StringBuilder b, ReportSection s, String workload, List<CellResult> cells, RunTables tables) {
    dev.kvbench.scenario.Sla sla = CapacityCharts.slaOf(s.runs());
    for (String phase : RunTables.phases(cells)) {
      List<dev.kvbench.result.RateCurves.Curve> curves = CapacityCharts.curves(s, cells, phase);
      if (curves.isEmpty()) {
        continue;
      }
      java.util.function.Function<String, String> label = id -> curveLabel(tables, cells, id);
      b.append('\n').append(dev.kvbench.summary.CapacityTable.CURVES_TITLE).append(":\n\n")
          .append(dev.kvbench.summary.CapacityTable.curves(curves, label).renderMarkdown());
      if (sla != null && sla.given()) {
        b.append('\n').append(dev.kvbench.summary.CapacityTable.capacityTitle(sla)).append(":\n\n")
            .append(dev.kvbench.summary.CapacityTable.capacities(curves, label).renderMarkdown())
            .append("\nA saturated point (the clients achieved under 95 % of the offered rate) is never reported as")
            .append(" the store's latency, and the chart leaves it off its line.\n");
      }
      image(b, s, workload, phase + "-capacity", phase + ": " + Sla.percentileName(CapacityCharts.percentile(sla))
          + " latency against achieved throughput, the SLA's line and each store's capacity (diamond)");
    }
  }

  /** A curve's label: its first point's cell as the tables name it, without the rate. */
  static String curveLabel(RunTables tables, List<CellResult> cells, String cellId) {
    return cells.stream().filter(c -> c.cellId().equals(cellId)).findFirst()
        .map(c -> tables.rowLabelWithout(c, RunTables.RATE)).orElse(cellId);
  }

  private void image(StringBuilder b, ReportSection s, String workload, String chart, String alt) {
    String png = charts.png(s, workload, chart);
    if (png != null) {
      b.append("\n![").append(alt).append("](").append(png).append(")\n");
    }
  }

  private void latency(StringBuilder b, ReportSection s, String workload, List<CellResult> cells, RunTables tables) {
    TextTable t = new TextTable(
        TextTable.left("Phase"),
        TextTable.left("Store"),
        TextTable.right("p50 µs"),
        TextTable.right("p90 µs"),
        TextTable.right("p99 µs"),
        TextTable.right("p99.9 µs"),
        TextTable.right("max µs"),
        TextTable.right("samples"));
    List<String> withLatency = new ArrayList<>();
    for (String phase : RunTables.phases(cells)) {
      for (CellResult c : cells) {
        if (c.reference()) {
          continue;
        }
        for (PhaseResult p : c.phases()) {
          if (p.phase().equals(phase) && p.status() == PhaseStatus.OK) {
            row(t, phase, tables.rowLabel(c), p.latencyNanos());
            if (p.commitLatencyNanos() != null && p.commitLatencyNanos().samples() > 0) {
              row(t, phase + " commit", tables.rowLabel(c), p.commitLatencyNanos());
            }
            if (p.latencyNanos() != null && p.latencyNanos().samples() > 0 && !withLatency.contains(phase)) {
              withLatency.add(phase);
            }
          }
        }
      }
    }
    if (t.rows() == 0) {
      return;
    }
    b.append("\nLatency per point operation (sampled ops; from the HdrHistograms of all measured passes):\n\n");
    percentileTable(b, t);
    String swept = Sweeps.swept(tables);
    for (String phase : withLatency) {
      if (swept == null) {
        image(b, s, workload, phase + "-latency", phase + " latency by percentile");
      } else {
        for (double v : Sweeps.values(cells, swept)) {
          image(b, s, workload, Sweeps.latencyChart(phase, swept, v), phase + " latency by percentile, " + swept + " "
              + (long) v);
        }
      }
    }
  }

  /** A table of percentiles, then what its {@code *} marks mean where it shows one. */
  private static void percentileTable(StringBuilder b, TextTable t) {
    String table = t.renderMarkdown();
    b.append(table);
    if (table.contains("*")) {
      b.append('\n').append(ThreadedTable.THIN_PERCENTILE.replace("*", "\\*")).append('\n');
    }
  }

  private static void row(TextTable t, String phase, String store, LatencySummary l) {
    if (l == null || l.samples() == 0) {
      return;
    }
    t.row(phase, store, micros(l.p50()) + ThreadedTable.thinMark(l, 50),
        micros(l.p90()) + ThreadedTable.thinMark(l, 90), micros(l.p99()) + ThreadedTable.thinMark(l, 99),
        micros(l.p999()) + ThreadedTable.thinMark(l, 99.9), micros(l.max()),
        String.format(Locale.ROOT, "%,d", l.samples()));
  }

  /**
   * Write and read amplification of the median passes. On a tmpfs work directory the device
   * bytes are 0 whatever the store did, so the table says so instead of showing zeros.
   */
  private static void amplification(StringBuilder b, ReportSection s, List<CellResult> cells, RunTables tables) {
    TextTable t = new TextTable(
        TextTable.left("Phase"),
        TextTable.left("Store"),
        TextTable.left("Direction"),
        TextTable.right("Workload MB"),
        TextTable.right("Device MB"),
        TextTable.right("Amplification"));
    for (String phase : RunTables.phases(cells)) {
      for (CellResult c : cells) {
        for (PhaseResult p : c.phases()) {
          if (!p.phase().equals(phase) || p.status() != PhaseStatus.OK) {
            continue;
          }
          for (Amplification a : p.amplification()) {
            t.row(phase, tables.rowLabel(c), a.direction().name().toLowerCase(Locale.ROOT),
                String.format(Locale.ROOT, "%,.1f", a.workloadBytes() / 1e6),
                String.format(Locale.ROOT, "%,.1f", a.deviceBytes() / 1e6),
                String.format(Locale.ROOT, "%.2f", a.factor()));
          }
        }
      }
    }
    for (CellResult c : cells) {
      var life = c.storage() == null ? null : c.storage().lifetimeWrites();
      if (life != null) {
        t.row("open to close", tables.rowLabel(c), "write", String.format(Locale.ROOT, "%,.1f", life.workloadBytes() / 1e6),
            String.format(Locale.ROOT, "%,.1f", life.deviceBytes() / 1e6), String.format(Locale.ROOT, "%.2f", life.factor()));
      }
    }
    if (t.rows() == 0) {
      return;
    }
    List<String> tmpfs = s.runs().stream().map(RunResults::environment)
        .filter(e -> e != null && "tmpfs".equals(e.workDirFileSystem())).map(e -> e.workDir()).distinct().toList();
    if (!tmpfs.isEmpty()) {
      b.append("\nAmplification: not measured. The work directory (").append(String.join(", ", tmpfs))
          .append(") is a tmpfs, which has no device under it, so /proc/self/io counts no bytes whatever a store")
          .append(" writes; rerun with `--work-dir` on a disk to measure it.\n");
      return;
    }
    boolean cold = cells.stream().anyMatch(c -> "cold".equals(c.parameters().readCacheOrWarm()));
    b.append("\nAmplification of the median pass: bytes the process made the device write or read (/proc/self/io)")
        .append(" against the keys and values the workload put, or the values (with keys, for scans) it got;")
        .append(" `open to close` covers the loaded store's whole life, flushes and compactions after a pass included. ")
        .append(cold ? "Read passes started from a dropped page cache (`--drop-caches`)."
            : "Read passes found the page cache warm, so read amplification shows what the cache did not hold.")
        .append("\n\n").append(t.renderMarkdown());
  }

  /** The chart-name key of a section's commit traces, which span its workloads. */
  static final String COMMIT_TRACES = "commits";

  /** A traced cell in the commit table and chart: the store and its keys, as the post compared them. */
  static String traceLabel(RunTables tables, CellResult c) {
    return tables.rowLabel(c) + " " + c.parameters().keys() + "/" + c.parameters().order();
  }

  /**
   * The per-commit traces of a section (--trace-commits): bytes written per commit at the start
   * and the end of each traced write pass, and where the store tells, its pages; then the chart.
   */
  private void commitTraces(StringBuilder b, ReportSection s, RunTables tables) {
    TextTable t = new TextTable(
        TextTable.left("Store, keys"),
        TextTable.left("Phase"),
        TextTable.right("Commits"),
        TextTable.right("KB/commit, first 10 %"),
        TextTable.right("KB/commit, last 10 %"),
        TextTable.right("KB/commit, heaviest"),
        TextTable.right("Pages/commit, last 10 %"),
        TextTable.right("Last page no."),
        TextTable.right("Tree pages"));
    for (CellResult c : s.cells()) {
      for (PhaseResult p : c.phases()) {
        dev.kvbench.result.CommitTrace trace = Charts.commitTrace(p);
        if (trace == null || trace.points().isEmpty()) {
          continue;
        }
        var last = trace.points().get(trace.points().size() - 1);
        double lastTenth = trace.meanWriteBytes(0.1, false);
        long heaviest = trace.points().stream().mapToLong(dev.kvbench.result.CommitTrace.Point::maxWriteBytes).max()
            .orElse(0);
        t.row(traceLabel(tables, c), p.phase(), String.format(Locale.ROOT, "%,d", trace.commits()),
            String.format(Locale.ROOT, "%,.1f", trace.meanWriteBytes(0.1, true) / 1024),
            String.format(Locale.ROOT, "%,.1f", lastTenth / 1024),
            String.format(Locale.ROOT, "%,.1f", heaviest / 1024.0),
            trace.pageSize() > 0 ? String.format(Locale.ROOT, "%,.1f", lastTenth / trace.pageSize()) : "-",
            last.lastPageNumber() >= 0 ? String.format(Locale.ROOT, "%,d", last.lastPageNumber()) : "-",
            last.treePages() >= 0 ? String.format(Locale.ROOT, "%,d", last.treePages()) : "-");
      }
    }
    if (t.rows() == 0) {
      return;
    }
    b.append("\n### Per-commit trace\n\nEach traced write pass (the median one), commit by commit: bytes the process")
        .append(" wrote for a commit's puts and the commit itself (/proc/self/io write_bytes: a tmpfs counts none),")
        .append(" and where the store tells its pages (LMDB: mdb_env_info's last page and mdb_stat's branch, leaf and")
        .append(" overflow pages) after the pass's last commit. Pages per commit are the bytes over the page size.\n\n")
        .append(t.renderMarkdown());
    image(b, s, COMMIT_TRACES, "commit-bytes", "bytes written per commit");
  }

  private static String micros(long nanos) {
    return String.format(Locale.ROOT, "%,.2f", nanos / 1e3);
  }

  private void memory(StringBuilder b, ReportSection s, String workload, List<CellResult> cells, RunTables tables) {
    TextTable t = MemoryFigures.table(cells, tables);
    if (t.rows() > 0) {
      b.append("\nMemory of each cell's JVM once its store was loaded and after the phases on it (live heap after a full")
          .append(" GC; anonymous and file-backed resident memory from /proc/self/smaps_rollup; NMT where")
          .append(" `--native-memory-tracking` was on; the store's own figures where it reports them):\n\n")
          .append(t.renderMarkdown());
      image(b, s, workload, "memory", "resident memory by store");
    }
  }

  private static void cpu(StringBuilder b, List<CellResult> cells, RunTables tables) {
    List<Figure> figures = FigureTable.everyPhase();
    List<TextTable.Column> columns = new ArrayList<>(List.of(
        TextTable.left("Phase"),
        TextTable.left("Store"),
        TextTable.right("ms/pass"),
        TextTable.right("CPU user ms"),
        TextTable.right("CPU sys ms"),
        TextTable.right("CPU / wall")));
    figures.forEach(f -> columns.add(TextTable.right(f.heading())));
    columns.add(TextTable.right("Peak RSS MB"));
    TextTable t = new TextTable(columns.toArray(TextTable.Column[]::new));
    for (String phase : RunTables.phases(cells)) {
      for (CellResult c : cells) {
        for (PhaseResult p : c.phases()) {
          if (p.phase().equals(phase) && p.status() == PhaseStatus.OK && p.cpu() != null) {
            double cpu = p.cpu().userMillis() + p.cpu().sysMillis();
            List<String> row = new ArrayList<>(List.of(phase, tables.rowLabel(c), RunTables.millis(p.passMillis()),
                String.format(Locale.ROOT, "%,.0f", p.cpu().userMillis()),
                String.format(Locale.ROOT, "%,.0f", p.cpu().sysMillis()),
                p.passMillis() > 0 ? String.format(Locale.ROOT, "%.2f", cpu / p.passMillis()) : "-"));
            figures.forEach(f -> row.add(f.text(c, p)));
            row.add(p.peakRssBytes() > 0 ? String.format(Locale.ROOT, "%,.0f", p.peakRssBytes() / 1e6) : "-");
            t.row(row.toArray(String[]::new));
          }
        }
      }
    }
    if (t.rows() > 0) {
      b.append("\nCPU (the whole process: a store's background threads count), heap bytes the measuring threads")
          .append(" allocated per op (JMH's gc.alloc.rate.norm) and peak resident memory, for the median pass:\n\n").append(t.renderMarkdown());
    }
  }
}
