package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kvbench.report.history.History;
import dev.kvbench.report.history.HistoryRule;
import dev.kvbench.report.history.Series;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultDocument;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rate sweep judged at an SLA in the report and the history: alpha meets p99 &lt;= 1 ms at 1,000
 * and 2,000 ops/s and breaks it at 4,000 (its ops take 2 ms there), beta meets it at every rate but
 * saturates at 4,000. The report draws the curves and lists the capacities; the history keeps the
 * capacity as a series and says why the points are none.
 */
class CapacityReportTest {

  @TempDir Path temp;

  private static ResultDocument sweep(long slowMicros) {
    List<CellResult> cells = new ArrayList<>();
    cells.add(Fixtures.ratedCell("alpha", 1_000, 100, 100, 100));
    cells.add(Fixtures.ratedCell("alpha", 2_000, 100, 100, 100));
    cells.add(Fixtures.ratedCell("alpha", 4_000, slowMicros, slowMicros, slowMicros));
    cells.add(Fixtures.ratedCell("beta", 1_000, 50, 50, 50));
    cells.add(Fixtures.ratedCell("beta", 2_000, 50, 50, 50));
    return Fixtures.judged("p99<=1ms", cells);
  }

  @Test
  void theReportDrawsEachCurveAndListsEachCapacity() throws Exception {
    Path out = HtmlReportTest.report(temp, sweep(2_000));
    String md = Files.readString(out.resolve("README.md"));
    assertThat(md).contains("Throughput and latency at each offered rate", "Capacity at the SLA p99<=1ms")
        .contains("| 4,000 |").contains("latency: p99 2,00");
    List<String> charts;
    try (var list = Files.list(out.resolve("charts"))) {
      charts = list.map(p -> p.getFileName().toString()).toList();
    }
    assertThat(charts).anyMatch(n -> n.endsWith("ycsb-c-capacity.png")).anyMatch(n -> n.endsWith("ycsb-c-capacity.svg"));
    assertThat(md).contains("ycsb-c-capacity.png");
    // the chart: a line per store, the SLA's line, a diamond at each capacity
    ResultDocument doc = sweep(2_000);
    List<dev.kvbench.result.RateCurves.Curve> curves = dev.kvbench.result.RateCurves.of(doc.cells(),
        dev.kvbench.scenario.Sla.parse("p99<=1ms"));
    org.knowm.xchart.XYChart chart = CapacityCharts.chart("t", "ycsb-c", curves,
        dev.kvbench.scenario.Sla.parse("p99<=1ms"), id -> id.substring(0, id.indexOf(' ')));
    assertThat(chart.getSeriesMap().keySet()).containsExactlyInAnyOrder("alpha", "alpha capacity", "beta",
        "beta capacity", "SLA p99<=1ms");
    assertThat(chart.getStyler().isYAxisLogarithmic()).isTrue();
    assertThat(chart.getSeriesMap().get("alpha capacity").getXData()).containsExactly(2_000.0);
    // the SLA line at 1 ms
    assertThat(chart.getSeriesMap().get("SLA p99<=1ms").getYData()).containsExactly(1.0, 1.0);

    JsonNode data = HtmlReportTest.data(Files.readString(out.resolve("index.html")));
    // the points' own bars are left to the capacity section
    assertThat(data.get("groups")).allSatisfy(g -> assertThat(g.path("curvePoints").asBoolean()).isTrue());
    JsonNode group = data.get("capacity").get(0);
    assertThat(group.get("sla").asText()).isEqualTo("p99<=1ms");
    assertThat(group.get("limitMs").asDouble()).isEqualTo(1.0);
    JsonNode alpha = null;
    for (JsonNode c : group.get("curves")) {
      if (c.get("label").asText().startsWith("alpha")) {
        alpha = c;
      }
    }
    assertThat(alpha).isNotNull();
    assertThat(alpha.get("points")).hasSize(3);
    assertThat(alpha.get("capacity").get("rate").asDouble()).isEqualTo(2_000);
    assertThat(alpha.get("capacity").get("brokeAt").asDouble()).isEqualTo(4_000);
    assertThat(alpha.get("capacity").get("why").asText()).startsWith("latency: p99");
    assertThat(alpha.get("points").get(2).get("status").asText()).isEqualTo("over_budget");
  }

  @Test
  void theHistoryKeepsTheCapacityAsASeriesAndNamesThePointsItLeavesOut() {
    List<RunResults> runs = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      // a third run breaks the SLA from 2,000 ops/s: its capacity halves
      ResultDocument d = i < 2 ? sweep(2_000) : Fixtures.judged("p99<=1ms", List.of(
          Fixtures.ratedCell("alpha", 1_000, 100, 100, 100), Fixtures.ratedCell("alpha", 2_000, 2_000, 2_000, 2_000),
          Fixtures.ratedCell("alpha", 4_000, 2_000, 2_000, 2_000)));
      runs.add(Fixtures.run(d).withSource("run-" + i + ".json"));
    }
    History h = History.of(runs, HistoryRule.DEFAULT);
    Series alpha = h.series().stream().filter(s -> s.store().equals("alpha")).findFirst().orElseThrow();
    assertThat(alpha.phase()).isEqualTo("ycsb-c" + History.CAPACITY);
    assertThat(alpha.figure()).isEqualTo(dev.kvbench.result.PrimaryFigure.RATE);
    assertThat(alpha.points()).hasSize(3);
    // time per op, 1 / the capacity: 2,000 ops/s is 0.5 µs an op, 1,000 is 1 µs
    assertThat(alpha.points().get(0).millisPerOp()).isEqualTo(1e3 / 2_000);
    assertThat(alpha.points().get(2).millisPerOp()).isEqualTo(1e3 / 1_000);
    assertThat(alpha.points().get(0).forks()).hasSize(3);
    assertThat(h.series()).noneMatch(s -> s.cell().contains("rate="));
    assertThat(h.notSeries()).anyMatch(l -> l.contains("alpha") && l.contains("the points of a rate curve"));
  }

  /**
   * Forks that disagree: at p99 <= 1 ms fork 3 breaks at 1,000 ops/s, fork 2 at 2,000, fork 1 at
   * 4,000, so their own capacities are 0, 1,000 and 2,000. The capacity is their median, inside its
   * interval (all forks' ops together broke at 1,000: a third of them took 2 ms), and the point
   * above it says how many forks broke it.
   */
  @Test
  void theCapacityIsTheMedianOfTheForksOwnAndLiesInItsInterval() {
    List<CellResult> cells = List.of(Fixtures.ratedCell("alpha", 1_000, 200, 200, 2_000),
        Fixtures.ratedCell("alpha", 2_000, 300, 1_500, 300), Fixtures.ratedCell("alpha", 4_000, 3_000, 3_000, 3_000));
    var curve = dev.kvbench.result.RateCurves.of(cells, dev.kvbench.scenario.Sla.parse("p99<=1ms")).get(0);
    var cap = curve.capacity();
    assertThat(cap.forkRates()).containsExactly(2_000.0, 1_000.0, 0.0);
    assertThat(cap.rate()).isEqualTo(1_000);
    assertThat(cap.low()).isLessThanOrEqualTo(cap.rate());
    assertThat(cap.high()).isGreaterThanOrEqualTo(cap.rate());
    assertThat(curve.points()).extracting(dev.kvbench.result.RateCurves.Point::status).containsExactly(
        dev.kvbench.result.RateCurves.Status.MET, dev.kvbench.result.RateCurves.Status.OVER_BUDGET,
        dev.kvbench.result.RateCurves.Status.OVER_BUDGET);
    assertThat(cap.brokenAt().offeredRate()).isEqualTo(2_000);
    assertThat(cap.brokenAt().why()).startsWith("latency: p99").contains("(2 of 3 forks broke it here or lower)");
  }

  /** A curve whose next point's cell failed: the capacity table names that cell, not "met at every rate". */
  @Test
  void aCurveStoppedByAFailedCellNamesIt() {
    CellResult ok = Fixtures.ratedCell("alpha", 1_000, 100, 100, 100);
    CellResult failed = new CellResult(ok.cellId().replace("rate=1000", "rate=2000"), ok.storeUnderTest(),
        ok.parameters(), List.of(), null, new CellResult.Ending(CellResult.Outcome.FAILED, "out of sessions", null),
        List.of(), null, null, null);
    var cap = dev.kvbench.result.RateCurves.of(List.of(ok, failed), dev.kvbench.scenario.Sla.parse("p99<=1ms"))
        .get(0).capacity();
    assertThat(cap.atLeast()).isTrue();
    assertThat(cap.unbroken()).isEqualTo("the search stopped: the cell at 2,000 ops/s failed: failed: out of sessions");
  }
}
