package dev.kvbench.cli;

import dev.kvbench.report.Comparison;
import dev.kvbench.report.ForkRatio;
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
    description = {"Compares two result sets phase by phase: baseline and candidate ms per pass (each the median"
        + " of its forks' median passes), their ratio with a 95 %% interval from the forks (Welch's t on log times),"
        + " and a verdict: slower or faster only when the interval excludes 1 and the change exceeds --min-effect;"
        + " a fork, not a pass, is the sample, so each side needs 3 forks or more (kvbench run --forks 3), not"
        + " counting forks other processes disturbed (--noisy-forks). Cells"
        + " match by store and workload; settings that differ are named. Exit 0, or 1 with --fail-on-regression"
        + " when a phase is shown slower by more than the threshold."})
final class CompareCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "BASELINE", description = "Result document, journal or folder of them.")
  Path baseline;

  @Parameters(index = "1", paramLabel = "CANDIDATE", description = "Result document, journal or folder of them.")
  Path candidate;

  @Option(names = "--fail-on-regression", paramLabel = "PCT",
      description = "Exit 1 when a phase is shown slower by more than PCT percent (e.g. 10), and also when the"
          + " comparison cannot tell: a candidate cell or phase failed or is missing, or a side has too few forks,"
          + " or too few the host left alone (see --allow-incomplete).")
  Double failOnRegression;

  @Option(names = "--min-effect", paramLabel = "PCT",
      description = "The smallest change called slower or faster, in percent either way (default: 5): a real"
          + " difference smaller than this is reported as no difference shown.")
  Double minEffect;

  @Option(names = "--noisy-forks", paramLabel = "drop|keep",
      description = "What forks the host disturbed (other processes' CPU or steal past the thresholds, pass by"
          + " pass or over a fork's passes together) count for: drop (default) leaves them out of the samples, and"
          + " a side left with fewer than 3 is too noisy to judge; keep counts them like the others. Either way the"
          + " Caveats column names every noisy fork, those that only waited for a CPU (maybe for the store's own"
          + " threads) too.")
  String noisyForks = "drop";

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
    if (minEffect != null && !(minEffect >= 0)) {
      throw new UsageException("--min-effect " + minEffect + ": give a percentage of 0 or more, e.g. 3");
    }
    Comparison.NoisyForks noisy = switch (noisyForks) {
      case "drop" -> Comparison.NoisyForks.DROP;
      case "keep" -> Comparison.NoisyForks.KEEP;
      default -> throw new UsageException("--noisy-forks " + noisyForks + ": give drop (the default) or keep");
    };
    ReportInputs inputs = new ReportInputs();
    Comparison c;
    PrintWriter err = spec.commandLine().getErr();
    try {
      List<RunResults> base = inputs.read(List.of(baseline));
      List<RunResults> cand = inputs.read(List.of(candidate));
      java.util.stream.Stream.concat(base.stream(), cand.stream()).flatMap(r -> r.warnings().stream())
          .forEach(w -> err.println("kvbench: warning: " + w));
      err.flush();
      c = Comparison.of(base, cand, minEffect == null ? Comparison.DEFAULT_MIN_EFFECT_PERCENT : minEffect, noisy);
    } catch (ReportInputException e) {
      throw new UsageException(e.getMessage(), e);
    }
    PrintWriter out = spec.commandLine().getOut();
    TextTable t = new TextTable(
        TextTable.left("Cell"),
        TextTable.left("Phase"),
        TextTable.right("Baseline ms"),
        TextTable.right("Candidate ms"),
        TextTable.right("Forks"),
        TextTable.right("Ratio"),
        TextTable.right("95 % interval"),
        TextTable.left("Verdict"),
        TextTable.left("Caveats"),
        TextTable.left("Settings changed"));
    int regressions = 0;
    for (Comparison.Row r : c.rows()) {
      boolean regression = failOnRegression != null && r.regression(failOnRegression);
      regressions += regression ? 1 : 0;
      t.row(r.cell(), r.phase(), millis(r.baselineMillis()), millis(r.candidateMillis()),
          r.change().baselineForks() + "/" + r.change().candidateForks(),
          String.format(Locale.ROOT, "x %.3f", r.ratio()),
          r.change().hasInterval() ? String.format(Locale.ROOT, "%.3f-%.3f", r.change().low(), r.change().high()) : "-",
          r.verdict().id() + (regression ? " REGRESSION" : ""), r.caveats().describe(), r.settingsChanged());
    }
    out.printf("baseline  %s%ncandidate %s%n%n", baseline, candidate);
    out.print(t.render());
    out.printf("%nForks: baseline/candidate, each fork one sample (its median pass). Verdict: slower or faster when"
        + " the 95 %% interval of the ratio excludes 1 and the ratio differs from 1 by more than %.1f %%; no"
        + " difference shown otherwise; not enough forks below %d a side; too short to judge under %.2f ms a"
        + " pass.%n", c.minEffectPercent(), ForkRatio.MIN_FORKS, Comparison.SHORTEST_JUDGED_MILLIS);
    if (c.noisyForks() == Comparison.NoisyForks.DROP) {
      out.printf("Forks other processes or steal disturbed are left out of the samples; too noisy to judge where a"
          + " side is left with fewer than %d (--noisy-forks keep counts them).%n", ForkRatio.MIN_FORKS);
    }
    long doubtful = c.rows().stream().filter(r -> r.caveats().any()).count();
    if (doubtful > 0) {
      out.printf("Caveats: %d row(s) rest on forks a reader should doubt (baseline/candidate): noisy, a measured pass"
          + " the host disturbed (other processes, waiting for a CPU, steal); unsteady, passes that still trended"
          + " (too short a warm-up). Their verdict may say more about the machine than the change.%n", doubtful);
    }
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
    c.rows().stream().filter(r -> r.verdict() == Comparison.Verdict.NOT_ENOUGH_FORKS)
        .forEach(r -> why.add(r.cell() + " " + r.phase() + ": not enough forks to compare (" + r.change().baselineForks()
            + " and " + r.change().candidateForks() + "; " + ForkRatio.MIN_FORKS + " or more a side: kvbench run --forks "
            + ForkRatio.MIN_FORKS + ")"));
    c.rows().stream().filter(r -> r.verdict() == Comparison.Verdict.TOO_NOISY)
        .forEach(r -> why.add(r.cell() + " " + r.phase() + ": too noisy to judge (" + r.caveats().describe()
            + "; run again on a quiet host, or pass --noisy-forks keep)"));
    return why;
  }

  private static String millis(double ms) {
    return ms >= 100 ? String.format(Locale.ROOT, "%,.0f", ms) : String.format(Locale.ROOT, "%,.2f", ms);
  }
}
