package dev.kvbench.cli;

import dev.kvbench.report.Comparison;
import dev.kvbench.report.ReportInputException;
import dev.kvbench.report.ReportInputs;
import dev.kvbench.report.RunResults;
import dev.kvbench.summary.TextTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {"Compares two result sets phase by phase: baseline and candidate ms per pass (medians), their"
        + " ratio, and whether the difference is beyond run-to-run spread (Welch's t-test on the measured passes,"
        + " p < 0.05). Cells match by store and workload; settings that differ are named. Exit 0, or 1 with"
        + " --fail-on-regression when a phase got slower beyond the spread by more than the threshold."})
final class CompareCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASELINE", description = "Result document, journal or folder of them.")
  Path baseline;

  @Parameters(index = "1", paramLabel = "CANDIDATE", description = "Result document, journal or folder of them.")
  Path candidate;

  @Option(names = "--fail-on-regression", paramLabel = "PCT",
      description = "Exit 1 when a phase is slower beyond the spread by more than PCT percent (e.g. 10), and"
          + " also when the comparison cannot tell: a candidate cell or phase failed or is missing, or a phase has"
          + " too few passes to test (see --allow-incomplete).")
  Double failOnRegression;

  @Option(names = "--allow-incomplete",
      description = "With --fail-on-regression: fail only on regressions shown, not on candidate cells that failed"
          + " or are missing, or phases too few passes can test.")
  boolean allowIncomplete;

  @Override
  public Integer call() {
    if (failOnRegression != null && (failOnRegression < 0 || failOnRegression.isNaN())) {
      throw new UsageException("--fail-on-regression " + failOnRegression + ": give a percentage of 0 or more, e.g. 10");
    }
    if (allowIncomplete && failOnRegression == null) {
      throw new UsageException("--allow-incomplete goes with --fail-on-regression; give both, or neither");
    }
    ReportInputs inputs = new ReportInputs();
    Comparison c;
    PrintWriter err = spec.commandLine().getErr();
    try {
      List<RunResults> base = inputs.read(List.of(baseline));
      List<RunResults> cand = inputs.read(List.of(candidate));
      java.util.stream.Stream.concat(base.stream(), cand.stream()).flatMap(r -> r.warnings().stream())
          .forEach(w -> err.println("kvbench: warning: " + w));
      err.flush();
      c = Comparison.of(base, cand);
    } catch (ReportInputException e) {
      throw new UsageException(e.getMessage(), e);
    }
    PrintWriter out = spec.commandLine().getOut();
    TextTable t = new TextTable(
        TextTable.left("Cell"),
        TextTable.left("Phase"),
        TextTable.right("Baseline ms"),
        TextTable.right("Candidate ms"),
        TextTable.right("Ratio"),
        TextTable.right("p (Welch)"),
        TextTable.left("Verdict"),
        TextTable.left("Settings changed"));
    int regressions = 0;
    for (Comparison.Row r : c.rows()) {
      boolean regression = failOnRegression != null && r.regression(failOnRegression);
      regressions += regression ? 1 : 0;
      t.row(r.cell(), r.phase(), millis(r.baselineMillis()), millis(r.candidateMillis()),
          String.format(Locale.ROOT, "x %.3f", r.ratio()),
          Double.isNaN(r.pValue()) ? "-" : String.format(Locale.ROOT, "%.4f", r.pValue()),
          r.verdict().id() + (regression ? " REGRESSION" : ""), r.settingsChanged());
    }
    out.printf("baseline  %s%ncandidate %s%n%n", baseline, candidate);
    out.print(t.render());
    out.printf("%nVerdict: slower or faster when Welch's two-sided t-test on the measured passes gives p < %.2f;"
        + " within spread otherwise; not testable with fewer than two passes on a side.%n", Comparison.ALPHA);
    if (!c.unmatched().isEmpty()) {
      TextTable u = new TextTable(
          TextTable.left("Side"),
          TextTable.left("Cell"),
          TextTable.left("Why not compared"));
      c.unmatched().forEach(m -> u.row(m.side(), m.cell(), m.why()));
      out.printf("%nNot compared:%n%s", u.render());
    }
    if (failOnRegression != null) {
      out.printf("%n%d regression(s) beyond %.1f %%%n", regressions, failOnRegression);
      List<String> cannotTell = cannotTell(c);
      if (!cannotTell.isEmpty()) {
        out.printf("%d comparison(s) the gate cannot make%s:%n", cannotTell.size(),
            allowIncomplete ? " (allowed by --allow-incomplete)" : "");
        cannotTell.forEach(why -> out.println("  " + why));
        if (!allowIncomplete) {
          out.println("The gate fails: a candidate that did not measure what the baseline did shows no regression"
              + " only by omission. Fix the candidate run, or pass --allow-incomplete to gate on what was measured.");
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
    c.rows().stream().filter(r -> r.verdict() == Comparison.Verdict.NOT_TESTABLE)
        .forEach(r -> why.add(r.cell() + " " + r.phase() + ": too few measured passes to test (two or more a side)"));
    return why;
  }

  private static String millis(double ms) {
    return ms >= 100 ? String.format(Locale.ROOT, "%,.0f", ms) : String.format(Locale.ROOT, "%,.2f", ms);
  }
}
