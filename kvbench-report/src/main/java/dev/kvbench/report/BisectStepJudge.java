package dev.kvbench.report;

import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.Verdict;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.runner.Bisection;
import dev.kvbench.runner.Bisection.Evidence;
import dev.kvbench.runner.Bisection.Finding;
import dev.kvbench.runner.LibraryBisect;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judges a bisection's step as {@code kvbench compare --by version} would: the other version
 * against the baseline, forks as samples, on one phase. Slower when a row of the phase is shown
 * slower beyond the minimum effect; undecided when a row cannot be judged (too few forks, too
 * noisy, a failed cell) or none was compared.
 */
public final class BisectStepJudge implements LibraryBisect.Judge {

  private final String phase;
  private final double minEffectPercent;
  private final ForkSamples.NoisyForks noisy;
  private final ForkSamples.Figure figure;

  /** Judges {@code phase} with the comparison's rule: {@code minEffectPercent}, {@code noisy} forks, {@code figure}. */
  public BisectStepJudge(String phase, double minEffectPercent, ForkSamples.NoisyForks noisy,
      ForkSamples.Figure figure) {
    this.phase = phase;
    this.minEffectPercent = minEffectPercent;
    this.noisy = noisy;
    this.figure = figure;
  }

  @Override
  public Bisection.Evidence judge(Path results, String baseline) throws IOException {
    RunResults run;
    try {
      run = new ReportInputs().read(List.of(results)).get(0);
    } catch (ReportInputException e) {
      throw new IOException(e.getMessage(), e);
    }
    VersionPairs.Pair pair = VersionPairs.of(run, baseline).get(0);
    return evidence(pair.compare(minEffectPercent, noisy, figure), phase);
  }

  @Override
  public int minForks() {
    return ForkRatio.MIN_FORKS;
  }

  /** The finding of {@code c}'s rows for {@code phase}: undecided when there are none or one cannot be judged. */
  static Evidence evidence(Comparison c, String phase) {
    List<String> lines = new ArrayList<>();
    Finding f = Finding.NOT_SLOWER;
    boolean any = false;
    for (Comparison.Row r : c.rows()) {
      if (!r.phase().equals(phase)) {
        continue;
      }
      any = true;
      // the row's cell is the baseline's: its id names the baseline version, which the step's head already says
      String cell = r.cell().replaceAll(" version=\\S+", "");
      lines.add(String.format(Locale.ROOT, "%s %s: x %.3f%s%s, %s", cell, r.phase(), r.shownRatio(),
          r.shown().lowerIsBetter() ? "" : " " + r.shown().heading(),
          r.change().hasInterval() ? String.format(Locale.ROOT, " (95 %% interval %.3f-%.3f, forks %d/%d)",
              r.shownInterval()[0], r.shownInterval()[1], r.change().baselineForks(), r.change().candidateForks()) : "",
          r.verdictWords()));
      switch (r.verdict()) {
        case SLOWER -> f = f == Finding.UNDECIDED ? f : Finding.SLOWER;
        // equivalent is no regression; undecided showed none either (its interval holds 1 or a change too small)
        case FASTER, EQUIVALENT, UNDECIDED -> { }
        default -> f = Finding.UNDECIDED;
      }
    }
    for (Comparison.Unmatched u : c.unmatched()) {
      if (u.cell().endsWith(" " + phase) || u.gap().failsGate()) {
        lines.add(u.cell() + ": " + u.why());
        f = Finding.UNDECIDED;
      }
    }
    if (!any) {
      lines.add("no " + phase + " row was compared");
      f = Finding.UNDECIDED;
    }
    return new Evidence(f, lines);
  }
}
