package dev.kvbench.scenario;

import dev.kvbench.workload.Traffic;
import java.util.Locale;
import java.util.Map;
import java.util.NavigableMap;

/**
 * How {@code --rate auto} looks for the highest rate that meets the SLA: from {@code startRate},
 * double the rate until a point breaks the SLA (halve it while the lowest breaks it), then bisect
 * between the highest rate met and the lowest broken until they are within {@code
 * precisionPercent} of each other. Which rate comes next depends only on the points a curve has,
 * so a resumed run takes the same steps.
 *
 * @param startRate the first rate tried, ops/s over all clients
 * @param precisionPercent the search ends when the lowest broken rate is at most this much above the highest met
 * @param maxPoints the most points one curve is given, the search ending there with what it found
 */
public record RateSearch(double startRate, double precisionPercent, int maxPoints) {

  /** From 1,000 ops/s, to 5 %, at most 24 points a curve. */
  public static final RateSearch DEFAULT = new RateSearch(1_000, 5, 24);

  /** Halving below the start rate stops this many times lower: a store that cannot do that much has no capacity worth a search. */
  static final double LOWEST_BELOW_START = 64;

  public RateSearch {
    if (!(startRate >= Traffic.MIN_RATE && startRate <= Traffic.MAX_RATE)) {
      throw new IllegalArgumentException(String.format(Locale.ROOT, "the search's start rate %s must be from %s to"
          + " %,.0f ops/s, e.g. rateStart 1000", startRate, Traffic.MIN_RATE, Traffic.MAX_RATE));
    }
    if (!(precisionPercent >= 0.1 && precisionPercent <= 100)) {
      throw new IllegalArgumentException("the search's precision " + precisionPercent + " % must be from 0.1 to 100"
          + " percent, e.g. ratePrecision 5");
    }
    if (maxPoints < 2) {
      throw new IllegalArgumentException("a search needs at least 2 points a curve, got " + maxPoints);
    }
  }

  /** Why a curve's search ended. */
  public enum Ending {
    /** The highest rate met and the lowest broken are within the precision. */
    FOUND("found to within the precision"),
    /** Every rate down to the start rate / 64 broke the SLA. */
    BELOW_LOWEST("every rate tried broke the SLA"),
    /** Every rate up to the highest rate a schedule can keep met it. */
    ABOVE_HIGHEST("every rate tried met the SLA"),
    /** The curve has {@link #maxPoints} points. */
    POINTS_SPENT("the search's points ran out");

    private final String text;

    Ending(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /**
   * The next point of a curve: a rate to try, or why the search ended.
   *
   * @param rate the rate to try next; NaN when the search ended
   * @param ending why it ended; null while it goes on
   */
  public record Next(double rate, Ending ending) {

    public boolean ended() {
      return ending != null;
    }
  }

  /**
   * The next rate for a curve whose points so far are {@code met} (each offered rate and whether it
   * met the SLA, the clients keeping up).
   */
  public Next next(NavigableMap<Double, Boolean> met) {
    if (met.isEmpty()) {
      return new Next(startRate, null);
    }
    if (met.size() >= maxPoints) {
      return new Next(Double.NaN, Ending.POINTS_SPENT);
    }
    double low = 0;
    Double high = null;
    for (Map.Entry<Double, Boolean> p : met.entrySet()) {
      if (!p.getValue()) {
        high = p.getKey();
        break;
      }
      low = p.getKey();
    }
    if (high == null) {
      double up = met.lastKey() * 2;
      return up > Traffic.MAX_RATE ? new Next(Double.NaN, Ending.ABOVE_HIGHEST) : new Next(up, null);
    }
    if (low == 0) {
      double down = met.firstKey() / 2;
      return down < Math.max(Traffic.MIN_RATE, startRate / LOWEST_BELOW_START) ? new Next(Double.NaN,
          Ending.BELOW_LOWEST) : new Next(down, null);
    }
    if (high - low <= low * precisionPercent / 100) {
      return new Next(Double.NaN, Ending.FOUND);
    }
    double mid = rounded((low + high) / 2, low * precisionPercent / 100);
    return mid <= low || mid >= high ? new Next(Double.NaN, Ending.FOUND) : new Next(mid, null);
  }

  /**
   * {@code rate} to a round number (a cell id a person reads: 1880, not 1878.90625), in steps of a
   * power of ten under a fifth of {@code precision}, so the rounding never costs the search a step.
   */
  static double rounded(double rate, double precision) {
    double step = Math.pow(10, Math.floor(Math.log10(precision / 5)));
    double r = Math.round(rate / step) * step;
    // the step's decimal digits only: 0.30000000000000004 is 0.3
    return step >= 1 ? r : Double.parseDouble(String.format(Locale.ROOT, "%." + (int) -Math.floor(Math.log10(step))
        + "f", r));
  }

  /**
   * The most points a curve takes whose capacity is {@code capacity}: the doublings up to the first
   * rate over it, then the bisections that bring the bracket within the precision.
   */
  public int pointsFor(double capacity) {
    int doublings = capacity < startRate ? (int) Math.ceil(Math.log(startRate / Math.max(capacity, startRate
        / LOWEST_BELOW_START)) / Math.log(2)) + 1 : (int) Math.floor(Math.log(capacity / startRate) / Math.log(2)) + 2;
    int bisections = (int) Math.ceil(Math.log(100 / precisionPercent) / Math.log(2)) + 1;
    return Math.min(maxPoints, doublings + bisections);
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "from %s ops/s, doubling, then bisecting to %s %%", number(startRate),
        number(precisionPercent));
  }

  private static String number(double v) {
    return v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v) : String.valueOf(v);
  }
}
