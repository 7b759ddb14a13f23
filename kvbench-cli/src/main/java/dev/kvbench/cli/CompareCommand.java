package dev.kvbench.cli;

import dev.kvbench.report.Comparison;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.report.ComparisonRecords;
import dev.kvbench.report.HtmlComparison;
import dev.kvbench.report.ReportInputException;
import dev.kvbench.report.ReportInputs;
import dev.kvbench.report.RunResults;
import dev.kvbench.report.AxisPairs;
import dev.kvbench.summary.TextTable;
import dev.kvbench.result.OutputFile;
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
    header = "Is it faster or slower? Compares two result sets, judged on their forks.",
    description = {"Compares two result sets phase by phase: baseline and candidate ms per pass (each the median"
        + " of its forks' median passes), their ratio with a 95 %% interval from the forks (Welch's t on log times),"
        + " and a verdict: slower or faster only when the interval excludes 1 and the change exceeds --min-effect;"
        + " a fork, not a pass, is the sample, so each side needs 3 forks or more (kvbench run --forks 3), not"
        + " counting forks other processes disturbed (--noisy-forks). Cells"
        + " match by store and workload; settings that differ are named. Exit 0, or 1 with --fail-on-regression"
        + " when a phase is shown slower, or a cell's storage larger, by more than the threshold.",
        "With --by AXIS, one run that swept the stores or a store setting: --by store (each store against the"
            + " first, or --baseline), --by version (-o STORE.version=A,B,...), --by KEY or STORE.KEY (a swept"
            + " setting, e.g. -o mvstore.scanVia=map,cursor and --by scanVia). Each value's cells against the"
            + " baseline value's, paired by round: fork k of both ran in round k, back to back, so the interval comes"
            + " from the rounds' log-ratios and drift between rounds cancels."})
final class CompareCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASELINE", description = "Result document, journal or folder of them.")
  Path baseline;

  @Parameters(index = "1", arity = "0..1", paramLabel = "CANDIDATE",
      description = "Result document, journal or folder of them (none with --by).")
  Path candidate;

  @Option(names = "--by", paramLabel = "AXIS",
      description = "Compare within the one result set given, paired by round: store, version, or a swept store"
          + " setting (KEY or STORE.KEY).")
  String by;

  @Option(names = {"--baseline", "--baseline-version"}, paramLabel = "VALUE",
      description = "With --by: the value the others are compared against (default: the first the run has;"
          + " versions oldest first).")
  String baselineVersion;

  @Option(names = "--html", paramLabel = "FILE",
      description = "Also write the comparison as one self-contained HTML page (opens from disk, no network):"
          + " each row's ratio with its interval, sortable and filterable.")
  Path html;

  @Option(names = "--json", paramLabel = "FILE",
      description = "Also write every row as JSON (figures, forks, ratio, interval, verdict, forks to decide) and"
          + " what was not compared, for CI and history.")
  Path json;

  @Option(names = "--csv", paramLabel = "FILE",
      description = "Also write every row as CSV, the same columns as --json's rows, one row per phase not"
          + " compared with why.")
  Path csv;

  @Option(names = "--fail-on-regression", paramLabel = "PCT",
      description = "Exit 1 when a phase is shown slower (a cell's storage after close larger) by more than PCT"
          + " percent (e.g. 10), and also when the"
          + " comparison cannot tell: a candidate cell or phase failed or is missing, or a side has too few forks,"
          + " or too few the host left alone (see --allow-incomplete).")
  Double failOnRegression;

  @picocli.CommandLine.Mixin ComparisonOptions rule;

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
    rule.rule(); // a bad --min-effect, --noisy-forks or --on is refused before anything is read
    if (by != null || baselineVersion != null) {
      if (html != null || json != null || csv != null) {
        throw new UsageException((html != null ? "--html" : json != null ? "--json" : "--csv") + " writes one"
            + " comparison of two result sets; --by makes one per pair of values: leave it out, or compare"
            + " two result files");
      }
      return byAxis();
    }
    if (candidate == null) {
      throw new UsageException("compare needs BASELINE and CANDIDATE, or one result set with --by AXIS (store,"
          + " version or a swept setting)");
    }
    OutputFile page = html == null ? null : HtmlComparison.outputFile(html, "--html " + html);
    OutputFile jsonFile = json == null ? null : ComparisonRecords.jsonFile(json, "--json " + json);
    OutputFile csvFile = csv == null ? null : ComparisonRecords.csvFile(csv, "--csv " + csv);
    // refused before anything is read or printed: a wrong target costs nothing
    OutputFiles.check(java.util.Arrays.asList(page, jsonFile, csvFile), List.of(baseline, candidate));
    ReportInputs inputs = new ReportInputs();
    Comparison c;
    PrintWriter err = spec.commandLine().getErr();
    try {
      List<RunResults> base = inputs.read(List.of(baseline));
      List<RunResults> cand = inputs.read(List.of(candidate));
      java.util.stream.Stream.concat(base.stream(), cand.stream()).flatMap(r -> r.warnings().stream())
          .forEach(w -> err.println("kvbench: warning: " + w));
      duetWarning(base, cand).ifPresent(w -> err.println("kvbench: warning: " + w));
      err.flush();
      c = Comparison.of(base, cand, rule.rule());
    } catch (ReportInputException e) {
      throw new UsageException(e.getMessage(), e);
    }
    PrintWriter out = spec.commandLine().getOut();
    out.printf("baseline  %s%ncandidate %s%n%n", baseline, candidate);
    int exit = gate(out, c);
    if (html != null) {
      write(page, "--html " + html, HtmlComparison.render(c, baseline.toString(), candidate.toString()));
      out.println("html: " + html);
    }
    if (json != null) {
      write(jsonFile, "--json " + json, ComparisonRecords.json(c, baseline.toString(), candidate.toString()));
      out.println("json: " + json);
    }
    if (csv != null) {
      write(csvFile, "--csv " + csv, ComparisonRecords.csv(c));
      out.println("csv:  " + csv);
    }
    return exit;
  }

  /**
   * Said where one side was measured in duet and the other was not: their absolute times differ by
   * how the forks were placed, not only by what changed.
   */
  static java.util.Optional<String> duetWarning(List<RunResults> base, List<RunResults> cand) {
    boolean baseDuet = base.stream().anyMatch(r -> dev.kvbench.result.DuetRuns.measuredInDuet(r.scenario()));
    boolean candDuet = cand.stream().anyMatch(r -> dev.kvbench.result.DuetRuns.measuredInDuet(r.scenario()));
    if (baseDuet == candDuet) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("the " + (baseDuet ? "baseline" : "candidate") + " was "
        + dev.kvbench.result.DuetRuns.CAVEAT + ", and the " + (baseDuet ? "candidate" : "baseline") + " was not:"
        + " a difference below may be the placement's; compare a duet run with a duet run, or compare --by inside"
        + " one run");
  }

  private void write(OutputFile file, String role, String content) {
    OutputFiles.write(file, role, content, List.of(baseline, candidate));
  }

  /** {@code --by AXIS}: each value of the axis in the one run given, against its baseline value, paired by round. */
  private int byAxis() {
    if (by == null) {
      throw new UsageException("--baseline goes with --by AXIS (store, version or a swept setting)");
    }
    if (candidate != null) {
      throw new UsageException("--by " + by + " compares the values inside one result set; give only " + baseline);
    }
    List<RunResults> runs;
    try {
      runs = new ReportInputs().read(List.of(baseline));
    } catch (ReportInputException e) {
      throw new UsageException(e.getMessage(), e);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    runs.stream().flatMap(r -> r.warnings().stream()).forEach(w -> err.println("kvbench: warning: " + w));
    err.flush();
    Comparison.Rule judged = rule.rule();
    int exit = ExitCodes.OK;
    for (RunResults run : runs) {
      List<AxisPairs.Pair> pairs;
      try {
        pairs = AxisPairs.of(run, by, baselineVersion);
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage(), e);
      }
      for (AxisPairs.Pair p : pairs) {
        out.printf("%s: baseline %s, candidate %s (%s)%n%n", p.scope(), p.baseline(), p.candidate(), run.source());
        Comparison c = p.compare(judged);
        exit = Math.max(exit, gate(out, c));
        out.println();
      }
    }
    return exit;
  }

  /** Prints {@code c}, its legend and, with --fail-on-regression, the gate's decision, which it returns. */
  int gate(PrintWriter out, Comparison c) {
    return new ComparisonPrinter(failOnRegression, allowIncomplete).print(out, c);
  }
}
