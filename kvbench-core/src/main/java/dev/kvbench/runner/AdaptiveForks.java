package dev.kvbench.runner;

import dev.kvbench.measure.LogInterval;
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
 * @param timeBudget no round is started once the run has taken this long, nor one the last round's
 *     length says would end past it
 * @param minEffectPercent the comparisons' minimum effect: a ratio whose interval lies within ±it
 *     (equivalent) needs no more forks
 */
public record AdaptiveForks(double precisionPercent, int maxForks, Duration timeBudget, double minEffectPercent) {

  /** Forks as the scenario says, none added. */
  public static final AdaptiveForks OFF = new AdaptiveForks(Double.POSITIVE_INFINITY, 1, Duration.ZERO, 0);

  /** A run with no time budget. */
  public static final Duration NO_TIME_BUDGET = Duration.ofSeconds(Long.MAX_VALUE);

  /** The most forks a cell is given, unless the caller says, as a multiple of the scenario's: twice its time at most. */
  public static final int DEFAULT_MAX_FORKS_FACTOR = 2;

  public AdaptiveForks {
    if (!(precisionPercent > 0)) {
      throw new IllegalArgumentException("precision must be above 0 %, got " + precisionPercent);
    }
    if (maxForks < 1) {
      throw new IllegalArgumentException("the most forks a cell is given must be 1 or more, got " + maxForks);
    }
    java.util.Objects.requireNonNull(timeBudget, "timeBudget");
    if (timeBudget.isNegative()) {
      throw new IllegalArgumentException("the time budget must not be negative, got " + timeBudget);
    }
    if (!(minEffectPercent >= 0)) {
      throw new IllegalArgumentException("the minimum effect must be 0 % or more, got " + minEffectPercent);
    }
  }

  /** The fewest figures an interval is taken from. */
  public static final int MIN_FIGURES = 3;

  /**
   * Whether one figure per fork ({@code forkFigures}, each above 0) is known precisely enough: 3 or
   * more, their 95 % interval (of the geometric mean) at most {@link #precisionPercent} wide.
   */
  public boolean precise(double[] forkFigures) {
    return forkFigures.length >= MIN_FIGURES
        && LogInterval.of(java.util.Arrays.stream(forkFigures).map(Math::log).toArray()).widthPercent()
            <= precisionPercent;
  }

  /**
   * Whether a comparison of two variants needs no more rounds, from the log-ratios of their pairs of
   * forks (fork k of each ran in round k): 3 pairs or more, and the ratio's 95 % interval is at most
   * {@link #precisionPercent} wide or lies within ±{@link #minEffectPercent} (equivalent), or its
   * {@link #CLEARLY_DIFFERENT_CONFIDENCE} interval lies wholly beyond ±the minimum effect. A
   * difference stops the rounds only at that stricter level: stopping when the 95 % interval first
   * clears 1 called identical work different in 8 to 14 % of simulated comparisons
   * (RoundsSimulationTest's setting, up to 8 looks), the stricter rule at or under the 95 %
   * interval's 5 %.
   */
  public boolean settled(double[] pairLogRatios) {
    if (pairLogRatios.length < MIN_FIGURES) {
      return false;
    }
    LogInterval r = LogInterval.of(pairLogRatios);
    double band = Math.log1p(minEffectPercent / 100);
    boolean equivalent = Math.abs(r.mean()) + r.half() <= band;
    LogInterval strict = LogInterval.of(pairLogRatios, CLEARLY_DIFFERENT_CONFIDENCE);
    boolean clearlyDifferent = Math.abs(strict.mean()) - strict.half() > band;
    return equivalent || clearlyDifferent || r.widthPercent() <= precisionPercent;
  }

  /**
   * The confidence at which a difference ends a comparison's rounds: one look in a hundred at a
   * difference that is not there, over the handful of looks a run takes.
   */
  public static final double CLEARLY_DIFFERENT_CONFIDENCE = 0.99;

  /** Whether forks are added at all. */
  public boolean on() {
    return !this.equals(OFF);
  }

  /** "±3.0 % precision, at most 10 forks, budget 30m". */
  public String describe() {
    return String.format(java.util.Locale.ROOT, "each comparison at most %.1f %% wide, equivalent within ±%.1f %% or"
        + " clearly different (a cell compared with nothing: its own figure at most that wide),"
        + " at most %d forks a cell%s", precisionPercent, minEffectPercent, maxForks,
        timeBudget.equals(NO_TIME_BUDGET) ? "" : ", no round started after " + timeBudget.toString().substring(2)
            .toLowerCase(java.util.Locale.ROOT));
  }
}
