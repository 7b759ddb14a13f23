package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.CellResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

/** Issue 27: a phase's chart shows sizes as they are, and the samples behind each bar. */
class ChartsTest {

  @Test
  void aPhaseChartIsLinearFromZeroWithABarPerStoreAndADotPerSample() {
    List<CellResult> cells = Fixtures.twoStores("host-a", 1).cells();
    CategoryChart chart = Charts.phase("t", "write", cells, CellResult::store);

    assertThat(chart.getStyler().isYAxisLogarithmic()).isFalse();
    assertThat(chart.getStyler().getYAxisMin()).isEqualTo(0.0);
    // the median bar, then one dot series per fork: alpha's three forks at 10, 11, 12 ms
    CategorySeries bars = chart.getSeriesMap().get("write");
    assertThat(xs(bars)).containsExactly("alpha", "beta");
    assertThat(ys(bars)).containsExactly(11.0, 110.0);
    List<CategorySeries> dots = chart.getSeriesMap().values().stream()
        .filter(s -> s.getChartCategorySeriesRenderStyle() == CategorySeries.CategorySeriesRenderStyle.Scatter).toList();
    assertThat(dots).hasSize(3);
    assertThat(dots.stream().map(s -> ys(s).get(0)).toList()).containsExactly(10.0, 11.0, 12.0);
    assertThat(chart.getYAxisTitle()).contains("each fork's median pass");
    // the null store keeps nothing: it is not drawn against the stores
    assertThat(xs(bars)).doesNotContain("null");
  }

  @Test
  void aBarWithFewerSamplesRepeatsItsLastAndAChartWithoutTheRunIsNone() {
    CellResult one = Fixtures.cell("solo", "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("write", new double[] {7}));
    CellResult three = Fixtures.cell("trio", "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("write", new double[] {1, 2, 3}));
    CategoryChart chart = Charts.phase("t", "write", List.of(one, three), CellResult::store);
    List<CategorySeries> dots = chart.getSeriesMap().values().stream()
        .filter(s -> s.getChartCategorySeriesRenderStyle() == CategorySeries.CategorySeriesRenderStyle.Scatter).toList();
    // trio (2 ms) then solo (7 ms): solo's one pass stands in all three dot series
    assertThat(xs(chart.getSeriesMap().get("write"))).containsExactly("trio", "solo");
    assertThat(dots).hasSize(3).allSatisfy(s -> assertThat(ys(s).get(1)).isEqualTo(7.0));
    assertThat(dots.stream().map(s -> ys(s).get(0)).toList()).containsExactly(1.0, 2.0, 3.0);
    assertThat(Charts.phase("t", "readSeq", List.of(one, three), CellResult::store)).isNull();
  }

  @Test
  void aSweepDrawsALinePerStoreAndLinesThatWouldHideEachOtherAsOne() {
    List<CellResult> cells = List.of(
        sized("lmdbjava-bb", 2026, 3.0), sized("lmdbjava-bb", 2027, 4.5),
        sized("lmdbjni", 2026, 3.0), sized("lmdbjni", 2027, 4.5),
        sized("rocksdb", 2026, 2.0), sized("rocksdb", 2027, 2.1));
    org.knowm.xchart.XYChart chart = Charts.sweep("t", "value size", "MB", cells, CellResult::store,
        c -> c.parameters().valueSize(), c -> c.phases().get(0).passMillis());
    assertThat(chart.getSeriesMap().keySet()).containsExactlyInAnyOrder("lmdbjava-bb = lmdbjni", "rocksdb");
    assertThat(chart.getSeriesMap().get("rocksdb").getYData()).hasSize(2);
  }

  private static CellResult sized(String store, int valueSize, double millis) {
    CellResult c = Fixtures.cell(store, "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("write", new double[] {millis}));
    return new CellResult(c.cellId() + valueSize, c.store(), c.library(), c.libraryVersion(), c.capabilities(),
        c.settings(), c.nativeSettings(), new CellResult.Parameters(1000, "int", 4, valueSize, "rnd", 1000, "nosync",
            1, 16, 1, 0, 3), c.phases(), c.storage(), c.outcome(), c.error(), c.diagnostics());
  }

  private static List<String> xs(CategorySeries s) {
    return s.getXData().stream().map(Object::toString).toList();
  }

  private static List<Double> ys(CategorySeries s) {
    return s.getYData().stream().map(Number::doubleValue).toList();
  }

  @Test
  void commitBytesThatSpanDecadesAreOnALogAxisSoNoLineHidesUnderAnother() {
    CellResult big = traced("big", 2_000_000);
    CellResult small = traced("small", 10_000);
    assertThat(Charts.commitBytes("t", List.of(big, small), CellResult::store).getStyler().isYAxisLogarithmic())
        .isTrue();
    CellResult alike = traced("alike", 1_500_000);
    assertThat(Charts.commitBytes("t", List.of(big, alike), CellResult::store).getStyler().isYAxisLogarithmic())
        .isFalse();
  }

  /** A cell whose write pass traced 3 commits of {@code bytes} each. */
  private static CellResult traced(String store, double bytes) {
    List<dev.kvbench.result.CommitTrace.Point> points = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      points.add(new dev.kvbench.result.CommitTrace.Point(i + 1, 1, 1000, 1000, bytes, (long) bytes, -1, -1));
    }
    var trace = new dev.kvbench.result.CommitTrace(3, 1, 4096, points, 0);
    var phase = Fixtures.phase("write", new double[] {1, 1, 1}).withPasses(p -> p.withCommitTrace(trace));
    return Fixtures.cell(store, "rnd", Map.of(), Fixtures.ORDERED, phase);
  }
}
