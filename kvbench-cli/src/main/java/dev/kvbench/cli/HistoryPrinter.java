package dev.kvbench.cli;

import dev.kvbench.report.history.History;
import dev.kvbench.report.history.HistoryRecords;
import dev.kvbench.report.history.HistoryRun;
import dev.kvbench.report.history.Series;
import dev.kvbench.result.Figure;
import dev.kvbench.result.FigureTable;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * A history as {@code kvbench history} prints it: the runs, each series with a change point and its
 * changes (size, runs either side, note, bisect command), a count of the series without one, and the
 * gate's answer.
 */
final class HistoryPrinter {

  private final PrintWriter out;

  HistoryPrinter(PrintWriter out) {
    this.out = out;
  }

  /**
   * Each row of the figure table both runs have, the run before's value and the change's: what else
   * moved with the judged figure (bytes allocated, MB/s), shown, not judged.
   */
  static String figuresMoved(Series.Point before, Series.Point after) {
    List<String> moved = new java.util.ArrayList<>();
    for (Figure row : FigureTable.ROWS) {
      Double b = before.figures().get(row.id());
      Double a = after.figures().get(row.id());
      if (b != null && a != null) {
        moved.add(row.heading() + " " + row.format().text(b) + " -> " + row.format().text(a));
      }
    }
    return String.join(", ", moved);
  }

  void print(History h, HistoryRecords.Gate gate) {
    List<HistoryRun> runs = h.runs();
    long classes = h.series().stream().map(Series::hostClass).distinct().count();
    long scenarios = h.series().stream().map(Series::scenario).distinct().count();
    out.printf(Locale.ROOT, "%d runs by %s, %s to %s; %d series%s%s%n", runs.size(), h.rule().order().id(),
        runs.get(0).describe(), runs.get(runs.size() - 1).describe(), h.series().size(),
        classes > 1 ? " on " + classes + " classes of hardware" : "",
        h.unmeasured().isEmpty() ? "" : ", and " + h.unmeasured().size() + " without a figure in any run (below)");
    var d = h.rule().detection();
    out.printf(Locale.ROOT, "Change points: E-Divisive (Otava's form), window %d runs, p < %s, change > %s %%;"
        + " figure: %s ms per op, each run the mean of its forks%s.%n%n", d.windowLength(), d.maxPValue(),
        trim(d.minMagnitude() * 100), h.rule().figure().id(),
        h.rule().noisyForks().name().equals("DROP") ? " the host left alone" : "");
    int unchanged = 0;
    for (Series s : h.series()) {
      if (s.changes().isEmpty()) {
        unchanged++;
        continue;
      }
      out.println(s.label() + (scenarios > 1 ? "  (scenario " + s.scenario() + ")" : "")
          + (classes > 1 ? "  [" + s.hostClass() + "]" : "") + "  (" + s.points().size() + " runs)");
      for (Series.Change c : s.changes()) {
        double[] interval = c.percentInterval();
        // the change is in time per op (the gate's figure); a phase of a fixed duration also says its rate's
        String rate = s.figure() == dev.kvbench.result.PrimaryFigure.RATE
            ? String.format(Locale.ROOT, ", rate %+.1f %%", (c.meanBefore() / c.meanAfter() - 1) * 100) : "";
        out.printf(Locale.ROOT, "  %s from %s: %+.1f %% %s%s, %s -> %s%s (p %.1e); the run before: %s%n",
            c.direction() == Series.Direction.SLOWER ? "SLOWER" : "faster", c.after().run().describe(), c.percent(),
            c.direction().id(), Double.isNaN(interval[0]) ? ""
                : String.format(Locale.ROOT, " (95 %%: %+.1f to %+.1f %%)", interval[0], interval[1]),
            s.shown(c.meanBefore()).replace(" ms per op", ""), s.shown(c.meanAfter()), rate, c.pValue(),
            c.before().run().describe());
        String figures = figuresMoved(c.before(), c.after());
        if (!figures.isEmpty()) {
          out.println("    the run before -> the change's run: " + figures);
        }
        if (c.note() != null) {
          out.println("    noted: " + c.note());
        }
        if (c.bisect() != null) {
          out.println("    bisect: " + c.bisect());
        }
      }
    }
    if (unchanged > 0) {
      out.println(unchanged == 1 && h.series().size() == 1 ? "No change point in the one series."
          : (unchanged == h.series().size() ? "No change point in any of the " : "No change point in the other ")
              + unchanged + " series.");
    }
    for (Series s : h.series()) {
      s.gaps().stream().filter(g -> g.run().equals(runs.get(runs.size() - 1)))
          .forEach(g -> out.println("The newest run has no figure for " + s.label() + ": " + g.why()));
    }
    // nothing leaves a history without a line: the series no run measured, and what is never a series
    for (Series s : h.unmeasured()) {
      out.println("No figure in any run for " + s.label() + (scenarios > 1 ? " (scenario " + s.scenario() + ")" : "")
          + ": " + s.whyNoFigure());
    }
    h.notSeries().forEach(line -> out.println("Not a series: " + line));
    if (gate != null) {
      out.println();
      List<History.Finding> regressions = h.gate(gate.percent(), gate.recent());
      List<History.Finding> incomplete = h.incomplete();
      boolean fails = gate.fails(h);
      out.printf(Locale.ROOT, "Gate (--fail-on-change %s): %s%n", trim(gate.percent()), fails ? "FAILS" : "passes");
      regressions.forEach(f -> out.printf(Locale.ROOT, "  %s: %+.1f %% from %s%n", f.series().label(),
          f.change().percent(), f.change().after().run().describe()));
      incomplete.forEach(f -> out.println("  " + f.series().label() + ": no figure in the newest run"
          + (gate.allowIncomplete() ? " (allowed)" : " (--allow-incomplete passes it)")));
    }
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
