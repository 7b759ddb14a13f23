package dev.kvbench.cli;

import dev.kvbench.report.Comparison;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The search of {@code kvbench bisect}: given versions oldest first, the first and the last
 * measured against each other, then halves, each step measuring the good version against the one
 * in the middle with the comparison rule (forks as samples, an interval and a minimum effect). The
 * measuring is a {@link Step} so the search can be tested on its own.
 */
final class Bisection {

  /** Measures {@code baseline} against {@code candidate}: what the comparison of one step said. */
  interface Step {
    Evidence measure(String baseline, String candidate);
  }

  /** What a step showed for the judged phase. */
  enum Finding {
    /** Shown slower beyond the minimum effect in at least one of the phase's rows. */
    SLOWER,
    /** No row shown slower: equivalent, faster, or undecided with no slowdown shown. */
    NOT_SLOWER,
    /** A row could not be judged (too few forks, too noisy, a failed cell): the search cannot go on. */
    UNDECIDED
  }

  /** One step's outcome and its rows as a person reads them. */
  record Evidence(Finding finding, List<String> rows) {
    Evidence {
      rows = List.copyOf(rows);
    }

    /** The finding of {@code c}'s rows for {@code phase}: undecided when there are none or one cannot be judged. */
    static Evidence of(Comparison c, String phase) {
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
        lines.add(String.format(java.util.Locale.ROOT, "%s %s: x %.3f%s, %s", cell, r.phase(), r.ratio(),
            r.change().hasInterval() ? String.format(java.util.Locale.ROOT, " (95 %% interval %.3f-%.3f, forks %d/%d)",
                r.change().low(), r.change().high(), r.change().baselineForks(), r.change().candidateForks()) : "",
            r.verdict().id()));
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

  /** How the search ended. */
  record Outcome(Ending ending, String firstBad, String lastGood, List<String> log) {
    Outcome {
      log = List.copyOf(log);
    }
  }

  enum Ending {
    /** The first version that regressed is named. */
    FOUND,
    /** The last version is not shown slower than the first. */
    NO_REGRESSION,
    /** A step could not be judged. */
    UNDECIDED
  }

  private Bisection() {}

  /**
   * Bisects {@code versions} (oldest first; the first good, the last bad), telling {@code progress}
   * each step as it ends.
   */
  static Outcome run(List<String> versions, Step step, java.util.function.Consumer<String> progress) {
    if (versions.size() < 2) {
      throw new IllegalArgumentException("bisect needs two versions or more, got " + versions);
    }
    List<String> log = new ArrayList<>();
    String good = versions.get(0);
    String bad = versions.get(versions.size() - 1);
    Evidence ends = record(log, progress, 1, good, bad, step.measure(good, bad));
    if (ends.finding() == Finding.UNDECIDED) {
      return new Outcome(Ending.UNDECIDED, null, good, log);
    }
    if (ends.finding() == Finding.NOT_SLOWER) {
      return new Outcome(Ending.NO_REGRESSION, null, bad, log);
    }
    int lo = 0;
    int hi = versions.size() - 1;
    int n = 2;
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      // always against the known-good first version: each step asks the same question of one version
      Evidence e = record(log, progress, n++, good, versions.get(mid), step.measure(good, versions.get(mid)));
      switch (e.finding()) {
        case SLOWER -> hi = mid;
        case NOT_SLOWER -> lo = mid;
        case UNDECIDED -> {
          return new Outcome(Ending.UNDECIDED, versions.get(hi), versions.get(lo), log);
        }
      }
    }
    return new Outcome(Ending.FOUND, versions.get(hi), versions.get(lo), log);
  }

  private static Evidence record(List<String> log, java.util.function.Consumer<String> progress, int n, String good,
      String candidate, Evidence e) {
    Objects.requireNonNull(e, "a step's evidence");
    String head = "step " + n + ": " + candidate + " against " + good + ": " + switch (e.finding()) {
      case SLOWER -> "slower";
      case NOT_SLOWER -> "not shown slower";
      case UNDECIDED -> "cannot tell";
    };
    log.add(head);
    e.rows().forEach(r -> log.add("  " + r));
    progress.accept(head);
    return e;
  }
}
