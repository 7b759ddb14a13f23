package dev.kvbench.report;

import dev.kvbench.measure.MemoryFootprint;
import dev.kvbench.result.CellResult;
import dev.kvbench.summary.RunTables;
import dev.kvbench.summary.TextTable;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.style.Styler;

/** What each cell's JVM held in memory, as the report shows it: a table of the footprints and a stacked bar chart. */
final class MemoryFigures {

  private MemoryFigures() {}

  /** A row per footprint a cell took: once loaded and after the phases. */
  static TextTable table(List<CellResult> cells, RunTables tables) {
    TextTable t = new TextTable(
        TextTable.left("Store"),
        TextTable.left("When"),
        TextTable.right("Live heap MB"),
        TextTable.right("Heap committed MB"),
        TextTable.right("Direct MB"),
        TextTable.right("Mapped MB"),
        TextTable.right("Anon RSS MB"),
        TextTable.right("File RSS MB"),
        TextTable.right("NMT MB"),
        TextTable.right("Page cache MB"),
        TextTable.left("The store's own"));
    for (CellResult c : cells) {
      if (c.memory() == null) {
        continue;
      }
      row(t, tables.rowLabel(c), "loaded", c.memory().afterLoad());
      row(t, "", "after the phases", c.memory().afterPhases());
    }
    return t;
  }

  private static void row(TextTable t, String store, String when, MemoryFootprint m) {
    if (m == null) {
      return;
    }
    StringBuilder own = new StringBuilder();
    m.store().forEach((k, v) -> own.append(own.isEmpty() ? "" : ", ").append(k).append(' ').append(megabytes(v)));
    t.row(store, when, megabytes(m.heapUsedBytes()), megabytes(m.heapCommittedBytes()), megabytes(m.directBufferBytes()),
        megabytes(m.mappedBufferBytes()), megabytes(m.anonymousRssBytes()), megabytes(m.fileRssBytes()),
        megabytes(m.nativeCommittedBytes()), megabytes(m.pageCacheBytes()), own.isEmpty() ? "-" : own.toString());
  }

  private static String megabytes(Long bytes) {
    return bytes == null ? "-" : String.format(Locale.ROOT, "%,.1f", bytes / 1e6);
  }

  /**
   * Each store's resident memory after the phases on its loaded store (or once loaded, where no
   * phase followed), stacked: the live heap after a full GC, the committed heap beyond it, direct
   * buffers, the rest of the anonymous memory (native allocations such as RocksDB's memtables and
   * block cache, the JVM's code, classes and threads, and heap pages the JVM has not returned yet:
   * JDK 17's G1 uncommits concurrently, after the collection the footprint follows) and file-backed
   * memory (mapped files: an LMDB map, the JVM's jars). The parts add up to the resident set; under
   * a memory limit, the page cache the cell's cgroup holds beyond its mapped pages sits on top, so
   * the bar is what the limit counts. Null when no cell recorded it.
   */
  static CategoryChart chart(String title, List<CellResult> cells, Function<CellResult, String> label) {
    List<CellResult> shown = cells.stream().filter(c -> footprint(c) != null).sorted(Comparator.comparingLong(
        c -> footprint(c).anonymousRssBytes() + footprint(c).fileRssBytes())).toList();
    if (shown.isEmpty()) {
      return null;
    }
    CategoryChart chart = Charts.categoryChart()
        .title(title + ": resident memory after the phases").xAxisTitle("store").yAxisTitle("MB resident").build();
    chart.getStyler().setStacked(true);
    chart.getStyler().setXAxisLabelRotation(30);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setYAxisDecimalPattern("#,##0");
    List<String> names = shown.stream().map(label).toList();
    Map<String, ToLongFunction<MemoryFootprint>> parts = new LinkedHashMap<>();
    parts.put("live heap", m -> m.heapUsedBytes());
    parts.put("free heap", MemoryFigures::freeHeap);
    parts.put("direct buffers", m -> m.directBufferBytes());
    parts.put("other anonymous", m -> otherAnonymous(m) - freeHeap(m));
    parts.put("file-backed", m -> m.fileRssBytes());
    if (shown.stream().anyMatch(c -> footprint(c).pageCacheBytes() != null)) {
      parts.put("page cache, not mapped (under the limit)", MemoryFigures::unmappedPageCache);
    }
    parts.forEach((part, bytes) -> chart.addSeries(part, names,
        shown.stream().map(c -> (Number) (bytes.applyAsLong(footprint(c)) / 1e6)).toList()));
    return chart;
  }

  /** The cgroup's page cache beyond the file-backed pages the process maps; 0 where not recorded. */
  private static long unmappedPageCache(MemoryFootprint m) {
    return m.pageCacheBytes() == null ? 0 : Math.max(0, m.pageCacheBytes() - m.fileRssBytes());
  }

  /** Anonymous memory that is neither the live heap nor a direct buffer. */
  private static long otherAnonymous(MemoryFootprint m) {
    return Math.max(0, m.anonymousRssBytes() - m.heapUsedBytes() - m.directBufferBytes());
  }

  /**
   * The heap the JVM committed beyond the live data, as far as the anonymous memory holds it: at most
   * what is committed, since a committed page the heap never touched is not resident.
   */
  private static long freeHeap(MemoryFootprint m) {
    return Math.min(Math.max(0, m.heapCommittedBytes() - m.heapUsedBytes()), otherAnonymous(m));
  }

  /** The footprint a memory chart shows: after the phases, else once loaded; null without the RSS split. */
  static MemoryFootprint footprint(CellResult c) {
    if (c.memory() == null) {
      return null;
    }
    var m = c.memory().afterPhases() != null ? c.memory().afterPhases() : c.memory().afterLoad();
    return m == null || m.anonymousRssBytes() == null || m.fileRssBytes() == null ? null : m;
  }
}
