package dev.kvbench.summary;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultDocument;
import java.util.List;
import java.util.Map;

/**
 * The text tables a run ends with, as {@code kvbench run} prints them and the library's {@code
 * BenchmarkResult.tables()} returns them: per workload, the phases' timings, the threaded
 * workloads' throughput and latency percentiles, and storage; then the cells that did not finish.
 */
public final class RunSummary {

  private RunSummary() {}

  /** The tables of {@code doc}, each under a title line, separated by blank lines. */
  public static String of(ResultDocument doc) {
    StringBuilder out = new StringBuilder();
    List<CellResult> ran = doc.cells().stream().filter(c -> c.outcome() == CellResult.Outcome.RAN).toList();
    Lmdbjava2016Tables tables = new Lmdbjava2016Tables(doc.cells());
    for (Map.Entry<String, List<CellResult>> group : tables.byWorkload(ran).entrySet()) {
      out.append('\n').append(group.getKey()).append("\n\n");
      out.append(tables.timings(group.getValue()));
      var threaded = tables.threadedTable(group.getValue());
      if (threaded.rows() > 0) {
        out.append("\nThreaded workloads (median pass; latency percentiles per operation over every measured pass)\n");
        out.append(threaded.render());
      }
      out.append("\nStorage (bytes allocated after close, as du -B1; overhead against a flat array of keys + values)\n");
      out.append(tables.storage(group.getValue()));
    }
    String notRun = tables.notRun(doc.cells());
    if (!notRun.isEmpty()) {
      out.append("\nCells that did not run to the end\n").append(notRun);
    }
    return out.append('\n').toString();
  }
}
