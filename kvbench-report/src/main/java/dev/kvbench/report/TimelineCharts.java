package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.Timeline;
import dev.kvbench.result.TimelinePoint;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The sustained phases' charts (and those of a phase at a set rate), one line per store over the
 * seconds of its median pass: ops per second with its stalled intervals marked (and, dotted, what
 * a set rate offered), the worst latency of each interval, the store's bytes
 * on disk, the device's writes, and the CPU of the store's own threads. The names are the chart
 * files' suffixes after the phase.
 */
final class TimelineCharts {

  /** The charts, by the suffix of their file names. */
  enum Kind {
    OPS("timeline", "ops per second (stalled intervals ringed)", p -> perSecond(p)),
    LATENCY("timeline-latency", "longest op of each interval (ms, log scale)", p -> ops(p) == null ? 0
        : ops(p).maxNanos() / 1e6),
    STORAGE("timeline-storage", "store's bytes on disk (MB)", p -> p.storageBytes() == null ? Double.NaN
        : p.storageBytes() / 1e6),
    DEVICE("timeline-device", "device writes (MB per second)", p -> p.deviceWriteBytes() == null ? Double.NaN
        : p.deviceWriteBytes() / 1e3 / Math.max(1, p.millis())),
    OTHER_CPU("timeline-cpu", "CPU of the store's own threads, GC and JIT (% of a core)",
        p -> p.otherCpuMillis() == null ? Double.NaN : p.otherCpuMillis() * 100 / Math.max(1, p.millis()));

    final String suffix;
    final String yTitle;
    final ToDoubleFunction<TimelinePoint> figure;

    Kind(String suffix, String yTitle, ToDoubleFunction<TimelinePoint> figure) {
      this.suffix = suffix;
      this.yTitle = yTitle;
      this.figure = figure;
    }
  }

  private TimelineCharts() {}

  private static TimelinePoint.Ops ops(TimelinePoint p) {
    return p.primary();
  }

  private static double perSecond(TimelinePoint p) {
    TimelinePoint.Ops o = ops(p);
    return o == null ? 0 : o.perSecond(p.millis());
  }

  /** The median pass's timeline of {@code phase} in {@code c}, or null. */
  static Timeline timeline(CellResult c, String phase) {
    for (PhaseResult p : c.phases()) {
      if (p.phase().equals(phase) && p.status() == PhaseStatus.OK) {
        PassResult median = p.medianPass();
        return median == null ? null : median.timeline();
      }
    }
    return null;
  }

  /** {@code kind}'s chart of {@code phase} over {@code cells}; null where no cell recorded that figure over time. */
  static XYChart of(Kind kind, String title, String phase, List<CellResult> cells, Function<CellResult, String> label) {
    XYChart chart = new XYChartBuilder().width(900).height(540).title(title + ": " + phase + ", " + kind.yTitle)
        .xAxisTitle("seconds into the pass").yAxisTitle(kind.yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setMarkerSize(5);
    chart.getStyler().setYAxisDecimalPattern("#,##0.##");
    chart.getStyler().setYAxisLogarithmic(kind == Kind.LATENCY);
    boolean any = false;
    for (CellResult c : cells) {
      Timeline t = c.reference() ? null : timeline(c, phase);
      if (t == null || t.points().size() < 2) {
        continue;
      }
      List<Double> x = new ArrayList<>();
      List<Double> y = new ArrayList<>();
      List<Double> stallX = new ArrayList<>();
      List<Double> stallY = new ArrayList<>();
      for (int i = 0; i < t.points().size(); i++) {
        TimelinePoint p = t.points().get(i);
        double v = kind.figure.applyAsDouble(p);
        if (Double.isNaN(v) || (kind == Kind.LATENCY && v <= 0)) {
          continue;
        }
        x.add(p.endMillis() / 1e3);
        y.add(v);
        if ((kind == Kind.OPS || kind == Kind.LATENCY) && t.stalled(i)) {
          stallX.add(p.endMillis() / 1e3);
          stallY.add(v);
        }
      }
      if (x.size() < 2) {
        continue;
      }
      String name = label.apply(c);
      while (chart.getSeriesMap().containsKey(name)) {
        name = name + " ";
      }
      chart.addSeries(name, x, y).setMarker(SeriesMarkers.NONE);
      if (kind == Kind.OPS && t.points().stream().allMatch(p -> p.offeredOps() != null)) {
        // at a set rate: what the rate and its shape offered, beside what was done
        chart.addSeries(name + " offered", t.points().stream().map(p -> p.endMillis() / 1e3).toList(), t.points().stream()
            .map(p -> p.offeredOps() * 1e3 / Math.max(1, p.millis())).toList()).setMarker(SeriesMarkers.NONE)
            .setLineStyle(org.knowm.xchart.style.lines.SeriesLines.DOT_DOT);
      }
      if (!stallX.isEmpty()) {
        XYSeries stalls = chart.addSeries(name + " stalls", stallX, stallY);
        stalls.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        stalls.setMarker(SeriesMarkers.CIRCLE);
      }
      any = true;
    }
    if (kind == Kind.STORAGE) {
      // one store ten times another's size flattens the rest: a log axis keeps every line readable
      double[] ends = chart.getSeriesMap().values().stream().mapToDouble(x -> x.getYData()[x.getYData().length - 1])
          .filter(v -> v > 0).toArray();
      chart.getStyler().setYAxisLogarithmic(ends.length > 1
          && java.util.Arrays.stream(ends).max().getAsDouble() / java.util.Arrays.stream(ends).min().getAsDouble() >= 10);
    }
    return any ? chart : null;
  }
}
