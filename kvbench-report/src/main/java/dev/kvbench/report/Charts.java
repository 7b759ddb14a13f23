package dev.kvbench.report;

import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.PrimaryFigure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, each written as PNG and SVG: one per phase with the stores as bars on a
 * linear axis and every sample as a dot, storage by store, and latency percentile curves on
 * HdrHistogram's log percentile axis.
 */
final class Charts {

  private static final int WIDTH = 900;
  private static final int HEIGHT = 540;

  /** The size every chart is drawn at, for the charts drawn elsewhere ({@link MemoryFigures}). */
  static CategoryChartBuilder categoryChart() {
    return new CategoryChartBuilder().width(WIDTH).height(HEIGHT);
  }

  private Charts() {}

  /** Writes {@code stem}.png and {@code stem}.svg. */
  static void write(Chart<?, ?> chart, Path stem) throws IOException {
    BitmapEncoder.saveBitmap(chart, stem.toString(), BitmapEncoder.BitmapFormat.PNG);
    VectorGraphicsEncoder.saveVectorGraphic(chart, stem.toString(), VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    Path svg = Path.of(stem + ".svg");
    java.nio.file.Files.writeString(svg, roundCoordinates(java.nio.file.Files.readString(svg)));
  }

  private static final java.util.regex.Pattern LONG_DECIMAL = java.util.regex.Pattern.compile("(-?\\d+\\.\\d)\\d+");

  /**
   * The SVG with every number cut to one decimal: XChart draws text as glyph outlines, written
   * with six or more decimals; a tenth of a pixel is finer than any screen shows, and the files
   * shrink by half.
   */
  static String roundCoordinates(String svg) {
    return LONG_DECIMAL.matcher(svg).replaceAll("$1");
  }

  /**
   * ms per pass for one phase, stores fastest first, on a linear axis from 0 (a log axis makes a 47x
   * gap look like 6x): a bar per store at its figure (the median), and a dot per sample behind it,
   * each fork's median pass where the cell ran forks, else each measured pass, so the spread
   * shows. A phase of a fixed duration is drawn by its rate, ops/s, the highest first. Null when
   * no store ran it.
   */
  static CategoryChart phase(String title, String phase, List<CellResult> cells, Function<CellResult, String> label) {
    PrimaryFigure figure = cells.stream().flatMap(c -> c.phases().stream().filter(p -> p.phase().equals(phase))
        .map(p -> PrimaryFigure.of(c, p))).findFirst().orElse(PrimaryFigure.PASS_TIME);
    List<Bar> bars = cells.stream()
        .filter(c -> !c.reference())
        .map(c -> c.phases().stream().filter(p -> p.phase().equals(phase) && p.status() == PhaseStatus.OK
            && p.passMillis() > 0).findFirst().map(p -> new Bar(label.apply(c), figure.of(p), samples(p, figure)))
            .orElse(null))
        .filter(b -> b != null)
        .sorted(Comparator.comparingDouble(b -> figure.lowerIsBetter() ? b.value() : -b.value()))
        .toList();
    if (bars.isEmpty()) {
      return null;
    }
    boolean forks = cells.stream().flatMap(c -> c.phases().stream()).anyMatch(p -> p.forkMedians().size() > 1);
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(title + ": " + phase).xAxisTitle("store")
        .yAxisTitle((figure.lowerIsBetter() ? "ms per pass" : "ops/s (a pass of a fixed duration; higher is better)")
            + ": bar the median, dots " + (forks ? "each fork's median pass" : "each measured pass"))
        .build();
    styleBars(chart);
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setOverlapped(true);
    List<String> names = bars.stream().map(Bar::name).toList();
    chart.addSeries(phase, names, bars.stream().map(b -> (Number) b.value()).toList());
    // a dot series per sample index; a bar with fewer samples repeats its last (the same figure, drawn once more)
    int most = bars.stream().mapToInt(b -> b.samples().length).max().orElse(0);
    for (int i = 0; i < most; i++) {
      int index = i;
      chart.addSeries("sample " + (i + 1), names, bars.stream()
              .map(b -> (Number) b.samples()[Math.min(index, b.samples().length - 1)]).toList())
          .setChartCategorySeriesRenderStyle(org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle.Scatter)
          .setMarker(SeriesMarkers.CIRCLE).setMarkerColor(java.awt.Color.DARK_GRAY);
    }
    return chart;
  }

  /** The samples a phase chart shows as dots: each fork's median pass with forks, else each measured pass. */
  private static double[] samples(PhaseResult p, PrimaryFigure figure) {
    List<dev.kvbench.result.PassResult> samples = p.forkMedians().size() > 1 ? p.forkMedians() : p.passes();
    double[] values = samples.stream().mapToDouble(figure::of).toArray();
    return values.length == 0 ? new double[] {figure.of(p)} : values;
  }

  /**
   * One phase over a store's library versions, oldest first: each version's median pass as a ratio
   * to the oldest version's, with the 95 % interval of the ratio from the forks (Welch's t on log times, as
   * compare has it; XChart draws error bars the same both ways, so a bar shows the interval's wider
   * side), a series per row of the table without the version; null with fewer than two versions.
   */
  static CategoryChart versions(String title, String phase, List<CellResult> cells,
      Function<CellResult, String> line) {
    java.util.Map<String, java.util.LinkedHashMap<String, PhaseResult>> byLine = new java.util.LinkedHashMap<>();
    List<String> versions = new ArrayList<>();
    for (CellResult c : cells) {
      PhaseResult p = c.phases().stream().filter(x -> x.phase().equals(phase) && x.status() == PhaseStatus.OK
          && x.passMillis() > 0).findFirst().orElse(null);
      if (c.reference() || p == null) {
        continue;
      }
      String v = c.libraryVersion();
      if (!versions.contains(v)) {
        versions.add(v);
      }
      byLine.computeIfAbsent(line.apply(c), k -> new java.util.LinkedHashMap<>()).put(v, p);
    }
    byLine.values().removeIf(m -> m.size() < 2);
    if (byLine.isEmpty()) {
      return null;
    }
    versions.sort(VersionPairs::compareVersions);
    String first = versions.get(0);
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(title + ": " + phase + " by library version").xAxisTitle("version")
        .yAxisTitle("ms per pass against " + first + " (bars: 95 % interval)").build();
    // a linear axis from 0: ratios near 1 and their error bars, one series (bar colour) per table row
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setXAxisLabelRotation(30);
    chart.getStyler().setPlotGridVerticalLinesVisible(false);
    chart.getStyler().setYAxisDecimalPattern("#,##0.00");
    chart.getStyler().setYAxisMin(0.0);
    chart.getStyler().setErrorBarsColor(java.awt.Color.DARK_GRAY);
    byLine.forEach((name, byVersion) -> {
      PhaseResult base = byVersion.get(first);
      if (base == null) {
        return;
      }
      double[] baseForks = ForkSamples.forkFigures(base, ForkSamples.NoisyForks.KEEP);
      List<String> xs = new ArrayList<>();
      List<Number> ys = new ArrayList<>();
      List<Number> errors = new ArrayList<>();
      for (String v : versions) {
        PhaseResult p = byVersion.get(v);
        if (p == null) {
          continue;
        }
        ForkRatio r = ForkRatio.of(baseForks, ForkSamples.forkFigures(p, ForkSamples.NoisyForks.KEEP));
        xs.add(v);
        ys.add(r.ratio());
        errors.add(r.hasInterval() ? Math.max(r.high() - r.ratio(), r.ratio() - r.low()) : 0);
      }
      chart.addSeries(name, xs, ys, errors);
    });
    return chart.getSeriesMap().isEmpty() ? null : chart;
  }

  /** Allocated bytes after close per store, in MB on a linear axis; null when no storage was measured. */
  static CategoryChart storage(String title, List<CellResult> cells, Function<CellResult, String> label) {
    List<String> names = new ArrayList<>();
    List<Number> megabytes = new ArrayList<>();
    cells.stream().filter(c -> c.storage() != null && !c.reference())
        .sorted(Comparator.comparingLong(c -> c.storage().allocatedBytes().afterClose()))
        .forEach(c -> {
          names.add(label.apply(c));
          megabytes.add(c.storage().allocatedBytes().afterClose() / 1e6);
        });
    if (names.isEmpty()) {
      return null;
    }
    CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
        .title(title + ": storage after close").xAxisTitle("store").yAxisTitle("MB allocated (du)").build();
    styleBars(chart);
    chart.getStyler().setYAxisLogarithmic(false);
    chart.addSeries("allocated", names, megabytes);
    return chart;
  }

  /**
   * Latency by percentile for one phase, a line per store: x is the percentile on a log scale of
   * 1/(1-p) (50 %, 90 %, 99 %, ... spaced evenly), y microseconds on a log scale. Null when no
   * store recorded latencies for the phase.
   */
  static XYChart latency(String title, String phase, List<CellResult> cells, Function<CellResult, String> label) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(title + ": " + phase + " latency by percentile")
        .xAxisTitle("percentile, as 1/(1-p): 10 = 90 %, 100 = 99 %, 1000 = 99.9 % (log scale)")
        .yAxisTitle("latency per op, µs (log scale)").build();
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setXAxisDecimalPattern("#,##0");
    chart.getStyler().setYAxisDecimalPattern("#,##0.##");
    chart.getStyler().setYAxisLogarithmic(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setMarkerSize(0);
    boolean any = false;
    for (CellResult c : cells) {
      if (c.reference()) {
        continue;
      }
      for (PhaseResult p : c.phases()) {
        if (!p.phase().equals(phase) || p.status() != PhaseStatus.OK || p.latencyHistogram() == null) {
          continue;
        }
        Histogram h = HistogramCodec.decode(p.latencyHistogram());
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (HistogramIterationValue v : h.percentiles(2)) {
          double pct = v.getPercentileLevelIteratedTo();
          if (pct >= 100.0 || v.getValueIteratedTo() <= 0) {
            break;
          }
          x.add(100.0 / (100.0 - pct));
          y.add(v.getValueIteratedTo() / 1e3);
        }
        if (x.size() > 1) {
          chart.addSeries(uniqueName(chart, label.apply(c)), x, y).setMarker(SeriesMarkers.NONE);
          any = true;
        }
      }
    }
    return any ? chart : null;
  }

  /**
   * A sweep: {@code y} of each line (a store, with whatever else differs) over the swept parameter
   * {@code x}, each axis logarithmic when its values span decades. Null when no line has
   * two points.
   */
  static XYChart sweep(String title, String xTitle, String yTitle, List<CellResult> cells,
      Function<CellResult, String> line, java.util.function.ToDoubleFunction<CellResult> x,
      java.util.function.ToDoubleFunction<CellResult> y) {
    java.util.Map<String, java.util.TreeMap<Double, Double>> lines = new java.util.TreeMap<>();
    for (CellResult c : cells) {
      if (c.reference()) {
        continue;
      }
      double v = y.applyAsDouble(c);
      if (v > 0) {
        lines.computeIfAbsent(line.apply(c), k -> new java.util.TreeMap<>()).put(x.applyAsDouble(c), v);
      }
    }
    lines.values().removeIf(points -> points.size() < 2);
    if (lines.isEmpty()) {
      return null;
    }
    // lines with the same points would hide one another: one line, named for all of them
    java.util.Map<java.util.TreeMap<Double, Double>, String> byPoints = new java.util.LinkedHashMap<>();
    lines.forEach((name, points) -> byPoints.merge(points, name, (a, b) -> a + " = " + b));
    lines = new java.util.TreeMap<>();
    for (var e : byPoints.entrySet()) {
      lines.put(e.getValue(), e.getKey());
    }
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
        .yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setXAxisDecimalPattern("#,##0");
    chart.getStyler().setYAxisDecimalPattern("#,##0.##");
    double[] xs = lines.values().stream().flatMap(m -> m.keySet().stream()).mapToDouble(Double::doubleValue).toArray();
    double[] ys = lines.values().stream().flatMap(m -> m.values().stream()).mapToDouble(Double::doubleValue).toArray();
    chart.getStyler().setXAxisLogarithmic(spansDecades(xs));
    chart.getStyler().setYAxisLogarithmic(spansDecades(ys));
    // markers at the measured points, each line its own marker and colour (XChart's theme cycles both)
    lines.forEach((name, points) -> chart.addSeries(name, new ArrayList<>(points.keySet()),
        new ArrayList<>(points.values())));
    return chart;
  }

  /** More than about a decade and a half: below that a log axis shows one labelled tick or none. */
  private static boolean spansDecades(double[] values) {
    double min = java.util.Arrays.stream(values).min().orElse(1);
    double max = java.util.Arrays.stream(values).max().orElse(1);
    return min > 0 && max / min > 30;
  }

  /** Passes shorter than this get no throughput-over-time chart: too few points to show a trend. */
  static final double THROUGHPUT_MIN_MILLIS = 3_000;

  /**
   * Ops per second over the time of each store's median pass of {@code phase}, from the positions
   * the pass noted every quarter second: where a store slows down as it fills (compactions,
   * flushes, page splits), the line falls. Null when no store's pass lasted {@link
   * #THROUGHPUT_MIN_MILLIS}.
   */
  static XYChart throughput(String title, String phase, List<CellResult> cells, Function<CellResult, String> label) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(title + ": " + phase + " throughput over the median pass")
        .xAxisTitle("seconds into the pass").yAxisTitle("ops per second").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setMarkerSize(0);
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    boolean any = false;
    for (CellResult c : cells) {
      if (c.reference()) {
        continue;
      }
      for (PhaseResult p : c.phases()) {
        if (!p.phase().equals(phase) || p.status() != PhaseStatus.OK || p.passMillis() < THROUGHPUT_MIN_MILLIS) {
          continue;
        }
        dev.kvbench.result.PassResult median = p.passes().stream()
            .filter(x -> x.passMillis() == p.passMillis()).findFirst().orElse(null);
        if (median == null || median.progress().size() < 3) {
          continue;
        }
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        var points = median.progress();
        for (int i = 1; i < points.size(); i++) {
          long dt = points.get(i).millis() - points.get(i - 1).millis();
          if (dt > 0) {
            x.add(points.get(i).millis() / 1e3);
            y.add((points.get(i).ops() - points.get(i - 1).ops()) * 1e3 / dt);
          }
        }
        if (x.size() > 1) {
          chart.addSeries(uniqueName(chart, label.apply(c)), x, y).setMarker(SeriesMarkers.NONE);
          any = true;
        }
      }
    }
    return any ? chart : null;
  }

  /**
   * Bytes the process wrote per commit against the commit's number, one line per traced write
   * pass (the median pass of each cell): the random-UUID post's chart. Null without traces.
   */
  static XYChart commitBytes(String title, List<CellResult> cells, Function<CellResult, String> label) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
        .title(title + ": bytes written per commit").xAxisTitle("commit").yAxisTitle("KB written per commit (mean)")
        .build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setMarkerSize(0);
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    boolean any = false;
    List<Double> all = new ArrayList<>();
    for (CellResult c : cells) {
      for (PhaseResult p : c.phases()) {
        dev.kvbench.result.CommitTrace trace = commitTrace(p);
        if (trace == null || trace.points().size() < 2) {
          continue;
        }
        List<Double> x = new ArrayList<>();
        List<Double> y = new ArrayList<>();
        for (dev.kvbench.result.CommitTrace.Point point : trace.points()) {
          x.add((double) point.firstCommit());
          y.add(point.meanWriteBytes() / 1024);
        }
        chart.addSeries(uniqueName(chart, label.apply(c) + " " + p.phase()), x, y).setMarker(SeriesMarkers.NONE);
        all.addAll(y);
        any = true;
      }
    }
    // a store writing 10 KB a commit drawn beside one writing 2 MB is a flat line at 0 on a linear
    // axis, under the others: a log axis keeps every line apart where the figures span decades
    double[] ys = all.stream().mapToDouble(Double::doubleValue).toArray();
    if (spansDecades(ys)) {
      chart.getStyler().setYAxisLogarithmic(true);
      chart.setYAxisTitle("KB written per commit (mean), log scale");
    }
    return any ? chart : null;
  }

  /** The commit trace of {@code p}'s median pass, the one its figures are; null unless ok and traced. */
  static dev.kvbench.result.CommitTrace commitTrace(PhaseResult p) {
    dev.kvbench.result.PassResult median = p.status() == PhaseStatus.OK ? p.medianPass() : null;
    return median == null ? null : median.commitTrace();
  }

  private static String uniqueName(XYChart chart, String name) {
    String n = name;
    for (int i = 2; chart.getSeriesMap().containsKey(n); i++) {
      n = name + " (" + i + ")";
    }
    return n;
  }

  private static void styleBars(CategoryChart chart) {
    chart.getStyler().setLegendVisible(false);
    chart.getStyler().setXAxisLabelRotation(30);
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setLabelsFontColorAutomaticEnabled(false);
    chart.getStyler().setPlotGridVerticalLinesVisible(false);
    chart.getStyler().setYAxisDecimalPattern("#,##0.##");
  }

  private record Bar(String name, double value, double[] samples) {}

  /** A file-name-safe form of {@code text}. */
  /** The longest file name stem kvbench derives from labels; file systems allow 255 bytes with the extension. */
  static final int MAX_STEM = 120;

  /**
   * A file name stem from {@code parts} (labels, settings, phase names), each slugged and joined
   * with '-'. A stem longer than {@value #MAX_STEM} characters (a long native library path in the
   * settings) keeps its start and ends with a short hash of the whole, so it stays unique.
   */
  static String fileStem(String... parts) {
    String whole = java.util.Arrays.stream(parts).map(Charts::slug).collect(java.util.stream.Collectors.joining("-"));
    if (whole.length() <= MAX_STEM) {
      return whole;
    }
    String hex;
    try {
      hex = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
          .digest(whole.getBytes(java.nio.charset.StandardCharsets.UTF_8)), 0, 6);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
    return whole.substring(0, MAX_STEM - hex.length() - 1) + "-" + hex;
  }

  static String slug(String text) {
    return text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
  }
}
