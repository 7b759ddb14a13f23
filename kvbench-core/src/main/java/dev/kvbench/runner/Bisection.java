package dev.kvbench.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The search of a bisection ({@link LibraryBisect}, {@code kvbench bisect}): given versions oldest
 * first, the first and the last measured against each other, then halves, each step measuring the
 * good version against the one in the middle with a comparison rule (forks as samples, an interval
 * and a minimum effect: the report's). The measuring is a {@link Step} so the search can be tested
 * on its own.
 */
public final class Bisection {

  /** Measures {@code baseline} against {@code candidate}: what the comparison of one step said. */
  public interface Step {
    Evidence measure(String baseline, String candidate);
  }

  /** What a step showed for the judged phase. */
  public enum Finding {
    /** Shown slower beyond the minimum effect in at least one of the phase's rows. */
    SLOWER,
    /** No row shown slower: equivalent, faster, or undecided with no slowdown shown. */
    NOT_SLOWER,
    /** A row could not be judged (too few forks, too noisy, a failed cell): the search cannot go on. */
    UNDECIDED
  }

  /** One step's outcome and its rows as a person reads them. */
  public record Evidence(Finding finding, List<String> rows) {
    public Evidence {
      rows = List.copyOf(rows);
    }
  }

  /** How the search ended. */
  public record Outcome(Ending ending, String firstBad, String lastGood, List<String> log) {
    public Outcome {
      log = List.copyOf(log);
    }
  }

  /** How a bisection ended: the version named, no regression shown, or a step that could not be judged. */
  public enum Ending {
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
  public static Outcome run(List<String> versions, Step step, java.util.function.Consumer<String> progress) {
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
