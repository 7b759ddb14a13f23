package dev.kvbench.stats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Change points in a series of runs by E-Divisive in Apache Otava's form (Fleming et al., "Hunter:
 * Using Change Point Detection to Hunt for Performance Regressions", ICPE 2023; Otava's
 * {@code analysis.compute_change_points}): the divergence statistic of Matteson and James picks
 * each candidate split, a two-sided Student's t-test between the segments on either side decides
 * it instead of permutations (so the answer is the same on every call), candidates are searched in
 * sliding windows at a relaxed p-value (weak change points), and a merge pass drops, one at a time,
 * the weakest that fails the strict p-value or the minimum magnitude, testing its neighbours again
 * against the segments left.
 *
 * <p>One difference, for kvbench's runs of several forks: each run is a group of observations (its
 * forks), and splits fall only between runs. The divergence is computed over every fork, so a
 * run's spread counts; the t-test compares the runs' means, since forks of one run share its
 * machine's state and treating them as independent calls the drift between runs a change. With
 * one observation a run this is Otava's algorithm exactly (the golden tests check it against
 * series and answers from Otava's own code).
 */
public final class EDivisive {

  /**
   * How strict the detection is.
   *
   * @param windowLength the runs each sliding window holds (Otava's {@code window_len}, 50): a
   *     change is found against the runs near it, not the whole history
   * @param maxPValue the strict p-value a change point must reach (Otava's default 0.001; kvbench's 0.0001); the
   *     split pass uses Otava's relaxed one, {@link #firstPassPValue}
   * @param minMagnitude the smallest relative change kept, 0.05 for 5 % (Otava's default 0)
   */
  public record Settings(int windowLength, double maxPValue, double minMagnitude) {

    /**
     * Otava's window; a p-value 10 times stricter than Otava's 0.001, which called a change in 2 to 3 %
     * of seeded series of 30 runs without one (the t-test judges the split the divergence chose as the
     * best of many; this one, under 1 %, EDivisiveTest); and kvbench's minimum effect, 5 %, compare's.
     */
    public static final Settings DEFAULT = new Settings(50, 0.0001, 0.05);

    public Settings {
      if (windowLength < 2) {
        throw new IllegalArgumentException("the window must hold 2 runs or more, got " + windowLength);
      }
      if (!(maxPValue > 0 && maxPValue < 1)) {
        throw new IllegalArgumentException("the p-value must lie between 0 and 1, got " + maxPValue);
      }
      if (!(minMagnitude >= 0)) {
        throw new IllegalArgumentException("the minimum magnitude must be 0 or more, got " + minMagnitude);
      }
    }

    /** The split pass's p-value, as Otava relaxes it: 10 times below 0.05, twice below 0.5. */
    public double firstPassPValue() {
      return maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
    }
  }

  /**
   * The segments on either side of a change point, as Otava's {@code TTestStats}: their means and
   * standard deviations (of the population, as Otava takes them) and the t-test's p-value; and,
   * beyond Otava, the 95 % interval of the change (after over before, less 1) from the same pooled
   * t, with the samples' standard deviations (NaN where the two segments hold 2 runs or fewer).
   */
  public record Segments(double meanBefore, double meanAfter, double stdBefore, double stdAfter, double pValue,
      double changeLow, double changeHigh) {

    /** After over before, less 1: +0.2 is 20 % higher. */
    public double forwardChange() {
      return meanBefore == 0 ? 0 : meanAfter / meanBefore - 1;
    }

    /** The larger of the change either way, as Otava measures magnitude: a halving is 1, not 0.5. */
    public double magnitude() {
      double backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1;
      return Math.max(Math.abs(forwardChange()), Math.abs(backward));
    }
  }

  /**
   * A change point: the first run of the new segment, by index into the series.
   *
   * @param qhat the divergence that chose it
   */
  public record ChangePoint(int index, double qhat, Segments segments) {}

  private final Settings settings;

  public EDivisive(Settings settings) {
    this.settings = settings;
  }

  /**
   * The change points of a series of runs, each run given as its observations (its forks' figures,
   * one or more each), in order; sorted by index.
   */
  public List<ChangePoint> changePoints(List<double[]> runs) {
    for (int i = 0; i < runs.size(); i++) {
      if (runs.get(i).length == 0) {
        throw new IllegalArgumentException("run " + i + " of the series has no observations");
      }
    }
    Observations obs = new Observations(runs);
    return merge(split(obs), obs);
  }

  /** Otava's split: the detector in sliding windows at the relaxed p-value, the union of what each finds. */
  private List<ChangePoint> split(Observations obs) {
    int n = obs.runs();
    int window = settings.windowLength();
    int step = window / 2;
    double p = settings.firstPassPValue();
    List<ChangePoint> found = new ArrayList<>();
    int start = 0;
    while (start < n) {
      int end = Math.min(start + window, n);
      // as Otava's detector sees it: the window alone, its distances only (memory grows with the
      // window, not the series)
      int offset = start;
      List<ChangePoint> inWindow = detect(obs.window(start, end), p).stream()
          .map(cp -> new ChangePoint(cp.index() + offset, cp.qhat(), cp.segments())).toList();
      int last = inWindow.isEmpty() ? 0 : inWindow.get(inWindow.size() - 1).index();
      start = Math.max(last, start + step);
      for (ChangePoint cp : inWindow) {
        if (found.stream().noneMatch(f -> f.index() == cp.index())) {
          found.add(cp);
        }
      }
    }
    found.sort(Comparator.comparingInt(ChangePoint::index));
    // each weak change point judged against its neighbours, as Otava recomputes them after the split
    List<ChangePoint> out = new ArrayList<>();
    for (int i = 0; i < found.size(); i++) {
      out.add(judged(found, i, obs));
    }
    return out;
  }

  /**
   * Otava's detector on a window's runs: the best candidate over the segments found so far, kept
   * while its t-test passes {@code pValue}.
   */
  private List<ChangePoint> detect(Observations obs, double pValue) {
    List<ChangePoint> found = new ArrayList<>();
    while (true) {
      List<int[]> segments = segments(found, obs.runs());
      ChangePoint best = null;
      int[] bestSegment = null;
      for (int[] s : segments) {
        if (s[1] - s[0] < 2) {
          continue;
        }
        double[] candidate = obs.bestSplit(s[0], s[1]);
        if (best == null || candidate[1] > best.qhat()) {
          best = new ChangePoint((int) candidate[0], candidate[1], null);
          bestSegment = s;
        }
      }
      if (best == null) {
        return found;
      }
      Segments stats = obs.test(bestSegment[0], best.index(), bestSegment[1]);
      if (!(stats.pValue() <= pValue)) {
        return found;
      }
      found.add(new ChangePoint(best.index(), best.qhat(), stats));
      found.sort(Comparator.comparingInt(ChangePoint::index));
    }
  }

  /**
   * Otava's merge: while a change point fails the p-value, or (all passing) the smallest fails the
   * minimum magnitude, drop the weakest and judge its neighbours again against the segments left.
   */
  private List<ChangePoint> merge(List<ChangePoint> weak, Observations obs) {
    List<ChangePoint> points = new ArrayList<>(weak);
    while (!points.isEmpty()) {
      ChangePoint weakest = points.stream().max(Comparator.comparingDouble(c -> pOrOne(c))).orElseThrow();
      if (pOrOne(weakest) < settings.maxPValue()) {
        weakest = points.stream().min(Comparator.comparingDouble(c -> c.segments().magnitude())).orElseThrow();
        if (weakest.segments().magnitude() > settings.minMagnitude()) {
          return points;
        }
      }
      int at = points.indexOf(weakest);
      points.remove(at);
      if (at < points.size()) {
        points.set(at, judged(points, at, obs));
      }
      if (at - 1 >= 0) {
        points.set(at - 1, judged(points, at - 1, obs));
      }
    }
    return points;
  }

  private static double pOrOne(ChangePoint c) {
    return Double.isNaN(c.segments().pValue()) ? 1 : c.segments().pValue();
  }

  /** Change point {@code i} of {@code points} tested between its neighbours (or the series' ends). */
  private static ChangePoint judged(List<ChangePoint> points, int i, Observations obs) {
    int from = i == 0 ? 0 : points.get(i - 1).index();
    int to = i == points.size() - 1 ? obs.runs() : points.get(i + 1).index();
    ChangePoint cp = points.get(i);
    return new ChangePoint(cp.index(), cp.qhat(), obs.test(from, cp.index(), to));
  }

  /** The segments [from, to) that {@code points} cut runs [0, end) into. */
  private static List<int[]> segments(List<ChangePoint> points, int end) {
    List<int[]> out = new ArrayList<>();
    int from = 0;
    for (ChangePoint p : points) {
      out.add(new int[] {from, p.index()});
      from = p.index();
    }
    out.add(new int[] {from, end});
    return out;
  }

  /** The series' observations flattened, with where each run starts and each run's mean. */
  private static final class Observations {

    private final List<double[]> runs;
    private final double[] values;
    private final int[] runStart; // runStart[r] is run r's first observation; runStart[runs] the end
    private final double[] runMeans;
    private double[][] prefix; // 2-D prefix sums of |x_i - x_j|

    Observations(List<double[]> runs) {
      this.runs = runs;
      runStart = new int[runs.size() + 1];
      runMeans = new double[runs.size()];
      int total = runs.stream().mapToInt(r -> r.length).sum();
      values = new double[total];
      int k = 0;
      for (int r = 0; r < runs.size(); r++) {
        runStart[r] = k;
        double sum = 0;
        for (double v : runs.get(r)) {
          values[k++] = v;
          sum += v;
        }
        runMeans[r] = sum / runs.get(r).length;
      }
      runStart[runs.size()] = total;
    }

    int runs() {
      return runMeans.length;
    }

    /** Runs [start, end) alone. */
    Observations window(int start, int end) {
      return new Observations(runs.subList(start, end));
    }

    /** The sum of |x_i - x_j| over i in [a, b), j in [c, d). */
    private double distances(int a, int b, int c, int d) {
      if (prefix == null) {
        int n = values.length;
        prefix = new double[n + 1][n + 1];
        for (int i = 0; i < n; i++) {
          for (int j = 0; j < n; j++) {
            prefix[i + 1][j + 1] = Math.abs(values[i] - values[j]) + prefix[i][j + 1] + prefix[i + 1][j]
                - prefix[i][j];
          }
        }
      }
      return prefix[b][d] - prefix[a][d] - prefix[b][c] + prefix[a][c];
    }

    /**
     * The split of runs [start, end) that maximises Q(tau, kappa) over every start &lt; tau &lt;
     * kappa &lt;= end (Matteson and James's statistic, as Otava's {@code PairDistanceCalculator}
     * takes it, power 1): {tau, Q}.
     */
    double[] bestSplit(int start, int end) {
      int s = runStart[start];
      double bestQ = Double.NEGATIVE_INFINITY;
      int bestTau = start + 1;
      for (int tau = start + 1; tau < end; tau++) {
        int t = runStart[tau];
        int n = t - s;
        double within = distances(s, t, s, t) / 2;
        for (int kappa = tau + 1; kappa <= end; kappa++) {
          int k = runStart[kappa];
          int m = k - t;
          double a = 2.0 / (m + n) * distances(s, t, t, k);
          double b = n > 1 ? 2.0 * m / (m + n) / (n - 1) * within : 0;
          double c = m > 1 ? 2.0 * n / (m + n) / (m - 1) * distances(t, k, t, k) / 2 : 0;
          double q = a - b - c;
          if (q > bestQ) {
            bestQ = q;
            bestTau = tau;
          }
        }
      }
      return new double[] {bestTau, bestQ};
    }

    /** Otava's t-test between the means of runs [from, at) and [at, to). */
    Segments test(int from, int at, int to) {
      return tTest(java.util.Arrays.copyOfRange(runMeans, from, at), java.util.Arrays.copyOfRange(runMeans, at, to));
    }
  }

  /**
   * Otava's {@code TTestSignificanceTester.compare}: Student's two-sided t-test with a pooled
   * variance, from each side's mean and its standard deviation of the population (numpy's default),
   * a side of one value having none; p = 1 for two values in all.
   */
  static Segments tTest(double[] left, double[] right) {
    if (left.length == 0 || right.length == 0) {
      throw new IllegalArgumentException("both segments need a run");
    }
    double meanL = mean(left);
    double meanR = mean(right);
    double stdL = left.length >= 2 ? populationStd(left, meanL) : 0;
    double stdR = right.length >= 2 ? populationStd(right, meanR) : 0;
    int nL = left.length;
    int nR = right.length;
    double p;
    double low = Double.NaN;
    double high = Double.NaN;
    if (nL + nR <= 2) {
      p = 1;
    } else {
      // scipy's ttest_ind_from_stats, equal_var=True
      int df = nL + nR - 2;
      double pooled = ((nL - 1) * stdL * stdL + (nR - 1) * stdR * stdR) / df;
      double se = Math.sqrt(pooled * (1.0 / nL + 1.0 / nR));
      if (se == 0) {
        p = meanL == meanR ? Double.NaN : 0; // scipy: t is NaN (p NaN) or infinite (p 0)
      } else {
        double t = (meanL - meanR) / se;
        p = 2 * new TDistribution(null, df).cumulativeProbability(-Math.abs(t));
      }
      // the interval: the same pooled t, from the samples' variances (n - 1)
      double pooledSample = (nL * stdL * stdL + nR * stdR * stdR) / df;
      double half = new TDistribution(null, df).inverseCumulativeProbability(0.975)
          * Math.sqrt(pooledSample * (1.0 / nL + 1.0 / nR));
      if (meanL != 0) {
        low = (meanR - meanL - half) / meanL;
        high = (meanR - meanL + half) / meanL;
      }
    }
    return new Segments(meanL, meanR, stdL, stdR, p, low, high);
  }

  private static double mean(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s / v.length;
  }

  private static double populationStd(double[] v, double mean) {
    double s = 0;
    for (double x : v) {
      s += (x - mean) * (x - mean);
    }
    return Math.sqrt(s / v.length);
  }
}
