package dev.kvbench.cli;

import dev.kvbench.stats.Verdict;
import dev.kvbench.report.Comparison;
import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.summary.TextTable;
import dev.kvbench.summary.TextWrap;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * A comparison as {@code compare} and {@code bisect} print it: a row per phase with the ratio, its
 * interval and the verdict, the legend, what could not be compared, and the regression gate.
 */
final class ComparisonPrinter {

  private final Double failOnRegression;
  private final boolean allowIncomplete;

  /** @param failOnRegression the gate's threshold in percent, or null for no gate */
  ComparisonPrinter(Double failOnRegression, boolean allowIncomplete) {
    this.failOnRegression = failOnRegression;
    this.allowIncomplete = allowIncomplete;
  }

  /**
   * Prints {@code c}, its tables folded to the terminal's width; its prose wrapped in a terminal and
   * one line a sentence in a log or pipe (for grep), as the run's notices are. Returns the exit code
   * the gate decides.
   */
  int print(PrintWriter out, Comparison c) {
    return print(out, c, Terminal.pageWidth(), Terminal.attached() ? Terminal.pageWidth() : Integer.MAX_VALUE);
  }

  /**
   * Prints {@code c} within {@code width} columns: a table per cell under its name (and the settings
   * that differ), its columns folded as the run's tables are, the legend and the unmatched phases
   * wrapped; returns the exit code the gate decides ({@link ExitCodes#OK} without one).
   */
  int print(PrintWriter out, Comparison c, int width, int proseWidth) {
    int regressions = 0;
    Map<String, List<Comparison.Row>> byCell = new LinkedHashMap<>();
    c.rows().forEach(r -> byCell.computeIfAbsent(r.cell(), k -> new java.util.ArrayList<>()).add(r));
    boolean first = true;
    for (Map.Entry<String, List<Comparison.Row>> cell : byCell.entrySet()) {
      // a cell's phases share one unit, but a phase of a fixed duration shows its rate: its unit is in its row
      List<String> units = cell.getValue().stream().map(r -> r.shown().heading()).distinct().toList();
      String unit = units.size() == 1 ? " " + units.get(0) : "";
      TextTable t = new TextTable(
          TextTable.left("Phase"),
          TextTable.right("Baseline" + unit),
          TextTable.right("Candidate" + unit),
          TextTable.right("Forks"),
          TextTable.right("Ratio"),
          TextTable.right("95 % interval"),
          TextTable.left("Verdict"),
          TextTable.left("Caveats"));
      for (Comparison.Row r : cell.getValue()) {
        boolean regression = failOnRegression != null && r.regression(failOnRegression);
        regressions += regression ? 1 : 0;
        String rowUnit = unit.isEmpty() ? " " + r.shown().heading() : "";
        t.row(r.phase(), millis(r.baselineFigure()) + rowUnit, millis(r.candidateFigure()) + rowUnit,
            r.change().baselineForks() + "/" + r.change().candidateForks(),
            String.format(Locale.ROOT, "x %.3f", r.shownRatio()),
            r.change().hasInterval() ? String.format(Locale.ROOT, "%.3f-%.3f", r.shownInterval()[0],
                r.shownInterval()[1]) : "-",
            verdictText(r, c.minEffectPercent()) + (regression ? " REGRESSION" : ""), r.caveats().describe());
      }
      String changed = cell.getValue().get(0).settingsChanged();
      out.print((first ? "" : "\n") + TextWrap.wrap(cell.getKey() + (changed == null || changed.isEmpty() ? ""
          : " (settings changed: " + changed + ")"), proseWidth, "  ") + "\n" + t.render(width));
      first = false;
    }
    boolean paired = c.pairing() == ForkRatio.Pairing.BY_ROUND;
    out.print("\n" + TextWrap.wrap(String.format(Locale.ROOT, "%s Verdict: slower or faster when the 95 %%"
        + " interval of the ratio excludes 1 and the ratio differs from 1 by more than %.1f %%; equivalent when the"
        + " whole interval lies within ±%.1f %%; undecided otherwise, with about how many forks a side would decide"
        + " it if the forks' spread stays as it is (kvbench run --forks N, or --precision); not enough forks below"
        + " %d a side; too short to judge under %.2f ms a pass.",
        paired ? "Forks: pairs of forks that ran in the same round of the run, back to back (baseline/candidate);"
            + " the interval is a paired t on their log-ratios, so drift between rounds cancels."
            : "Forks: baseline/candidate, each fork one sample (its median pass).",
        c.minEffectPercent(), c.minEffectPercent(), ForkRatio.MIN_FORKS, Verdict.SHORTEST_JUDGED_MILLIS),
        proseWidth, "") + "\n");
    if (c.rows().stream().anyMatch(r -> !r.shown().lowerIsBetter())) {
      out.print(TextWrap.wrap("A phase of a fixed duration (sustain, churn, a threaded phase given --duration) lasts"
          + " as long for every store, so it is judged by its rate: ops/s, higher is better, and a ratio below 1 is"
          + " slower.", proseWidth, "") + "\n");
    }
    if (c.figure() == ForkSamples.Figure.CPU) {
      out.print(TextWrap.wrap("Judged on CPU time (--on cpu): each fork's median pass's CPU time of the threads that"
          + " did its operations, without the store's background threads, GC, the JIT or any waiting. A busy host"
          + " stretches it less than wall time; it leaves out what the store does on other threads, and for sync and"
          + " I/O-bound phases the waiting that is the work, so judge those on wall time.", proseWidth, "") + "\n");
    } else if (c.figure() == ForkSamples.Figure.PROCESS_CPU) {
      out.print(TextWrap.wrap("Judged on process CPU time (--on process-cpu): each fork's median pass's CPU time of"
          + " every thread of the cell's JVM (the store's background threads, GC and JIT included). It leaves out"
          + " waiting: for sync and I/O-bound phases the waiting is the work, so judge those on wall time.", proseWidth,
          "") + "\n");
    }
    if (c.noisyForks() == ForkSamples.NoisyForks.DROP && paired) {
      out.print(TextWrap.wrap(String.format(Locale.ROOT, "A pair counts where other processes, steal or a CPU held"
          + " outside the process disturbed both its forks or neither: both ran under the same load, back to back,"
          + " which falls on either side alike; a pair disturbed on one side only is left out. Too noisy to judge"
          + " where fewer than %d pairs are left (--noisy-forks keep counts them all).", ForkRatio.MIN_FORKS),
          proseWidth, "") + "\n");
    } else if (c.noisyForks() == ForkSamples.NoisyForks.DROP) {
      out.print(TextWrap.wrap(String.format(Locale.ROOT, "Forks other processes, steal or a CPU held outside the"
          + " process disturbed are left out of the samples; too noisy to judge where a side is left with fewer than"
          + " %d (--noisy-forks keep counts them).", ForkRatio.MIN_FORKS), proseWidth, "") + "\n");
    }
    long doubtful = c.rows().stream().filter(r -> r.caveats().any()).count();
    if (doubtful > 0) {
      out.print(TextWrap.wrap(String.format(Locale.ROOT, "Caveats: %d row(s) rest on forks a reader should doubt"
          + " (baseline/candidate): noisy, a measured pass the host disturbed (other processes, waiting for a CPU,"
          + " steal); unsteady, passes that still trended (too short a warm-up). Their verdict may say more about the"
          + " machine than the change.", doubtful), proseWidth, "") + "\n");
    }
    if (!c.unmatched().isEmpty()) {
      out.print("\nNot compared:\n");
      c.unmatched().forEach(m -> out.print(TextWrap.wrap("  " + m.side() + ": " + m.cell() + ": " + m.why(),
          proseWidth, "  ") + "\n"));
    }
    if (failOnRegression != null) {
      out.printf("%n%d regression(s) beyond %.1f %%%n", regressions, failOnRegression);
      List<String> cannotTell = cannotTell(c);
      if (!cannotTell.isEmpty()) {
        out.printf("%d comparison(s) the gate cannot make%s:%n", cannotTell.size(),
            allowIncomplete ? " (allowed by --allow-incomplete)" : "");
        cannotTell.forEach(why -> out.println(TextWrap.wrap("  " + why, proseWidth, "  ")));
        if (!allowIncomplete) {
          out.println(TextWrap.wrap("The gate fails: a candidate that did not measure what the baseline did shows no"
              + " regression only by omission. Fix the candidate run, or pass --allow-incomplete to gate on what was"
              + " measured.", proseWidth, ""));
        }
      }
      return regressions > 0 || !cannotTell.isEmpty() && !allowIncomplete ? ExitCodes.BENCHMARK_FAILED : ExitCodes.OK;
    }
    return ExitCodes.OK;

  }

  /** What keeps a regression gate from seeing every baseline figure measured again, one line each. */
  private static List<String> cannotTell(Comparison c) {
    List<String> why = new java.util.ArrayList<>();
    c.unmatched().stream().filter(m -> m.gap().failsGate()).forEach(m -> why.add(m.cell() + ": " + m.why()));
    c.rows().stream().filter(r -> r.verdict() == Verdict.NOT_ENOUGH_FORKS)
        .forEach(r -> why.add(r.cell() + " " + r.phase() + ": not enough forks to compare (" + r.change().baselineForks()
            + " and " + r.change().candidateForks() + "; " + ForkRatio.MIN_FORKS + " or more a side: kvbench run --forks "
            + ForkRatio.MIN_FORKS + ")"));
    c.rows().stream().filter(r -> r.verdict() == Verdict.TOO_NOISY)
        .forEach(r -> why.add(r.cell() + " " + r.phase() + ": too noisy to judge (" + r.caveats().describe()
            + "; run again on a quiet host, or pass --noisy-forks keep)"));
    return why;
  }

  /** The verdict's words; an undecided row says what would decide it. */
  static String verdictText(Comparison.Row r, double minEffectPercent) {
    if (r.verdict() != Verdict.UNDECIDED) {
      return r.verdictWords();
    }
    int forks = r.change().forksToDecide(minEffectPercent);
    return forks > ForkRatio.MOST_FORKS_ESTIMATED ? "undecided (on the edge of the effect)"
        : String.format(Locale.ROOT, "undecided (~%d forks a side)", forks);
  }

  private static String millis(double ms) {
    return ms >= 100 ? String.format(Locale.ROOT, "%,.0f", ms) : String.format(Locale.ROOT, "%,.2f", ms);
  }
}
