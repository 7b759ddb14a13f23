package dev.kvbench.report;

import dev.kvbench.stats.ForkRatio;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.PrimaryFigure;
import dev.kvbench.published.PublishedFigures;
import dev.kvbench.summary.RunTables;
import dev.kvbench.summary.PublishedTables;
import dev.kvbench.summary.TextTable;
import java.util.List;
import java.util.Map;

/**
 * The report's {@code index.html}: every phase of every cell as a row (sortable, filterable by
 * store, phase, setting and version), a chart per workload and phase whose points give the figure,
 * its 95 % interval and the samples behind it, and a page per cell (hash {@code #cell=N}) with its
 * passes, forks, noise, settings, environment, library jars and links to its interval logs and
 * flame graphs, and the seeds' published figures beside the run's where it measured the same. The figures are those of README.md and results.csv; only the drawing is the
 * browser's.
 */
final class HtmlReport {

  /** Fields of a pass or phase too large for a page and of no use in one (base64 histograms, traces). */
  private static final List<String> DROPPED = List.of("latencyHistogram", "commitLatencyHistogram", "progress",
      "commitTrace");

  /** A link beside a cell: its label and the path from the report's folder. */
  record Link(String label, String href) {}

  /**
   * @param links per cell (by {@link #cellKey}), its interval logs and flame graphs
   */
  String render(List<ReportSection> sections, List<String> inputs, String kvbenchVersion,
      Map<String, List<Link>> links) {
    // no time of writing: the same inputs give the same page (README.md carries when it was written)
    ObjectNode data = HtmlPage.JSON.createObjectNode();
    data.put("kvbench", kvbenchVersion);
    inputs.forEach(data.putArray("inputs")::add);
    // the figure table's rows, which the page shows a column each of (a row's "figures" holds their values)
    FigureColumns.addTo(data.putArray("figureColumns"));
    ArrayNode runs = data.putArray("runs");
    ArrayNode groups = data.putArray("groups");
    ArrayNode rows = data.putArray("rows");
    ArrayNode cells = data.putArray("cells");
    ArrayNode published = data.putArray("published");
    ArrayNode capacity = data.putArray("capacity");
    PublishedTables seeds = new PublishedTables(PublishedFigures.bundled()); // read once, not per section
    for (ReportSection s : sections) {
      published(published, seeds, s);
      int firstRun = runs.size();
      for (RunResults r : s.runs()) {
        ObjectNode run = runs.addObject().put("source", r.source()).put("kvbench", r.kvbenchVersion())
            .put("started", r.startedAt()).put("scenario", r.scenarioName()).put("completed", r.completed());
        r.command().forEach(run.putArray("command")::add);
        run.set("environment", HtmlPage.JSON.valueToTree(r.environment()));
      }
      RunTables tables = new RunTables(s.cells());
      for (Map.Entry<String, List<CellResult>> group : tables.byWorkload(s.cells()).entrySet()) {
        String sweep = Sweeps.swept(tables);
        for (String phase : RunTables.phases(group.getValue())) {
          int id = groups.size();
          ObjectNode g = groups.addObject().put("id", id).put("section", s.title())
              .put("workload", group.getKey()).put("phase", phase);
          // every cell a point of a rate curve: the capacity section draws them, the bars would not say more
          List<dev.kvbench.result.RateCurves.Curve> curves = CapacityCharts.curves(s, group.getValue(), phase);
          if (CapacityCharts.onlyPoints(curves, group.getValue().size())) {
            g.put("curvePoints", true);
          }
          CapacityCharts.addTo(capacity, s, group.getKey(), phase, curves,
              cellId -> MarkdownReport.curveLabel(tables, group.getValue(), cellId));
          if (sweep != null) {
            g.put("sweep", sweep).put("sweepTitle", Sweeps.TITLE.get(sweep));
          }
          for (CellResult c : group.getValue()) {
            c.phases().stream().filter(p -> p.phase().equals(phase)).findFirst().ifPresent(p -> rows.add(
                row(id, cells.size() + group.getValue().indexOf(c), tables, c, p, sweep)));
          }
        }
        for (CellResult c : group.getValue()) {
          cells.add(cell(c, s, tables, firstRun, links.getOrDefault(cellKey(s, c), List.of())));
        }
      }
    }
    data.set("facts", table(dev.kvbench.summary.FactsTable.ofCells(sections.stream().flatMap(x -> x.cells().stream())
        .toList())));
    data.set("noise", noise(sections));
    if (sections.stream().flatMap(x -> x.runs().stream()).anyMatch(r -> dev.kvbench.result.DuetRuns.measuredInDuet(
        r.scenario()))) {
      data.put("duet", dev.kvbench.result.DuetRuns.CAVEAT);
    }
    data.put("factsTitle", dev.kvbench.summary.FactsTable.TITLE);
    String title = "kvbench report" + (sections.size() == 1 ? ": " + sections.get(0).title() : "");
    data.put("title", title);
    return HtmlPage.render(title, data, "report.js");
  }

  /**
   * The seeds' figures beside this section's, the same tables as README.md's (the page only draws
   * them): per set its title, source, notes and each table's columns and rows.
   */
  private static void published(ArrayNode out, PublishedTables seeds, ReportSection s) {
    List<CellResult> ran = s.cells().stream().filter(c -> c.outcome() == CellResult.Outcome.RAN).toList();
    for (PublishedTables.Section p : seeds.sections(ran, ReportSection.hostMemory(s))) {
      ObjectNode node = out.addObject().put("section", s.title()).put("title", p.title()).put("source", p.source())
          .put("timesNote", p.timesNote()).put("storageNote", p.storageNote()).put("regimeNote", p.regimeNote());
      node.set("times", table(p.times()));
      node.set("storage", table(p.storage()));
      ArrayNode claims = node.putArray("claims");
      for (PublishedTables.ClaimCheck c : p.claims()) {
        claims.addObject().put("statement", c.statement()).put("where", c.where()).put("expectation", c.expectation())
            .set("table", table(c.table()));
      }
    }
  }

  private static ObjectNode table(TextTable t) {
    ObjectNode node = HtmlPage.JSON.createObjectNode();
    ArrayNode columns = node.putArray("columns");
    t.columns().forEach(c -> columns.addObject().put("title", c.header()).put("num", c.rightAligned()));
    ArrayNode rows = node.putArray("rows");
    t.cells().forEach(r -> r.forEach(rows.addArray()::add));
    return node;
  }

  /**
   * How many measured passes the host disturbed, by why: the page's banner when most were, so a
   * reader knows the figures say something of the machine before reading them.
   */
  private static ObjectNode noise(List<ReportSection> sections) {
    List<PassResult> passes = sections.stream().flatMap(s -> s.cells().stream())
        .filter(c -> c.outcome() == CellResult.Outcome.RAN).flatMap(c -> c.phases().stream())
        .filter(p -> p.status() == PhaseStatus.OK).flatMap(p -> p.passes().stream()).toList();
    ObjectNode n = HtmlPage.JSON.createObjectNode().put("passes", passes.size())
        .put("noisy", passes.stream().filter(PassResult::noisy).count());
    ObjectNode marks = n.putObject("marks");
    java.util.Map<String, Long> byMark = new java.util.TreeMap<>();
    passes.stream().filter(PassResult::noisy).flatMap(p -> p.noise().marks().stream())
        .forEach(m -> byMark.merge(m.id() + ": " + m.meaning(), 1L, Long::sum));
    byMark.forEach(marks::put);
    return n;
  }

  /** How ReportWriter names a cell's files: its section, id and settings. */
  static String cellKey(ReportSection s, CellResult c) {
    return Charts.slug(s.title()) + "-" + Charts.slug(c.cellId() + " " + new java.util.TreeMap<>(c.settings()));
  }

  private ObjectNode row(int group, int cell, RunTables tables, CellResult c, PhaseResult p, String sweep) {
    ObjectNode r = HtmlPage.JSON.createObjectNode().put("group", group).put("cell", cell).put("store", c.store())
        .put("label", tables.storeLabel(c)).put("swept", tables.sweptWorkload(c)).put("settings", settings(c))
        .put("version", c.libraryVersion())
        .put("phase", p.phase()).put("status", p.status().name().toLowerCase(java.util.Locale.ROOT))
        .put("reference", c.reference());
    if (sweep != null) {
      // a line per store and every other swept value (entries at each data size), as the PNG charts draw it
      r.put("x", Sweeps.VALUE.get(sweep).applyAsDouble(c)).put("line", tables.rowLabelWithout(c, sweep));
    }
    if (p.status() != PhaseStatus.OK) {
      return r.put("why", p.status() == PhaseStatus.FAILED ? p.failure() : p.note());
    }
    // the figure the phase is judged by: ms a pass, or ops/s for a pass of a fixed duration (higher better)
    PrimaryFigure figure = PrimaryFigure.of(c, p);
    double[] forks = p.forkMedians().stream().mapToDouble(figure::of).toArray();
    double[] range = figure.range(p);
    r.put("figure", figure.heading()).put("better", figure.lowerIsBetter() ? "lower" : "higher")
        .put("value", figure.of(p)).put("ms", p.passMillis()).put("min", range[0]).put("max", range[1])
        .put("opsPerSec", p.opsPerSec())
        .put("forks", forks.length).put("passes", p.passes().size()).put("noisy", p.noisyPasses())
        .put("unsteady", p.unsteadyForks().size()).put("check", RunTables.check(p));
    ObjectNode figures = r.putObject("figures");
    FigureTable.ROWS.forEach(f -> figures.put(f.id(), f.of(c, p)));
    ArrayNode samples = r.putArray("samples");
    // one sample per fork (its median pass) where there were forks, else each measured pass
    (forks.length > 1 ? java.util.Arrays.stream(forks)
        : p.passes().stream().mapToDouble(figure::of)).forEach(samples::add);
    double[] interval = ForkRatio.interval(forks);
    if (interval != null) {
      r.put("low", interval[0]).put("high", interval[1]);
    }
    PassResult median = p.medianPass();
    if (median != null && median.timeline() != null && !median.timeline().points().isEmpty()) {
      r.set("timeline", timeline(median.timeline()));
    }
    return r;
  }

  /**
   * The store's counters of stopped and delayed writes added up ({@code ...total-stops}, {@code
   * ...total-delays}); null without.
   */
  private static Long storeStalls(dev.kvbench.result.TimelinePoint p) {
    Long sum = null;
    for (Map.Entry<String, Long> e : p.store().entrySet()) {
      if (e.getKey().endsWith("total-stops") || e.getKey().endsWith("total-delays")) {
        sum = (sum == null ? 0 : sum) + e.getValue();
      }
    }
    return sum;
  }

  /**
   * A sustained pass's timeline as the page's charts draw it: per interval its end in seconds, ops
   * per second and the ops per second offered (at a set rate), whether it stalled, the longest op (ms), the store's bytes (MB), the device's writes
   * (MB/s) and the other threads' CPU (% of a core); and the summary the over-time table shows.
   */
  private static ObjectNode timeline(dev.kvbench.result.Timeline t) {
    ObjectNode n = HtmlPage.JSON.createObjectNode().put("interval", t.intervalMillis());
    ArrayNode points = n.putArray("points");
    Long stoppedBefore = null;
    for (int i = 0; i < t.points().size(); i++) {
      dev.kvbench.result.TimelinePoint p = t.points().get(i);
      var ops = p.primary();
      ObjectNode o = points.addObject().put("t", p.endMillis() / 1e3)
          .put("ops", ops == null ? 0 : ops.perSecond(p.millis())).put("stall", t.stalled(i))
          .put("maxMs", ops == null ? 0 : ops.maxNanos() / 1e6).put("p99Us", ops == null ? 0 : ops.p99Nanos() / 1e3);
      if (p.reads() != null && p.writes() != null) {
        o.put("writerOps", p.writes().perSecond(p.millis())).put("writerMaxMs", p.writes().maxNanos() / 1e6);
      }
      if (p.offeredOps() != null && p.millis() > 0) {
        o.put("offered", p.offeredOps() * 1e3 / p.millis());
      }
      if (p.storageBytes() != null) {
        o.put("storageMb", p.storageBytes() / 1e6);
      }
      if (p.deviceWriteBytes() != null && p.millis() > 0) {
        o.put("deviceMbs", p.deviceWriteBytes() / 1e3 / p.millis());
      }
      if (p.otherCpuMillis() != null && p.millis() > 0) {
        o.put("otherCpu", p.otherCpuMillis() * 100 / p.millis());
      }
      // the store's own count of the writes it stopped or delayed (RocksDB's totals), grown in the interval
      Long stopped = storeStalls(p);
      if (stopped != null) {
        // the first interval has no reading before it: not drawn
        if (stoppedBefore != null) {
          o.put("storeStalls", stopped - stoppedBefore);
        }
        stoppedBefore = stopped;
      }
    }
    if (t.stalls() != null) {
      n.put("stalled", t.stalls().stalledIntervals()).put("longestS", t.stalls().longestMillis() / 1e3)
          .put("threshold", t.stalls().fraction());
    }
    n.put("writeAmp", t.writeAmplification()).put("spaceAmp", t.spaceAmplification())
        .put("deviceUnknown", t.deviceUnknown()).put("serialised", t.writersSerialised())
        .put("counters", dev.kvbench.summary.TimelineTable.storeCounters(t));
    return n;
  }

  private static String settings(CellResult c) {
    StringBuilder b = new StringBuilder();
    new java.util.TreeMap<>(c.settings()).forEach((k, v) -> b.append(b.isEmpty() ? "" : " ").append(k).append('=')
        .append(v));
    return b.toString();
  }

  private static ObjectNode cell(CellResult c, ReportSection s, RunTables tables, int run, List<Link> links) {
    ObjectNode node = HtmlPage.JSON.valueToTree(c);
    strip(node);
    node.put("section", s.title()).put("label", tables.rowLabel(c)).put("run", run);
    ArrayNode l = node.putArray("links");
    links.forEach(link -> l.addObject().put("label", link.label()).put("href", link.href()));
    return node;
  }

  private static void strip(JsonNode node) {
    if (node instanceof ObjectNode o) {
      DROPPED.forEach(o::remove);
      o.forEach(HtmlReport::strip);
    } else if (node instanceof ArrayNode a) {
      a.forEach(HtmlReport::strip);
    }
  }
}
