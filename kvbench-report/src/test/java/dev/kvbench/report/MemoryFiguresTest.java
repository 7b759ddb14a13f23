package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.MemoryFootprint;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.summary.RunTables;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

/** The report's memory figures: a row per footprint, and bars whose parts add up to the resident memory. */
class MemoryFiguresTest {

  @TempDir Path temp;

  private static CellResult withMemory(String store, long heap, long direct, long anon, long file, Map<String, Long> own) {
    CellResult c = Fixtures.cell(store, "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("write", new double[] {10, 11, 12}));
    MemoryFootprint loaded = new MemoryFootprint(heap, heap * 2, direct, 0, anon, file, null, own);
    MemoryFootprint after = new MemoryFootprint(heap + 1_000_000, heap * 2, direct, 0, anon + 2_000_000, file, 90_000_000L,
        own);
    return c.withMemory(new CellResult.CellMemory(loaded, after));
  }

  @Test
  void eachCellsFootprintsAreRowsAndItsBarAddsUpToItsResidentMemory() throws Exception {
    List<CellResult> cells = List.of(
        withMemory("alpha", 20_000_000, 1_000_000, 150_000_000, 40_000_000, Map.of()),
        withMemory("beta", 10_000_000, 0, 300_000_000, 20_000_000, Map.of("cache", 64_000_000L)));
    RunTables tables = new RunTables(cells);
    String md = MemoryFigures.table(cells, tables).renderMarkdown();
    assertThat(md).contains("| alpha | loaded | 20.0 | 40.0 | 1.0 | 0.0 | 150.0 | 40.0 | - | - |",
        "|  | after the phases | 21.0 |", "| 90.0 |", "cache 64.0");

    CategoryChart chart = MemoryFigures.chart("t", cells, CellResult::store);
    // alpha (190 MB resident after the phases) before beta (322 MB): smallest first
    for (int bar = 0; bar < 2; bar++) {
      double sum = 0;
      for (CategorySeries s : chart.getSeriesMap().values()) {
        sum += ((List<?>) s.getYData()).get(bar) instanceof Number n ? n.doubleValue() : 0;
      }
      double expected = bar == 0 ? 152 + 40 : 302 + 20;
      assertThat(sum).as("bar " + bar).isCloseTo(expected, org.assertj.core.data.Offset.offset(0.01));
    }
    assertThat(chart.getSeriesMap()).containsOnlyKeys("live heap", "free heap", "direct buffers", "other anonymous",
        "file-backed");

    Path in = temp.resolve("m.json");
    new ResultFiles().write(Fixtures.document("host-a", cells), in);
    Path out = temp.resolve("report");
    new ReportWriter("9.9", Clock.fixed(Instant.EPOCH, ZoneOffset.UTC)).write(List.of(in), out, false);
    String readme = Files.readString(out.resolve("README.md"));
    assertThat(readme).contains("Memory of each cell's JVM", "![resident memory by store](charts/");
    try (var charts = Files.list(out.resolve("charts"))) {
      assertThat(charts.map(p -> p.getFileName().toString())).anyMatch(n -> n.endsWith("-memory.png"));
    }
  }

  /** A result of a kvbench before footprints, or of a cell that never loaded, has no memory rows and no chart. */
  @Test
  void cellsWithoutFootprintsHaveNone() {
    List<CellResult> cells = List.of(Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("write", new double[] {10})));
    assertThat(MemoryFigures.table(cells, new RunTables(cells)).rows()).isZero();
    assertThat(MemoryFigures.chart("t", cells, CellResult::store)).isNull();
  }
}
