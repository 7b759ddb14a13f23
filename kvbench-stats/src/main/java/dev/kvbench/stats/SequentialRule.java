package dev.kvbench.stats;

/**
 * The sequential stopping rule of a run that adds forks a round at a time: after each round it says
 * whether a figure (one per fork) is known precisely enough, and whether a comparison (one
 * log-ratio per pair of forks that ran in the same round) is settled, or out of reach of the forks
 * a cell is given. The adaptive rounds (core's {@code PrecisionJudge}) ask it; its intervals are
 * {@link LogInterval}'s, the ones a comparison states.
 *
 * @param precisionPercent the widest 95 % interval, in percent, that counts as known
 * @param minEffectPercent the smallest change, in percent, that counts as a difference: a ratio
 *     whose interval lies within ±this is equivalent
 * @param maxForks the most forks a cell is given
 */
public record SequentialRule(double precisionPercent, double minEffectPercent, int maxForks) {

  /** The fewest figures an interval is taken from: a comparison's fewest forks a side. */
  public static final int MIN_FIGURES = ForkRatio.MIN_FORKS;

  /** The fewest pairs whose spread says a comparison is out of reach. */
  public static final int MIN_PAIRS_FOR_REACH = 5;

  /**
   * The confidence at which a difference ends a comparison's rounds: one look in a hundred at a
   * difference that is not there, over the handful of looks a run takes.
   */
  public static final double CLEARLY_DIFFERENT_CONFIDENCE = 0.99;

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
   * {@link #precisionPercent} wide or lies within ±{@link #minEffectPercent} (equivalent), or the
   * ratio is beyond ±the minimum effect and its {@link #CLEARLY_DIFFERENT_CONFIDENCE} interval
   * clears 1: the verdict compare gives (a difference beyond the effect, its interval clear of 1),
   * at a stricter level. Stopping when the 95 % interval first cleared 1 called identical work
   * different in 8 to 14 % of simulated comparisons (RoundsSimulationTest's setting, up to 8
   * looks); at 99 % it stays under the 95 % interval's 5 %. Until issue 66 a difference also had to
   * show its 99 % interval wholly beyond the effect, more than the verdict asks: an 8 to 10 %
   * change took 6 to 8 rounds of 10 in simulation where it now takes 4 to 6.5, the same verdicts
   * (RoundsSimulationTest#aDifferenceEndsItsRoundsOnceItsVerdictIsClear).
   */
  public boolean settled(double[] pairLogRatios) {
    if (pairLogRatios.length < MIN_FIGURES) {
      return false;
    }
    LogInterval r = LogInterval.of(pairLogRatios);
    double band = Math.log1p(minEffectPercent / 100);
    boolean equivalent = Math.abs(r.mean()) + r.half() <= band;
    LogInterval strict = LogInterval.of(pairLogRatios, CLEARLY_DIFFERENT_CONFIDENCE);
    boolean clearlyDifferent = Math.abs(r.mean()) > band && Math.abs(strict.mean()) - strict.half() > 0;
    return equivalent || clearlyDifferent || r.widthPercent() <= precisionPercent;
  }

  /**
   * Whether more forks, up to {@link #maxForks}, would likely leave this comparison as undecided as
   * it is: at the spread its pairs show, the pairs that would make its 95 % interval narrow enough,
   * equivalent, or clear of 1 around a change beyond the minimum effect are more than the most a cell
   * is given (a change that sits on the minimum effect, a store whose forks fall into two modes).
   * Stopping then calls nothing that more forks would have called, so it keeps the error rate.
   */
  public boolean outOfReach(double[] pairLogRatios) {
    if (pairLogRatios.length < MIN_PAIRS_FOR_REACH) {
      return false; // a spread from three pairs is too rough: it gave up on a 10 % change one time in six
    }
    return pairsToDecide(pairLogRatios) > maxForks;
  }

  /**
   * About how many pairs would decide this comparison if its spread stays as it is (the t quantile
   * taken at {@link #maxForks} pairs, as it would be there); MAX_VALUE where none would.
   */
  public long pairsToDecide(double[] pairLogRatios) {
    int n = pairLogRatios.length;
    LogInterval r = LogInterval.of(pairLogRatios);
    if (r.half() == 0) {
      return n;
    }
    double band = Math.log1p(minEffectPercent / 100);
    double distance = Math.abs(r.mean());
    // the widest half-width that decides it: precise, equivalent, or a change beyond the effect shown
    double target = Math.max(Math.log1p(precisionPercent / 100) / 2,
        Math.max(band - distance, distance > band ? distance : 0));
    double spread = r.half() * Math.sqrt(n) / LogInterval.tQuantile(n - 1);
    double needed = Math.pow(LogInterval.tQuantile(Math.max(n, maxForks) - 1) * spread / target, 2);
    return needed > Integer.MAX_VALUE ? Long.MAX_VALUE : Math.max(n, (long) Math.ceil(needed));
  }
}
