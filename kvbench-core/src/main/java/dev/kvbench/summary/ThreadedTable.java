package dev.kvbench.summary;

import dev.kvbench.measure.LatencySummary;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.Figure;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The threaded phases' table: total and per-thread ops/s, scaling against the same store's
 * one-thread cell, the writer's rate beside the readers', latency percentiles per operation type,
 * the figures of every phase ({@link FigureTable#everyPhase}: CPU and heap bytes per op), and the
 * target rate beside the achieved one. No rows when no cell ran a threaded phase.
 */
public final class ThreadedTable {

  private ThreadedTable() {}

  /** The table of {@code cells}' threaded phases, rows named as {@code tables} names them. */
  public static TextTable of(RunTables tables, List<CellResult> cells) {
    List<Figure> figures = FigureTable.everyPhase();
    List<TextTable.Column> columns = new ArrayList<>(List.of(
        TextTable.left("Phase"),
        TextTable.left("Store"),
        // the operation names its row in every block of a folded table (a custom mix's second op too)
        TextTable.left("Op"),
        TextTable.right("Threads"),
        TextTable.right("ops/s"),
        TextTable.right("per thread"),
        TextTable.right("x 1 thread"),
        TextTable.right("Writer puts/s"),
        TextTable.right("Samples"),
        TextTable.right("p50 µs"),
        TextTable.right("p99 µs"),
        TextTable.right("p99.9 µs")));
    figures.forEach(f -> columns.add(TextTable.right(f.heading())));
    columns.add(TextTable.right("Rate: target / achieved"));
    columns.add(TextTable.left("Latency from"));
    TextTable t = new TextTable(columns.toArray(TextTable.Column[]::new)).keyColumns(3);
    for (String phase : RunTables.phases(cells)) {
      boolean first = true;
      for (CellResult c : cells) {
        for (PhaseResult p : c.phases()) {
          if (!p.phase().equals(phase) || p.status() != PhaseStatus.OK || p.threaded() == null) {
            continue;
          }
          var f = p.threaded();
          var perThreadRates = f.perThread().stream().mapToDouble(x -> x.opsPerSec()).summaryStatistics();
          String perThread = perThreadRates.getCount() == 0 ? "-"
              : rate(perThreadRates.getMin()) + "-" + rate(perThreadRates.getMax());
          double one = oneThread(cells, c, phase);
          String scaling = one > 0 ? String.format(Locale.ROOT, "%.2f", p.opsPerSec() / one) : "-";
          String writer = f.writer() == null ? "-" : rate(f.writer().putsPerSec())
              + (f.writer().stallMillis() > 0 ? " (stalled " + f.writer().stallMillis() + " ms)" : "");
          // a pass that fell behind its schedule measured a queue, not the store at that rate: marked
          String rates = f.targetRate() > 0 ? rate(f.targetRate()) + " / " + rate(f.achievedRate())
              + (f.achievedRate() < dev.kvbench.result.RateCurves.SATURATED_BELOW * f.targetRate() ? " saturated" : "")
              : "none";
          boolean firstOp = true;
          for (var op : f.latencyNanosByOperation().entrySet()) {
            var l = op.getValue();
            List<String> row = new ArrayList<>(List.of(first ? phase : "", firstOp ? tables.rowLabel(c) : "",
                op.getKey(), firstOp ? Integer.toString(f.threads()) : "", firstOp ? rate(p.opsPerSec()) : "",
                firstOp ? perThread : "", firstOp ? scaling : "", firstOp ? writer : "",
                String.format(Locale.ROOT, "%,d", l.samples()),
                percentile(l, 50, l.p50()), percentile(l, 99, l.p99()), percentile(l, 99.9, l.p999())));
            // the phase's figures once, on its first operation's line
            for (Figure figure : figures) {
              row.add(firstOp ? figure.text(c, p) : "");
            }
            row.add(firstOp ? rates : "");
            row.add(firstOp ? (f.targetRate() > 0 ? "intended start" : "op start") : "");
            t.row(row.toArray(String[]::new));
            first = false;
            firstOp = false;
          }
        }
      }
    }
    return t;
  }

  /**
   * A percentile in µs, marked {@code *} where too few samples lie beyond it to make it one (see
   * {@link LatencySummary#thin}); {@link #THIN_PERCENTILE} says what the mark means.
   */
  public static String percentile(LatencySummary l, double percentile, long nanos) {
    return micros(nanos) + thinMark(l, percentile);
  }

  /** {@code *} where too few samples lie beyond {@code percentile} of {@code l}, else nothing. */
  public static String thinMark(LatencySummary l, double percentile) {
    return l.thin(percentile) ? "*" : "";
  }

  /** What a {@code *} after a percentile means, for under a table that shows one. */
  public static final String THIN_PERCENTILE = "* fewer than " + LatencySummary.MIN_TAIL_SAMPLES + " samples lie"
      + " beyond this percentile: it is close to the largest latency seen, not an estimate another run would repeat"
      + " (p99 needs " + String.format(Locale.ROOT, "%,d", LatencySummary.samplesFor(99)) + " samples, p99.9 "
      + String.format(Locale.ROOT, "%,d", LatencySummary.samplesFor(99.9)) + ").";

  /** ops/s of the cell like {@code c} but with one thread, or 0 when there is none. */
  private static double oneThread(List<CellResult> cells, CellResult c, String phase) {
    for (CellResult other : cells) {
      if (other.parameters().threads() == 1 && other.store().equals(c.store())
          && other.settings().equals(c.settings()) && sameButThreads(other.parameters(), c.parameters())) {
        for (PhaseResult p : other.phases()) {
          if (p.phase().equals(phase) && p.status() == PhaseStatus.OK) {
            return p.opsPerSec();
          }
        }
      }
    }
    return 0;
  }

  private static boolean sameButThreads(CellResult.Parameters a, CellResult.Parameters b) {
    return a.entries() == b.entries() && a.keys().equals(b.keys()) && a.valueSize() == b.valueSize()
        && a.order().equals(b.order()) && a.batchSize() == b.batchSize() && a.durability().equals(b.durability())
        && java.util.Objects.equals(a.traffic(), b.traffic())
        && a.valueContentOrRandom().equals(b.valueContentOrRandom()) && a.codecOrNone().equals(b.codecOrNone());
  }

  static String rate(double perSecond) {
    return String.format(Locale.ROOT, "%,.0f", perSecond);
  }

  private static String micros(long nanos) {
    return String.format(Locale.ROOT, "%,.1f", nanos / 1e3);
  }
}
