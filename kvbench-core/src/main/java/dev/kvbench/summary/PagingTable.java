package dev.kvbench.summary;

import dev.kvbench.measure.Paging;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Paging per phase: what each store had to fetch from the device because its data did not fit in
 * memory, the median pass's major page faults and device reads per op, and, for a cell limited with
 * {@code --memory-limit}, its cgroup's highest peak over the measured passes beside the limit. Rows
 * only for cells that ran under a limit or whose phases faulted: data that fits in memory once loaded
 * has nothing to show here.
 */
public final class PagingTable {

  /** The title the run's summary and the report put over the table. */
  public static final String TITLE = "Paging (data larger than memory: the median pass's major page faults and device"
      + " reads per op; the cgroup's peak over the measured passes, page cache included)";

  private PagingTable() {}

  /** The table of {@code cells}; no rows where none was limited and none faulted. */
  public static TextTable of(RunTables tables, List<CellResult> cells) {
    TextTable t = new TextTable(
        TextTable.left("Phase"),
        TextTable.left("Store"),
        TextTable.right("Major faults/op"),
        TextTable.right("Device read B/op"),
        TextTable.right("Cgroup peak MiB"),
        TextTable.right("Limit MiB"),
        TextTable.right("Passes")).keyColumns(2);
    for (String phase : RunTables.phases(cells)) {
      boolean first = true;
      for (CellResult c : cells) {
        CellResult.MemoryLimitFigures limit = c.memory() == null ? null : c.memory().limit();
        for (PhaseResult p : c.phases()) {
          if (!p.phase().equals(phase) || p.status() != PhaseStatus.OK) {
            continue;
          }
          PassResult median = p.medianPass();
          Paging paging = median == null ? null : median.paging();
          if (paging == null || (limit == null && paging.majorFaults() == 0)) {
            continue;
          }
          long peak = p.passes().stream().map(PassResult::paging).filter(Objects::nonNull)
              .map(Paging::cgroupPeakBytes).filter(Objects::nonNull).mapToLong(Long::longValue).max().orElse(-1);
          t.row(first ? phase : "", tables.rowLabel(c),
              perOp(paging.majorFaults(), median.ops()),
              median.io() == null ? "-" : perOp(median.io().readBytes(), median.ops()),
              peak < 0 ? "-" : mib(peak),
              limit == null ? "-" : mib(limit.limitBytes()),
              Long.toString(p.passes().stream().filter(x -> x.paging() != null).count()));
          first = false;
        }
      }
    }
    return t;
  }

  private static String perOp(long total, long ops) {
    return RunTables.count(ops <= 0 ? null : (double) total / ops);
  }

  private static String mib(long bytes) {
    return String.format(Locale.ROOT, "%,.0f", bytes / 1048576.0);
  }
}
