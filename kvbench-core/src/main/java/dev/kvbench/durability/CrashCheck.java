package dev.kvbench.durability;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What one reopen after a crash found.
 *
 * @param acknowledged commits the writer acknowledged before it died
 * @param ackedLost acknowledged commits not wholly present: what durability promised and did not keep
 * @param tornValues keys present with bytes other than the ones put (any commit)
 * @param partialCommits commits some of whose keys are present and some not: atomicity broken
 * @param unackedPresent commits after the last acknowledged one found whole (committed, not yet
 *     acknowledged: allowed)
 * @param recoveryMillis time to open the store after the crash
 * @param failure why the store could not be opened or read, else null; a trial with a failure
 *     counts as a loss of every acknowledged commit
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CrashCheck(long acknowledged, long ackedLost, long tornValues, long partialCommits,
    long unackedPresent, double recoveryMillis, String failure) {

  public static CrashCheck failed(long acknowledged, String why) {
    return new CrashCheck(acknowledged, acknowledged, 0, 0, 0, 0, why);
  }

  public CrashCheck withRecoveryMillis(double millis) {
    return new CrashCheck(acknowledged, ackedLost, tornValues, partialCommits, unackedPresent, millis, failure);
  }
}
