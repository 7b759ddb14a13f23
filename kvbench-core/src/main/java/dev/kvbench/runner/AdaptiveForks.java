package dev.kvbench.runner;

import java.time.Duration;

/**
 * Forks added until the figures are precise enough: after the scenario's forks, a round of one
 * more fork each for the cells whose figures (or whose comparisons with the other variants of their
 * workload in the run) are still wider than {@code precisionPercent} and undecided, until none is,
 * a cell has {@code maxForks}, or the run has taken {@code timeBudget}. The rule stops on
 * precision (or equivalence), never on a difference being shown, so the verdicts keep their stated
 * error rate (Chow &amp; Robbins 1965; Laaber et al. 2020 for benchmarks).
 *
 * @param precisionPercent the widest a 95 % interval may be, in percent (high / low - 1): the ratio
 *     against each variant of its workload unless that is decided, or a cell's own figure per phase
 *     where nothing is compared with it
 * @param maxForks the most forks a cell is given
 * @param busyHostMaxForks the most forks a cell is given once the host stays busy (a load beside the
 *     whole run): a pair disturbed on both sides still counts, but spreads wider, so a paired
 *     comparison needs more of them to decide (see {@link #BUSY_HOST_MAX_FORKS}); {@code maxForks} or more
 * @param timeBudget no round is started once the run has taken this long, nor one the last round's
 *     length says would end past it
 * @param minEffectPercent the comparisons' minimum effect: a ratio whose interval lies within ±it
 *     (equivalent) needs no more forks
 * @param judge what decides, from the forks so far, which cells need another: kvbench's is {@link
 *     PrecisionJudge}
 */
public record AdaptiveForks(double precisionPercent, int maxForks, int busyHostMaxForks, Duration timeBudget,
    double minEffectPercent, ForkJudge judge) {

  /** Limits that give a cell no more forks on a busy host than on a quiet one. */
  public AdaptiveForks(double precisionPercent, int maxForks, Duration timeBudget, double minEffectPercent,
      ForkJudge judge) {
    this(precisionPercent, maxForks, maxForks, timeBudget, minEffectPercent, judge);
  }

  /** Forks as the scenario says, none added. */
  public static final AdaptiveForks OFF = new AdaptiveForks(Double.POSITIVE_INFINITY, 1, Duration.ZERO, 0,
      ForkJudge.NONE);

  /** A run with no time budget. */
  public static final Duration NO_TIME_BUDGET = Duration.ofSeconds(Long.MAX_VALUE);

  /** The most forks a cell is given, unless the caller says, as a multiple of the scenario's: twice its time at most. */
  public static final int DEFAULT_MAX_FORKS_FACTOR = 2;

  /**
   * The most forks a cell is given on a host that stays busy, unless the caller says: beside a busy
   * loop on one of two CPUs, the planted differences of issue 66 were found in 1-2 of 3 runs at 6 forks,
   * 3 of 3 with up to 10 (5 to 10 taken); kvbench-report's RoundsSimulationTest shows the same gain
   * for a simulated noisy fork.
   */
  public static final int BUSY_HOST_MAX_FORKS = 10;

  public AdaptiveForks {
    if (!(precisionPercent > 0)) {
      throw new IllegalArgumentException("precision must be above 0 %, got " + precisionPercent);
    }
    if (maxForks < 1) {
      throw new IllegalArgumentException("the most forks a cell is given must be 1 or more, got " + maxForks);
    }
    if (busyHostMaxForks < maxForks) {
      throw new IllegalArgumentException("the most forks a cell is given on a busy host (" + busyHostMaxForks
          + ") must not be below the most on a quiet one (" + maxForks + ")");
    }
    java.util.Objects.requireNonNull(timeBudget, "timeBudget");
    if (timeBudget.isNegative()) {
      throw new IllegalArgumentException("the time budget must not be negative, got " + timeBudget);
    }
    if (!(minEffectPercent >= 0)) {
      throw new IllegalArgumentException("the minimum effect must be 0 % or more, got " + minEffectPercent);
    }
    java.util.Objects.requireNonNull(judge, "judge");
  }

  /** Whether forks are added at all. */
  public boolean on() {
    return judge != ForkJudge.NONE;
  }

  /** These limits once the host stays busy: the busy host's most forks a cell for the most. */
  public AdaptiveForks onBusyHost() {
    return new AdaptiveForks(precisionPercent, busyHostMaxForks, busyHostMaxForks, timeBudget, minEffectPercent, judge);
  }

  /** The stopping rule these limits make: when a figure is precise and a comparison settled or out of reach. */
  public dev.kvbench.stats.SequentialRule sequential() {
    return new dev.kvbench.stats.SequentialRule(precisionPercent, minEffectPercent, maxForks);
  }

  /** "±3.0 % precision, at most 10 forks, budget 30m". */
  public String describe() {
    return String.format(java.util.Locale.ROOT, "each comparison at most %.1f %% wide, equivalent within ±%.1f %% or"
        + " clearly different (a cell compared with nothing: its own figure at most that wide),"
        + " at most %d forks a cell%s%s", precisionPercent, minEffectPercent, maxForks,
        busyHostMaxForks == maxForks ? "" : " (" + busyHostMaxForks + " once the host stays busy)",
        timeBudget.equals(NO_TIME_BUDGET) ? "" : ", no round started after " + timeBudget.toString().substring(2)
            .toLowerCase(java.util.Locale.ROOT));
  }
}
