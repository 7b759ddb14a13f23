package dev.kvbench.stats;

/**
 * How a figure moved between a baseline and a candidate, from their forks' {@link ForkRatio}: the
 * one rule compare, bisect, history's confirmation and the run's adaptive rounds judge by. Every
 * ratio is of costs (candidate over baseline, above 1 worse), whatever way the figure shown is better.
 */
public enum Verdict {
  SLOWER("slower"),
  FASTER("faster"),
  /** The whole interval lies within ±the minimum effect: any difference is too small to matter. */
  EQUIVALENT("equivalent"),
  /**
   * Neither: the interval holds 1 but reaches beyond the minimum effect, or excludes 1 around a
   * change too small to call ({@link ForkRatio#forksToDecide} says about how many forks would decide it).
   */
  UNDECIDED("undecided"),
  /** A side has fewer than {@link ForkRatio#MIN_FORKS} forks: no interval, no verdict. */
  NOT_ENOUGH_FORKS("not enough forks"),
  /**
   * Each side ran enough forks, but one is left with fewer than {@link ForkRatio#MIN_FORKS} the
   * host did not disturb: a difference there says more about the machine than the change.
   */
  TOO_NOISY("too noisy to judge"),
  /**
   * A side's figure is under {@link #SHORTEST_JUDGED_MILLIS}: a pass of a few hundred nanoseconds
   * (the null store's scans) is the clock's resolution, not the work.
   */
  TOO_SHORT("too short to judge");

  /**
   * The smallest change, in percent either way, called slower or faster unless the caller chooses
   * another: two runs of the same work on this project's 2-core machine differed by 3 to 5 % in a
   * few rows, beyond their intervals (each JVM's layout and JIT differ), so 3 % called identical
   * work different.
   */
  public static final double DEFAULT_MIN_EFFECT_PERCENT = 5;

  /** Figures shorter than this (10 µs, a few hundred timer reads) get no verdict. */
  public static final double SHORTEST_JUDGED_MILLIS = 0.01;

  private final String id;

  Verdict(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  /**
   * The verdict on {@code change} at {@code minEffectPercent}: equivalent where the interval lies
   * within the band, slower or faster where it lies beyond 1 and the minimum effect and the medians
   * agree on the direction, else undecided.
   */
  public static Verdict of(ForkRatio change, double minEffectPercent) {
    if (!change.hasInterval()) {
      return NOT_ENOUGH_FORKS;
    }
    double band = 1 + minEffectPercent / 100;
    if (change.low() >= 1 / band && change.high() <= band) {
      return EQUIVALENT;
    }
    if (!change.beyond(minEffectPercent)) {
      return UNDECIDED;
    }
    // the interval and the medians must agree on the direction (skewed forks can part them)
    if (change.low() > 1 && change.ratio() > 1) {
      return SLOWER;
    }
    return change.high() < 1 && change.ratio() < 1 ? FASTER : UNDECIDED;
  }
}
