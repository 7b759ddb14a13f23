package dev.kvbench.cli;

import dev.kvbench.report.Comparison;
import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.report.ShellWords;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.PrimaryFigure;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.summary.RunTables;
import dev.kvbench.summary.RunSummary;
import dev.kvbench.summary.TextTable;
import dev.kvbench.summary.TextWrap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The few lines a run ends with, under its tables: what ran, the fastest store per phase where the
 * rows compete on the same work (and whether its forks show the lead beyond the noise), what
 * failed and why, how noisy the host was, where the files are and the command to run next.
 */
final class RunClosing {

  /** At most this many "fastest" lines: the summary is one screen; the tables above have the rest. */
  static final int MAX_FASTEST_LINES = 16;

  /** A lead smaller than this is not called one, as compare's default minimum effect. */
  static final double MIN_LEAD_PERCENT = 5.0;

  private RunClosing() {}

  static String of(ResultDocument doc, Path document, Path journal, boolean completed, int width) {
    List<CellResult> cells = doc.cells();
    List<CellResult> ran = cells.stream().filter(c -> c.outcome() == CellResult.Outcome.RAN).toList();
    StringBuilder b = new StringBuilder("Summary\n");
    long stores = cells.stream().map(CellResult::store).distinct().count();
    long phases = ran.stream().flatMap(c -> c.phases().stream()).filter(p -> p.status() == PhaseStatus.OK).count();
    int forks = ran.stream().flatMap(c -> c.phases().stream()).mapToInt(p -> p.forkMedians().size()).max().orElse(0);
    b.append(line(width, "ran", String.format(Locale.ROOT, "%d of %d cells (%d %s), %d phases measured, %s", ran.size(),
        cells.size(), stores, stores == 1 ? "store" : "stores", phases,
        forks < ForkRatio.MIN_FORKS ? (forks <= 1 ? "one fork" : forks + " forks") + " a cell: too few to test a"
            + " difference against the noise (--forks " + ForkRatio.MIN_FORKS + " or more)"
            : forks + " forks a cell")));
    forkStops(ran, b, width);
    fastest(ran, b, width);
    if (dev.kvbench.summary.CpuTimeTable.mostPassesDisturbed(ran)) {
      leastCpu(ran, b, width);
    }
    decided(ran, b, width);
    failures(cells, b, width);
    unsupported(ran, b, width);
    long noisy = ran.stream().flatMap(c -> c.phases().stream()).mapToLong(PhaseResult::noisyPasses).sum();
    long passes = ran.stream().flatMap(c -> c.phases().stream()).mapToLong(p -> p.passes().size()).sum();
    if (noisy > 0) {
      b.append(line(width, "noise", String.format(Locale.ROOT, "%d of %d measured passes were noisy (NOISY in the tables;"
          + " the legend is above)", noisy, passes)));
    }
    b.append(line(width, "results", document + " (journal " + journal + ")"));
    String quoted = ShellWords.quote(document.toString());
    String kvbench = Launcher.command();
    if (completed) {
      b.append(line(width, "next", kvbench + " report " + quoted + "  (an HTML page, Markdown, charts, CSV in "
          + DefaultOutputs.report(List.of(document)) + "/)"));
      b.append(line(width, "", kvbench + " compare BASELINE.json " + quoted + "  (is it faster or slower than another run?)"));
    } else {
      b.append(line(width, "next", kvbench + " run --resume " + ShellWords.quote(journal.toString())
          + "  (the run is incomplete: this runs the cells it has no result for)"));
    }
    return b.toString();
  }

  /** With --precision: how many forks the cells took and why they stopped, the cells not made precise named. */
  private static void forkStops(List<CellResult> ran, StringBuilder b, int width) {
    List<dev.kvbench.result.ForkStop> stops = ran.stream().map(CellResult::forkStop).filter(java.util.Objects::nonNull)
        .toList();
    if (stops.isEmpty()) {
      return;
    }
    Map<dev.kvbench.result.ForkStop.Reason, List<dev.kvbench.result.ForkStop>> byReason = new java.util.TreeMap<>();
    stops.forEach(s -> byReason.computeIfAbsent(s.reason(), k -> new ArrayList<>()).add(s));
    List<String> parts = new ArrayList<>();
    byReason.forEach((reason, list) -> {
      int least = list.stream().mapToInt(dev.kvbench.result.ForkStop::forks).min().orElse(0);
      int most = list.stream().mapToInt(dev.kvbench.result.ForkStop::forks).max().orElse(0);
      parts.add(String.format(Locale.ROOT, "%d %s after %s forks", list.size(), reason.id(),
          least == most ? Integer.toString(least) : least + "-" + most));
    });
    int total = stops.stream().mapToInt(dev.kvbench.result.ForkStop::forks).sum();
    b.append(line(width, "forks", String.join(", ", parts) + " (" + total + " forks in all)"));
    ran.stream().filter(c -> c.forkStop() != null && c.forkStop().reason() != dev.kvbench.result.ForkStop.Reason.PRECISE)
        .limit(MAX_FASTEST_LINES / 2)
        .forEach(c -> b.append(line(width, "", c.cellId() + ": " + c.forkStop().describe())));
  }

  private static String line(int width, String label, String text) {
    // "results: FILE" as one space apart, as scripts and the run's last line always had it;
    // continuation lines start under the text (column 11)
    return TextWrap.wrap(String.format("  %-8s %s", label.isEmpty() ? "" : label + ":", text), width,
        label.isEmpty() ? "" : " ".repeat(9)) + "\n";
  }

  /**
   * Per workload and phase, among rows of the same swept workload (they differ in store, settings or
   * version only), the fastest and the next; rows of a sweep's other values are not ranked against them.
   */
  private static void fastest(List<CellResult> ran, StringBuilder b, int width) {
    RunTables tables = new RunTables(ran);
    // by time per op: the pass's time for a pass of a fixed amount of work, the inverse of the rate
    // for one of a fixed duration (it does what ops it can in it)
    ranked(ran, tables, PhaseResult::millisPerOp, (first, second) -> lead(tables, first, second))
        .lines(b, width, "fastest", "the tables above");
  }

  /**
   * Where the host disturbed most passes: per workload and phase, the row of the least CPU time of
   * its measuring threads per op and the next, paired by round over every fork (the CPU figure is
   * the one meant for disturbed forks), with the verdict.
   */
  private static void leastCpu(List<CellResult> ran, StringBuilder b, int width) {
    RunTables tables = new RunTables(ran);
    ranked(ran, tables, p -> dev.kvbench.summary.CpuTimeTable.perOpNanos(p, ForkSamples.Figure.CPU),
        (first, second) -> cpuLead(tables, first, second)).lines(b, width, "CPU time", "the CPU time tables above");
  }

  /** Summary lines under a workload each ("int keys, seq order:"), its phases indented below it. */
  private record Ranking(List<String> lines) {

    /** The lines, at most {@link RunClosing#MAX_FASTEST_LINES}, the first labelled {@code label}; {@code rest} has the others. */
    void lines(StringBuilder b, int width, String label, String rest) {
      for (int i = 0; i < Math.min(lines.size(), MAX_FASTEST_LINES); i++) {
        b.append(line(width, i == 0 ? label : "", lines.get(i)));
      }
      if (lines.size() > MAX_FASTEST_LINES) {
        b.append(line(width, "", (lines.size() - MAX_FASTEST_LINES) + " more lines: see " + rest));
      }
    }
  }

  /**
   * Per workload and phase, among rows of the same swept workload whose {@code cost} per op is
   * above 0, the least and the next, said by {@code lead}; the workload said once, above its phases.
   */
  private static Ranking ranked(List<CellResult> ran, RunTables tables,
      java.util.function.ToDoubleFunction<PhaseResult> cost, java.util.function.BiFunction<Map.Entry<CellResult,
          PhaseResult>, Map.Entry<CellResult, PhaseResult>, String> lead) {
    // workload (with its swept value) -> one line per phase
    Map<String, List<String>> byWorkload = new LinkedHashMap<>();
    for (Map.Entry<String, List<CellResult>> group : tables.byWorkload(ran).entrySet()) {
      String workload = group.getKey().replaceFirst(":.*", "").replaceFirst(";.*", "");
      for (String phase : RunTables.phases(group.getValue())) {
        Map<String, List<Map.Entry<CellResult, PhaseResult>>> alike = new LinkedHashMap<>();
        for (CellResult c : group.getValue()) {
          if (c.reference()) {
            continue;
          }
          c.phases().stream().filter(p -> p.phase().equals(phase) && p.status() == PhaseStatus.OK
              && cost.applyAsDouble(p) > 0).findFirst().ifPresent(p -> alike.computeIfAbsent(
                  tables.sweptWorkload(c), k -> new ArrayList<>()).add(Map.entry(c, p)));
        }
        alike.forEach((sweep, rows) -> {
          if (rows.size() < 2) {
            return;
          }
          rows.sort(Comparator.comparingDouble(e -> cost.applyAsDouble(e.getValue())));
          byWorkload.computeIfAbsent(workload + (sweep.isEmpty() ? "" : "; " + sweep), k -> new ArrayList<>())
              .add(phase + ": " + lead.apply(rows.get(0), rows.get(1)));
        });
      }
    }
    List<String> lines = new ArrayList<>();
    byWorkload.forEach((workload, phases) -> {
      lines.add(workload + ":");
      phases.forEach(p -> lines.add("  " + p));
    });
    return new Ranking(lines);
  }

  private static String cpuLead(RunTables tables, Map.Entry<CellResult, PhaseResult> first,
      Map.Entry<CellResult, PhaseResult> second) {
    PhaseResult a = first.getValue();
    PhaseResult z = second.getValue();
    ForkRatio r = pairedRatio(a, z, ForkSamples.Figure.CPU, ForkSamples.NoisyForks.KEEP);
    double least = dev.kvbench.summary.CpuTimeTable.perOpNanos(a, ForkSamples.Figure.CPU);
    String figures = String.format(Locale.ROOT, "%s %,.1f ns/op of its measuring threads' CPU, then %s x %.2f",
        tables.storeLabel(first.getKey()), least, tables.storeLabel(second.getKey()),
        dev.kvbench.summary.CpuTimeTable.perOpNanos(z, ForkSamples.Figure.CPU) / least);
    if (!r.hasInterval()) {
      return figures + String.format(Locale.ROOT, " (not judged: %d rounds with both, %d needed)", r.baselineForks(),
          ForkRatio.MIN_FORKS);
    }
    boolean clearly = (r.low() > 1 || r.high() < 1) && r.beyond(MIN_LEAD_PERCENT);
    return figures + String.format(Locale.ROOT, " (%s: 95 %% %.2f-%.2f, %d rounds paired, every fork counted)",
        clearly ? "clearly less" : "within the noise", r.low(), r.high(), r.baselineForks());
  }

  /** At most this many undecided comparisons are named: the result has every one. */
  static final int MAX_UNDECIDED_NAMED = 6;

  /**
   * How many of the run's comparisons (per phase, each row of a swept workload against its fastest,
   * paired by round as compare --by pairs them) its forks decided, and the undecided ones with about how
   * many forks would decide each: what a run on a budget, or a busy host, did and did not answer.
   */
  private static void decided(List<CellResult> ran, StringBuilder b, int width) {
    RunTables tables = new RunTables(ran);
    int decided = 0;
    int different = 0;
    List<String> undecided = new ArrayList<>();
    for (List<CellResult> group : tables.byWorkload(ran).values()) {
      for (String phase : RunTables.phases(group)) {
        List<Map.Entry<CellResult, PhaseResult>> rows = new ArrayList<>();
        for (CellResult c : group) {
          c.phases().stream().filter(p -> !c.reference() && p.phase().equals(phase) && p.status() == PhaseStatus.OK
              && p.passMillis() >= dev.kvbench.stats.Verdict.SHORTEST_JUDGED_MILLIS).findFirst()
              .ifPresent(p -> rows.add(Map.entry(c, p)));
        }
        // each row against the fastest of its swept workload: what a ranking rests on
        Map<String, Map.Entry<CellResult, PhaseResult>> fastest = new LinkedHashMap<>();
        rows.forEach(e -> fastest.merge(tables.sweptWorkload(e.getKey()), e,
            (x, y) -> y.getValue().millisPerOp() < x.getValue().millisPerOp() ? y : x));
        for (Map.Entry<CellResult, PhaseResult> best : rows) {
          String sweep = tables.sweptWorkload(best.getKey());
          if (fastest.get(sweep) != best) {
            continue;
          }
          for (Map.Entry<CellResult, PhaseResult> other : rows) {
            if (other == best || !tables.sweptWorkload(other.getKey()).equals(sweep)) {
              continue;
            }
            ForkRatio r = pairedRatio(best.getValue(), other.getValue());
            dev.kvbench.stats.Verdict v = dev.kvbench.stats.Verdict.of(r, MIN_LEAD_PERCENT);
            if (v == dev.kvbench.stats.Verdict.FASTER || v == dev.kvbench.stats.Verdict.SLOWER
                || v == dev.kvbench.stats.Verdict.EQUIVALENT) {
              decided++;
              different += v == dev.kvbench.stats.Verdict.EQUIVALENT ? 0 : 1;
            } else {
              int more = r.forksToDecide(MIN_LEAD_PERCENT);
              undecided.add(String.format(Locale.ROOT, "%s %s vs %s: %s", phase, tables.storeLabel(best.getKey()),
                  tables.storeLabel(other.getKey()), more < 0 ? "too few forks for an interval"
                      : more > ForkRatio.MOST_FORKS_ESTIMATED ? "no number of forks would (it sits on the ±"
                          + (int) MIN_LEAD_PERCENT + " % edge)" : "about " + more + " forks a side would decide it"));
            }
          }
        }
      }
    }
    int all = decided + undecided.size();
    if (all == 0) {
      return;
    }
    b.append(line(width, "decided", String.format(Locale.ROOT, "%d of %d comparisons with the fastest (%d faster or"
        + " slower, %d equivalent within ±%.0f %%; kvbench compare --by store RESULT has each)", decided, all, different,
        decided - different, MIN_LEAD_PERCENT)));
    for (int i = 0; i < Math.min(undecided.size(), MAX_UNDECIDED_NAMED); i++) {
      b.append(line(width, i == 0 ? "undecided" : "", undecided.get(i)));
    }
    if (undecided.size() > MAX_UNDECIDED_NAMED) {
      b.append(line(width, "", (undecided.size() - MAX_UNDECIDED_NAMED) + " more undecided"));
    }
  }

  /** Two rows' wall-time ratio, paired by round over the pairs a comparison counts. */
  private static ForkRatio pairedRatio(PhaseResult a, PhaseResult z) {
    return pairedRatio(a, z, ForkSamples.Figure.WALL, ForkSamples.NoisyForks.DROP);
  }

  /** Two rows' ratio of {@code figure}, paired by round over the pairs {@code noisy} keeps. */
  private static ForkRatio pairedRatio(PhaseResult a, PhaseResult z, ForkSamples.Figure figure,
      ForkSamples.NoisyForks noisy) {
    Map<Integer, Double> za = ForkSamples.byForkNumber(a, ForkSamples.NoisyForks.KEEP, figure);
    Map<Integer, Double> zz = ForkSamples.byForkNumber(z, ForkSamples.NoisyForks.KEEP, figure);
    java.util.Set<Integer> both = ForkSamples.pairedForks(a, z, noisy, figure);
    return ForkRatio.paired(both.stream().mapToDouble(za::get).toArray(), both.stream().mapToDouble(zz::get).toArray());
  }

  /**
   * The fastest row against the next, and the verdict: clearly faster, within the noise, or why it
   * is not judged. A phase of a fixed duration says its rate and the next one's share of it.
   */
  static String lead(RunTables tables, Map.Entry<CellResult, PhaseResult> first,
      Map.Entry<CellResult, PhaseResult> second) {
    PhaseResult a = first.getValue();
    PhaseResult z = second.getValue();
    PrimaryFigure figure = PrimaryFigure.of(first.getKey(), a);
    // fork k of both ran in round k of this run, back to back: paired, so drift between rounds cancels;
    // the pairs counted are compare --by's (a pair the host disturbed on one side only is left out)
    ForkRatio r = pairedRatio(a, z);
    String figures = String.format(Locale.ROOT, "%s %s, then %s x %.2f", tables.storeLabel(first.getKey()),
        figure.withUnit(figure.of(a)), tables.storeLabel(second.getKey()), figure.of(z) / figure.of(a));
    if (!r.hasInterval()) {
      int forks = Math.min(a.forkMedians().size(), z.forkMedians().size());
      return figures + (forks < ForkRatio.MIN_FORKS
          ? String.format(Locale.ROOT, " (not judged: %d fork%s a cell, %d needed)", forks, forks == 1 ? "" : "s",
              ForkRatio.MIN_FORKS)
          : String.format(Locale.ROOT, " (too noisy to judge: %d of %d rounds left alike by the host, %d needed)",
              r.baselineForks(), forks, ForkRatio.MIN_FORKS));
    }
    boolean clearly = (r.low() > 1 || r.high() < 1) && r.beyond(MIN_LEAD_PERCENT);
    double low = figure.lowerIsBetter() ? r.low() : 1 / r.high();
    double high = figure.lowerIsBetter() ? r.high() : 1 / r.low();
    return figures + String.format(Locale.ROOT, " (%s: 95 %% %.2f-%.2f, %d rounds paired)",
        clearly ? "clearly faster" : "within the noise", low, high,
        r.baselineForks());
  }

  /**
   * Each phase a store could not run, with why (a tmpfs for openCold, a writer too many): the
   * tables only say "unsupported". One line per reason, its stores named; the cells the store cannot
   * run at all are in the tables' list of cells that did not run.
   */
  private static void unsupported(List<CellResult> ran, StringBuilder b, int width) {
    Map<String, java.util.Set<String>> storesByReason = new LinkedHashMap<>();
    for (CellResult c : ran) {
      for (PhaseResult p : c.phases()) {
        if (p.status() == PhaseStatus.UNSUPPORTED) {
          // a reason that names the cell's own directory is the same reason in every cell
          String why = p.note() == null ? "no reason given" : p.note().replaceAll("/\\S*/cell-\\d+-\\S*", "<its directory>");
          storesByReason.computeIfAbsent(p.phase() + "\n" + why, k -> new java.util.TreeSet<>()).add(c.store());
        }
      }
    }
    int i = 0;
    for (Map.Entry<String, java.util.Set<String>> e : storesByReason.entrySet()) {
      if (i == MAX_FASTEST_LINES / 2) {
        b.append(line(width, "", (storesByReason.size() - i) + " more: see each cell's phases in the result"));
        break;
      }
      String[] phaseAndWhy = e.getKey().split("\n", 2);
      b.append(line(width, i++ == 0 ? "not run" : "", phaseAndWhy[0] + " on " + String.join(", ", e.getValue())
          + " (unsupported): " + phaseAndWhy[1]));
    }
  }

  private static void failures(List<CellResult> cells, StringBuilder b, int width) {
    List<String> failed = RunSummary.failures(cells);
    if (failed.isEmpty()) {
      b.append(line(width, "failed", "none"));
      return;
    }
    for (int i = 0; i < failed.size(); i++) {
      b.append(line(width, i == 0 ? "failed" : "", failed.get(i)));
    }
  }
}
