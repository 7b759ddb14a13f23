package dev.kvbench.cli;

import dev.kvbench.report.Comparison;
import dev.kvbench.report.ForkRatio;
import dev.kvbench.report.ComparisonRecords;
import dev.kvbench.report.HtmlComparison;
import dev.kvbench.report.ReportInputException;
import dev.kvbench.report.ReportInputs;
import dev.kvbench.report.RunResults;
import dev.kvbench.report.VersionPairs;
import dev.kvbench.summary.TextTable;
import dev.kvbench.host.HostFiles;
import dev.kvbench.result.OutputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
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
        + " when a phase is shown slower by more than the threshold.",
        "With --by version, one run that swept a store library's version (-o STORE.version=A,B,...): each"
            + " version's cells against the baseline version's."})
final class CompareCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASELINE", description = "Result document, journal or folder of them.")
  Path baseline;

  @Parameters(index = "1", arity = "0..1", paramLabel = "CANDIDATE",
      description = "Result document, journal or folder of them (none with --by version).")
  Path candidate;

  @Option(names = "--by", paramLabel = "version",
      description = "Compare within the one result set given: version pairs each store's library versions.")
  String by;

  @Option(names = "--baseline-version", paramLabel = "V",
      description = "With --by version: the version the others are compared against (default: each store's"
          + " first).")
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
      description = "Exit 1 when a phase is shown slower by more than PCT percent (e.g. 10), and also when the"
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
    Comparison.NoisyForks noisy = rule.noisyForks();
    double effect = rule.minEffectPercent();
    if (by != null || baselineVersion != null) {
      if (html != null || json != null || csv != null) {
        throw new UsageException((html != null ? "--html" : json != null ? "--json" : "--csv") + " writes one"
            + " comparison of two result sets; --by version makes one per store and version: leave it out, or compare"
            + " two result files");
      }
      return byVersion(effect, noisy);
    }
    if (candidate == null) {
      throw new UsageException("compare needs BASELINE and CANDIDATE, or one result set with --by version");
    }
    OutputFile page = html == null ? null : HtmlComparison.outputFile(html, "--html " + html);
    OutputFile jsonFile = json == null ? null : ComparisonRecords.jsonFile(json, "--json " + json);
    OutputFile csvFile = csv == null ? null : ComparisonRecords.csvFile(csv, "--csv " + csv);
    // refused before anything is read or printed: a wrong target costs nothing
    for (OutputFile f : java.util.Arrays.asList(page, jsonFile, csvFile)) {
      if (f != null) {
        try {
          f.check(List.of(baseline, candidate));
        } catch (OutputFile.RefusedException e) {
          throw new UsageException(e.getMessage(), e);
        }
      }
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
      c = Comparison.of(base, cand, effect, noisy, rule.figure());
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

  private void write(OutputFile file, String role, String content) {
    try {
      file.write(content.getBytes(StandardCharsets.UTF_8), List.of(baseline, candidate));
    } catch (OutputFile.RefusedException e) {
      throw new UsageException(e.getMessage(), e);
    } catch (IOException e) {
      // the comparison above is printed already; this file alone is missing, and an earlier one is whole
      throw new UsageException(role + ": cannot write it (" + HostFiles.whyFailed(e) + "); nothing was written"
          + " there (an earlier file is as it was): give a file in a folder with room", e);
    }
  }

  /** {@code --by version}: each store's versions in the one run given, against its baseline version. */
  private int byVersion(double effect, Comparison.NoisyForks noisy) {
    if (!"version".equals(by)) {
      throw new UsageException(by == null ? "--baseline-version goes with --by version"
          : "--by " + by + ": the one way to compare within a run is --by version");
    }
    if (candidate != null) {
      throw new UsageException("--by version compares the versions inside one result set; give only " + baseline);
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
    int exit = ExitCodes.OK;
    for (RunResults run : runs) {
      List<VersionPairs.Pair> pairs;
      try {
        pairs = VersionPairs.of(run, baselineVersion);
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage(), e);
      }
      for (VersionPairs.Pair p : pairs) {
        out.printf("%s: baseline %s, candidate %s (%s)%n%n", p.store(), p.baseline(), p.candidate(), run.source());
        Comparison c = p.compare(effect, noisy, rule.figure());
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
