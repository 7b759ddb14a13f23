package dev.kvbench.summary;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.Timeline;
import dev.kvbench.result.TimelinePoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sustained phases over time, a row per cell and phase from its median pass's timeline: the
 * median interval's ops per second, the stalled intervals and the longest run of them, the worst
 * interval's p99 and the longest op, write and space amplification, the CPU of the clients and of
 * every other thread (the store's own work), and what the store's own counters say happened.
 */
public final class TimelineTable {

  /** An interval that did less than this share of what it was offered is behind. */
  static final int BEHIND_PERCENT = 95;

  /** The title the run's summary and the report put over the table. */
  public static final String TITLE = "Over time (sustained phases and phases at a set rate, the median pass's"
      + " timeline: ops/s of the median interval; offered/s = what the rate and its shape asked for, over the pass;"
      + " behind = intervals that did less than " + BEHIND_PERCENT + " % of what was offered in them; stalls are intervals below the threshold share of it; write amp = device bytes / user bytes;"
      + " space amp = the store's bytes at the end / its live key and value bytes; CPU as % of one core)";

  private TimelineTable() {}

  /** The table of {@code cells}' timelines; no rows where no phase recorded one. */
  public static TextTable of(RunTables tables, List<CellResult> cells) {
    TextTable t = new TextTable(
        TextTable.left("Phase"),
        TextTable.left("Store"),
        TextTable.right("Ops/s"),
        TextTable.right("Offered/s"),
        TextTable.right("Behind"),
        TextTable.right("Stalled"),
        TextTable.right("Longest s"),
        TextTable.right("Worst p99 us"),
        TextTable.right("Max ms"),
        TextTable.right("Write amp"),
        TextTable.right("Space amp"),
        TextTable.right("Client CPU %"),
        TextTable.right("Other CPU %"),
        TextTable.left("The store's own counters over the pass")).keyColumns(2);
    for (String phase : RunTables.phases(cells)) {
      boolean first = true;
      for (CellResult c : cells) {
        for (PhaseResult p : c.phases()) {
          PassResult median = p.phase().equals(phase) && p.status() == PhaseStatus.OK ? p.medianPass() : null;
          Timeline tl = median == null ? null : median.timeline();
          if (tl == null || tl.points().isEmpty()) {
            continue;
          }
          double wallMillis = Math.max(1, median.passMillis());
          t.row(first ? phase : "", tables.rowLabel(c),
              RunTables.count(tl.stalls() == null ? null : tl.stalls().medianOps() * 1e3 / tl.intervalMillis()),
              RunTables.count(offeredPerSecond(tl)),
              behind(tl),
              tl.stalls() == null ? "-" : tl.stalls().stalledIntervals() + " of " + tl.points().size(),
              tl.stalls() == null ? "-" : String.format(Locale.ROOT, "%.1f", tl.stalls().longestMillis() / 1e3),
              RunTables.count(worst(tl, o -> o.p99Nanos()) / 1e3),
              String.format(Locale.ROOT, "%.1f", worst(tl, o -> o.maxNanos()) / 1e6),
              tl.writeAmplification() == null ? (tl.deviceUnknown() == null ? "-" : "unknown")
                  : String.format(Locale.ROOT, "%.2f", tl.writeAmplification()),
              tl.spaceAmplification() == null ? "-" : String.format(Locale.ROOT, "%.2f", tl.spaceAmplification()),
              String.format(Locale.ROOT, "%.0f", tl.clientCpuMillis() * 100 / wallMillis),
              String.format(Locale.ROOT, "%.0f", tl.otherCpuMillis() * 100 / wallMillis),
              storeCounters(tl));
          first = false;
        }
      }
    }
    return t;
  }

  /** The ops offered over the pass per second of it; null at full speed. */
  private static Double offeredPerSecond(Timeline tl) {
    long offered = 0;
    long millis = 0;
    for (TimelinePoint p : tl.points()) {
      if (p.offeredOps() == null) {
        return null;
      }
      offered += p.offeredOps();
      millis += p.millis();
    }
    return millis <= 0 ? null : offered * 1e3 / millis;
  }

  /** How many intervals did less than {@link #BEHIND_PERCENT} of what they were offered; "-" at full speed. */
  private static String behind(Timeline tl) {
    long behind = 0;
    for (TimelinePoint p : tl.points()) {
      if (p.offeredOps() == null || p.primary() == null) {
        return "-";
      }
      if (p.primary().ops() * 100 < p.offeredOps() * BEHIND_PERCENT) {
        behind++;
      }
    }
    return behind + " of " + tl.points().size();
  }

  private static long worst(Timeline tl, java.util.function.ToLongFunction<TimelinePoint.Ops> figure) {
    return tl.points().stream().map(TimelinePoint::primary).filter(o -> o != null && o.ops() > 0)
        .mapToLong(figure).max().orElse(0);
  }

  /**
   * The store's counters that name a stall, a stop or a delay (the totals, not each cause), and
   * the background work behind them (compaction's bytes written, bytes a log's GC moved), as they
   * grew over the pass (first interval's reading to the last's); "-" where the store keeps none.
   */
  public static String storeCounters(Timeline tl) {
    Map<String, Long> last = tl.points().get(tl.points().size() - 1).store();
    if (last.isEmpty()) {
      return "-";
    }
    Map<String, Long> first = tl.points().get(0).store();
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, Long> e : last.entrySet()) {
      String name = e.getKey();
      long grew = e.getValue() - first.getOrDefault(name, 0L);
      // the totals, not each cause (RocksDB's stops by cause stay in the result), and the work that explains them
      boolean stall = (name.contains("stall") || name.contains("stops") || name.contains("delays"))
          && !name.contains("limit");
      boolean work = name.equals("compaction.write-bytes") || name.contains("moved");
      if (!(stall || work) || grew <= 0) {
        continue;
      }
      String lower = name.toLowerCase(Locale.ROOT);
      parts.add(lower.endsWith("micros") ? name + " " + String.format(Locale.ROOT, "%.1f s", grew / 1e6)
          : lower.contains("bytes") ? name + " " + String.format(Locale.ROOT, "%,.0f MB", grew / 1e6)
          : name + " " + grew);
    }
    java.util.Collections.sort(parts);
    return parts.isEmpty() ? "none grew" : String.join(", ", parts);
  }
}
