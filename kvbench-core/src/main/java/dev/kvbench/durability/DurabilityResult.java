package dev.kvbench.durability;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import java.util.Map;

/**
 * The crash test of one store in one durability mode and one kind of crash, over its trials.
 *
 * @param settings the store's settings as resolved (the user's and the defaults)
 * @param tally what the trials found, summed: the fields below
 * @param trials trials run (each a fresh store, a writer killed at a seeded moment, a reopen)
 * @param acknowledged acknowledged commits, summed over the trials
 * @param ackedLost acknowledged commits not wholly found after the crash, summed
 * @param trialsLosingAcked trials in which at least one acknowledged commit was lost
 * @param tornValues values found with other bytes than were put, summed
 * @param partialCommits commits found in part, summed
 * @param unackedPresent commits found whole that the writer had not yet acknowledged, summed
 * @param recoveryMillisMedian median time to reopen the store after the crash
 * @param recoveryMillisMax the slowest reopen
 * @param perTrial every trial: when it was killed and what the check found
 * @param skipped why the combination did not run, else null (then the figures are 0)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DurabilityResult(String store, String library, String libraryVersion, String durability, String crash,
    Map<String, String> settings, @JsonUnwrapped Tally tally, List<Trial> perTrial, String skipped) {

  /** What the trials found, summed (fields of the result in the JSON; see the result's parameters). */
  public record Tally(int trials, long acknowledged, long ackedLost, int trialsLosingAcked, long tornValues,
      long partialCommits, long unackedPresent, double recoveryMillisMedian, double recoveryMillisMax) {
    static final Tally NONE = new Tally(0, 0, 0, 0, 0, 0, 0, 0, 0);
  }

  public DurabilityResult {
    tally = tally == null ? Tally.NONE : tally;
  }

  /**
   * One trial.
   *
   * @param killAfterMillis how long after the store opened the writer was killed (seeded)
   * @param finishedFirst the writer wrote all its commits before the kill came
   * @param check what the reopen found; null when the trial could not run
   * @param failure why the trial could not run (the writer did not start, say), else null
   * @param nativeSettings the flags the writer's store ran with, as it reported them
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Trial(int trial, long killAfterMillis, boolean finishedFirst, CrashCheck check, String failure,
      Map<String, Object> nativeSettings) {}

  public static DurabilityResult skipped(String store, String library, String version, String durability,
      String crash, String why) {
    return new DurabilityResult(store, library, version, durability, crash, Map.of(), Tally.NONE, List.of(), why);
  }

  /** The totals of {@code trials}. */
  public static DurabilityResult of(String store, String library, String version, String durability, String crash,
      Map<String, String> settings, List<Trial> trials) {
    List<CrashCheck> checks = trials.stream().map(Trial::check).filter(c -> c != null).toList();
    double[] recovery = checks.stream().filter(c -> c.failure() == null).mapToDouble(CrashCheck::recoveryMillis)
        .sorted().toArray();
    return new DurabilityResult(store, library, version, durability, crash, settings, new Tally(trials.size(),
        checks.stream().mapToLong(CrashCheck::acknowledged).sum(),
        checks.stream().mapToLong(CrashCheck::ackedLost).sum(),
        (int) checks.stream().filter(c -> c.ackedLost() > 0).count(),
        checks.stream().mapToLong(CrashCheck::tornValues).sum(),
        checks.stream().mapToLong(CrashCheck::partialCommits).sum(),
        checks.stream().mapToLong(CrashCheck::unackedPresent).sum(),
        recovery.length == 0 ? 0 : recovery[(recovery.length - 1) / 2],
        recovery.length == 0 ? 0 : recovery[recovery.length - 1]),
        trials, null);
  }

  /** Trials that could not run or whose reopen failed, with why. */
  public List<String> failures() {
    return perTrial.stream().filter(t -> t.failure() != null || (t.check() != null && t.check().failure() != null))
        .map(t -> "trial " + t.trial() + ": " + (t.failure() != null ? t.failure() : t.check().failure())).toList();
  }

  public int trials() {
    return tally.trials();
  }

  public long acknowledged() {
    return tally.acknowledged();
  }

  public long ackedLost() {
    return tally.ackedLost();
  }

  public int trialsLosingAcked() {
    return tally.trialsLosingAcked();
  }

  public long tornValues() {
    return tally.tornValues();
  }

  public long partialCommits() {
    return tally.partialCommits();
  }

  public long unackedPresent() {
    return tally.unackedPresent();
  }

  public double recoveryMillisMedian() {
    return tally.recoveryMillisMedian();
  }

  public double recoveryMillisMax() {
    return tally.recoveryMillisMax();
  }
}
