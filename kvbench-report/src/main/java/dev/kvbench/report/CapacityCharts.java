package dev.kvbench.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.RateCurves;
import dev.kvbench.result.RateCurves.Curve;
import dev.kvbench.result.RateCurves.Point;
import dev.kvbench.result.RateCurves.Status;
import dev.kvbench.scenario.Sla;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * A rate sweep's or search's curves in a report: latency (the SLA's first percentile, log scale)
 * against the achieved throughput per store, the SLA's line, and each store's capacity (the knee)
 * marked; for the HTML page, the same as data. A saturated point or one the harness could not offer
 * is left off the line: its latency is a queue's, not the store's.
 */
final class CapacityCharts {

  private CapacityCharts() {}

  /** The SLA {@code runs} were judged at: none where they give none, or give different ones. */
  static Sla slaOf(List<RunResults> runs) {
    Set<String> seen = new TreeSet<>();
    Sla sla = Sla.NONE;
    for (RunResults r : runs) {
      sla = RateCurves.slaOf(r.scenario());
      seen.add(sla.toString());
    }
    return seen.size() > 1 ? null : sla;
  }

  /** The curves of {@code cells}' phase {@code phase} at the section's SLA. */
  static List<Curve> curves(ReportSection s, List<CellResult> cells, String phase) {
    Sla sla = slaOf(s.runs());
    return RateCurves.of(cells, sla == null ? Sla.NONE : sla).stream().filter(c -> c.phase().equals(phase)).toList();
  }

  /** Whether {@code curves} are all {@code cells} of a group: its every cell a point of a rate curve. */
  static boolean onlyPoints(List<Curve> curves, int cells) {
    return !curves.isEmpty() && curves.stream().mapToInt(c -> c.points().size()).sum() == cells;
  }

  /** The percentile the chart draws: the SLA's first condition's, else p99. */
  static double percentile(Sla sla) {
    return sla == null || !sla.given() ? 99 : sla.conditions().get(0).percentile();
  }

  /** The chart of {@code curves}, or null where none has two points to draw. */
  static XYChart chart(String title, String phase, List<Curve> curves, Sla sla, Function<String, String> label) {
    double q = percentile(sla);
    String name = Sla.percentileName(q);
    XYChart chart = new XYChartBuilder().width(900).height(540)
        .title(title + ": " + phase + ", " + name + " latency against throughput")
        .xAxisTitle("achieved ops per second").yAxisTitle(name + " latency from the intended start (ms, log scale)")
        .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setMarkerSize(6);
    chart.getStyler().setYAxisDecimalPattern("#,##0.###");
    chart.getStyler().setXAxisDecimalPattern("#,##0");
    double lowestX = Double.MAX_VALUE;
    double highestX = 0;
    boolean any = false;
    int drawnCurves = 0;
    for (Curve c : curves) {
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      for (Point p : drawn(c)) {
        x.add(p.achievedRate());
        y.add(latencyMillis(p, q));
      }
      if (x.isEmpty()) {
        continue;
      }
      String line = unique(chart, label.apply(c.points().get(0).cellId()) + (c.reference() ? " (harness)" : ""));
      // the line's colour is set, not left to the chart, so its capacity's diamond can take it too
      java.awt.Color colour = chart.getStyler().getSeriesColors()[drawnCurves++ % chart.getStyler()
          .getSeriesColors().length];
      XYSeries series = chart.addSeries(line, x, y);
      series.setMarker(SeriesMarkers.CIRCLE);
      series.setLineColor(colour);
      series.setMarkerColor(colour);
      lowestX = Math.min(lowestX, x.stream().mapToDouble(Double::doubleValue).min().orElse(lowestX));
      highestX = Math.max(highestX, x.stream().mapToDouble(Double::doubleValue).max().orElse(highestX));
      Point knee = knee(c);
      if (knee != null) {
        XYSeries k = chart.addSeries(unique(chart, line + " capacity"), List.of(knee.achievedRate()),
            List.of(latencyMillis(knee, q)));
        k.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        k.setMarker(SeriesMarkers.DIAMOND);
        k.setMarkerColor(colour);
      }
      any = true;
    }
    if (!any) {
      return null;
    }
    chart.getStyler().setXAxisLogarithmic(highestX / Math.max(1, lowestX) >= 100);
    if (sla != null && sla.given()) {
      double limit = sla.conditions().get(0).limitNanos() / 1e6;
      XYSeries line = chart.addSeries("SLA " + sla.conditions().get(0).text(), List.of(lowestX, highestX),
          List.of(limit, limit));
      line.setMarker(SeriesMarkers.NONE);
      line.setLineStyle(new java.awt.BasicStroke(1.5f, java.awt.BasicStroke.CAP_BUTT, java.awt.BasicStroke.JOIN_MITER,
          10f, new float[] {6f, 4f}, 0f));
      line.setLineColor(java.awt.Color.RED);
    }
    return chart;
  }

  /** The points whose latency is the store's: met or over the budget, not saturated nor beyond the harness. */
  static List<Point> drawn(Curve c) {
    return c.points().stream().filter(p -> p.status() != Status.SATURATED && p.status() != Status.HARNESS_LIMITED
        && p.samples() > 0).toList();
  }

  /** The point at the curve's capacity, or null without one. */
  static Point knee(Curve c) {
    if (c.capacity() == null || !(c.capacity().rate() > 0)) {
      return null;
    }
    return c.points().stream().filter(p -> p.offeredRate() == c.capacity().rate()).findFirst().orElse(null);
  }

  private static double latencyMillis(Point p, double q) {
    int i = RateCurves.PERCENTILES.indexOf(q);
    if (i >= 0) {
      return Math.max(1e-3, p.percentiles().get(i).nanos() / 1e6);
    }
    // an SLA's percentile the points do not list (p99.99): the nearest listed one below it
    int below = 0;
    for (int j = 0; j < RateCurves.PERCENTILES.size(); j++) {
      if (RateCurves.PERCENTILES.get(j) <= q) {
        below = j;
      }
    }
    return Math.max(1e-3, p.percentiles().get(below).nanos() / 1e6);
  }

  private static String unique(XYChart chart, String name) {
    String n = name;
    while (chart.getSeriesMap().containsKey(n)) {
      n = n + " ";
    }
    return n;
  }

  /** The curves as the HTML page draws them: per curve its points and capacity. */
  static void addTo(ArrayNode out, ReportSection s, String workload, String phase, List<Curve> curves,
      Function<String, String> label) {
    if (curves.isEmpty()) {
      return;
    }
    Sla sla = slaOf(s.runs());
    double q = percentile(sla);
    ObjectNode g = out.addObject().put("section", s.title()).put("workload", workload).put("phase", phase)
        .put("percentile", Sla.percentileName(q));
    if (sla != null && sla.given()) {
      g.put("sla", sla.toString()).put("limitMs", sla.conditions().get(0).limitNanos() / 1e6);
    }
    double best = curves.stream().filter(c -> c.capacity() != null && !c.reference())
        .mapToDouble(c -> c.capacity().rate()).max().orElse(0);
    ArrayNode lines = g.putArray("curves");
    for (Curve c : curves) {
      ObjectNode line = lines.addObject().put("label", label.apply(c.points().get(0).cellId()))
          .put("reference", c.reference());
      ArrayNode points = line.putArray("points");
      for (Point p : c.points()) {
        points.addObject().put("offered", p.offeredRate()).put("achieved", p.achievedRate())
            .put("ms", latencyMillis(p, q)).put("status", p.status().name().toLowerCase(java.util.Locale.ROOT))
            .put("forks", p.forks()).put("samples", p.samples()).put("why", p.why());
      }
      if (c.capacity() != null) {
        RateCurves.Capacity cap = c.capacity();
        ObjectNode n = line.putObject("capacity").put("rate", cap.rate()).put("atLeast", cap.atLeast())
            .put("nearHarness", cap.nearHarness()).put("forks", cap.forkRates().size());
        if (!Double.isNaN(cap.low())) {
          n.put("low", cap.low()).put("high", cap.high());
        }
        if (!c.reference() && best > 0) {
          n.put("ofBest", cap.rate() / best);
        }
        if (cap.brokenAt() != null) {
          n.put("brokeAt", cap.brokenAt().offeredRate()).put("why", cap.brokenAt().why()
              + (cap.stallBound() == null ? "" : "; " + cap.stallBound()));
        } else {
          n.put("why", cap.unbroken());
        }
      }
    }
  }
}
