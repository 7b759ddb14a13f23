package dev.kvbench.runner;

import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.Verdict;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.stats.LogInterval;
import dev.kvbench.runner.AdaptiveForks;
import dev.kvbench.runner.ForkJudge;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ForkMerge;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which cells of a run get another fork under {@link AdaptiveForks} (kvbench's {@link ForkJudge}): a cell whose comparisons with
 * the other variants of its workload (cells of the same parameters: other stores, settings,
 * versions) are each settled ({@link #settled}: narrow, equivalent or clearly
 * different) needs none; nor does a cell compared with nothing whose phases' figures are each
 * known within the precision ({@link #precise}). A figure is each fork's median pass; a comparison
 * pairs fork k of both cells, which ran in round k, and counts the pairs a comparison counts (the
 * host disturbing both forks of a pair or neither, {@link ForkSamples#keepsPair}), so forks added on a
 * host that stays busy still decide it; a cell's own figures leave the disturbed forks out, so it
 * asks for an {@link Next#ANOTHER_UNDISTURBED_FORK undisturbed} one.
 */
public final class PrecisionJudge implements ForkJudge {

  /** The judge kvbench runs with: it holds nothing, the limits come with each call. */
  public static final PrecisionJudge INSTANCE = new PrecisionJudge();

  private PrecisionJudge() {}

  @Override
  public Map<String, Decision> judge(Map<String, List<CellResult>> running, java.util.Collection<CellResult> ended,
      AdaptiveForks limits) {
    return decide(running, ended, limits);
  }

  /**
   * A decision for each cell of {@code forks} (cell id to the forks it ran, in order), every one of
   * which ran to its end; {@code ended} are the run's cells that have their result already, still
   * compared with (a cell settled against them stays settled).
   */
  static Map<String, Decision> decide(Map<String, List<CellResult>> forks, java.util.Collection<CellResult> ended,
      AdaptiveForks rule) {
    Map<String, CellResult> combined = new LinkedHashMap<>();
    forks.forEach((id, list) -> combined.put(id, ForkMerge.combine(list)));
    List<CellResult> partners = new ArrayList<>(combined.values());
    ended.stream().filter(c -> c.outcome() == CellResult.Outcome.RAN && !combined.containsKey(c.cellId()))
        .forEach(partners::add);
    Map<String, Decision> out = new LinkedHashMap<>();
    for (Map.Entry<String, CellResult> e : combined.entrySet()) {
      CellResult cell = e.getValue();
      String wide = null;
      String outOfReach = null;
      boolean compared = false;
      for (CellResult other : partners) {
        if (other != cell && other.parameters() != null && other.parameters().equals(cell.parameters())) {
          compared = true;
          Decision pair = pairWide(cell, other, rule);
          if (pair != null && pair.next() == Next.OUT_OF_REACH) {
            outOfReach = outOfReach != null ? outOfReach : pair.detail();
          } else if (pair != null) {
            wide = wide != null ? wide : pair.detail();
          }
        }
      }
      if (!compared) {
        // nothing in the run is compared with it: its own figures are the answer
        wide = ownWide(cell, rule);
      }
      // a cell compared with nothing counts only the forks the host leaves alone: on a busy host more would not help
      out.put(e.getKey(), wide != null
          ? new Decision(compared ? Next.ANOTHER_FORK : Next.ANOTHER_UNDISTURBED_FORK, wide)
          : outOfReach != null ? new Decision(Next.OUT_OF_REACH, outOfReach)
          : new Decision(Next.DONE, compared ? "every comparison settled"
              : String.format(Locale.ROOT, "every phase within %.1f %%", rule.precisionPercent())));
    }
    return out;
  }

  /** The first phase of {@code cell} whose figure is wider than the precision, said, or null. */
  private static String ownWide(CellResult cell, AdaptiveForks rule) {
    for (PhaseResult p : judged(cell)) {
      double[] figures = figures(p).values().stream().mapToDouble(Double::doubleValue).toArray();
      if (!precise(rule, figures)) {
        return figures.length < MIN_FIGURES
            ? p.phase() + " has " + figures.length + " forks the host left alone"
            : String.format(Locale.ROOT, "%s %.1f %% wide", p.phase(),
                LogInterval.of(java.util.Arrays.stream(figures).map(Math::log).toArray()).widthPercent());
      }
    }
    return null;
  }

  /**
   * The first phase whose ratio of {@code other} to {@code cell} is unsettled, said: another fork,
   * or out of reach where more than a cell is given would be needed; null when every one is settled.
   */
  private static Decision pairWide(CellResult cell, CellResult other, AdaptiveForks rule) {
    for (PhaseResult p : judged(cell)) {
      PhaseResult q = judged(other).stream().filter(x -> x.phase().equals(p.phase())).findFirst().orElse(null);
      if (q == null) {
        continue;
      }
      Map<Integer, Double> a = ForkSamples.byForkNumber(p, ForkSamples.NoisyForks.KEEP, ForkSamples.Figure.WALL);
      Map<Integer, Double> b = ForkSamples.byForkNumber(q, ForkSamples.NoisyForks.KEEP, ForkSamples.Figure.WALL);
      double[] logRatios = ForkSamples.pairedForks(p, q, ForkSamples.NoisyForks.DROP, ForkSamples.Figure.WALL).stream()
          .mapToDouble(k -> Math.log(b.get(k) / a.get(k))).toArray();
      if (!settled(rule, logRatios)) {
        String against = label(other, cell);
        if (outOfReach(rule, logRatios)) {
          long pairs = pairsToDecide(rule, logRatios);
          return new Decision(Next.OUT_OF_REACH, String.format(Locale.ROOT, "%s against %s undecided, %.1f %% wide;"
              + " %s would decide it", p.phase(), against, LogInterval.of(logRatios).widthPercent(),
              pairs == Long.MAX_VALUE ? "no number of forks" : "about " + pairs + " forks"));
        }
        return new Decision(Next.ANOTHER_FORK, logRatios.length < MIN_FIGURES
            ? p.phase() + " against " + against + ": " + logRatios.length
                + " pairs count (the host disturbed one fork of each other pair)"
            : String.format(Locale.ROOT, "%s against %s undecided, %.1f %% wide", p.phase(), against,
                LogInterval.of(logRatios).widthPercent()));
      }
    }
    return null;
  }

  /** {@code other} as told apart from {@code cell}: its store, and for the same store the settings that differ. */
  private static String label(CellResult other, CellResult cell) {
    if (!other.store().equals(cell.store())) {
      return other.store();
    }
    List<String> differ = new ArrayList<>();
    new java.util.TreeMap<>(other.settings()).forEach((k, v) -> {
      if (!v.equals(cell.settings().get(k))) {
        differ.add(k + "=" + v);
      }
    });
    return other.store() + (differ.isEmpty() ? "" : " " + String.join(",", differ));
  }

  /**
   * The phases a comparison would judge: measured, and long enough for the clock (a shorter one
   * never holds a cell back).
   */
  private static List<PhaseResult> judged(CellResult cell) {
    return cell.phases().stream()
        .filter(p -> p.status() == PhaseStatus.OK && p.passMillis() >= Verdict.SHORTEST_JUDGED_MILLIS).toList();
  }

  /** Each fork's median pass by fork number, as a comparison takes them: the forks the host disturbed left out. */
  private static Map<Integer, Double> figures(PhaseResult p) {
    Map<Integer, Double> out = ForkSamples.byForkNumber(p, ForkSamples.NoisyForks.DROP, ForkSamples.Figure.WALL);
    out.values().removeIf(f -> !(f > 0)); // a pass shorter than the clock's tick has no logarithm
    return out;
  }

  /** The fewest figures an interval is taken from: a comparison's fewest forks a side. */
  public static final int MIN_FIGURES = ForkRatio.MIN_FORKS;

  /**
   * Whether one figure per fork ({@code forkFigures}, each above 0) is known precisely enough: 3 or
   * more, their 95 % interval (of the geometric mean) at most {@link AdaptiveForks#precisionPercent} wide.
   */
  public static boolean precise(AdaptiveForks limits, double[] forkFigures) {
    return forkFigures.length >= MIN_FIGURES
        && LogInterval.of(java.util.Arrays.stream(forkFigures).map(Math::log).toArray()).widthPercent()
            <= limits.precisionPercent();
  }

  /**
   * Whether a comparison of two variants needs no more rounds, from the log-ratios of their pairs of
   * forks (fork k of each ran in round k): 3 pairs or more, and the ratio's 95 % interval is at most
   * {@link AdaptiveForks#precisionPercent} wide or lies within ±{@link AdaptiveForks#minEffectPercent}
   * (equivalent), or its
   * {@link #CLEARLY_DIFFERENT_CONFIDENCE} interval lies wholly beyond ±the minimum effect. A
   * difference stops the rounds only at that stricter level: stopping when the 95 % interval first
   * clears 1 called identical work different in 8 to 14 % of simulated comparisons
   * (RoundsSimulationTest's setting, up to 8 looks), the stricter rule at or under the 95 %
   * interval's 5 %.
   */
  public static boolean settled(AdaptiveForks limits, double[] pairLogRatios) {
    if (pairLogRatios.length < MIN_FIGURES) {
      return false;
    }
    LogInterval r = LogInterval.of(pairLogRatios);
    double band = Math.log1p(limits.minEffectPercent() / 100);
    boolean equivalent = Math.abs(r.mean()) + r.half() <= band;
    LogInterval strict = LogInterval.of(pairLogRatios, CLEARLY_DIFFERENT_CONFIDENCE);
    boolean clearlyDifferent = Math.abs(strict.mean()) - strict.half() > band;
    return equivalent || clearlyDifferent || r.widthPercent() <= limits.precisionPercent();
  }

  /**
   * Whether more forks, up to {@link AdaptiveForks#maxForks}, would likely leave this comparison as
   * undecided as
   * it is: at the spread its pairs show, the pairs that would make its 95 % interval narrow enough,
   * equivalent, or clear of 1 around a change beyond the minimum effect are more than the most a cell
   * is given (a change that sits on the minimum effect, a store whose forks fall into two modes).
   * Stopping then calls nothing that more forks would have called, so it keeps the error rate.
   */
  public static boolean outOfReach(AdaptiveForks limits, double[] pairLogRatios) {
    if (pairLogRatios.length < MIN_PAIRS_FOR_REACH) {
      return false; // a spread from three pairs is too rough: it gave up on a 10 % change one time in six
    }
    return pairsToDecide(limits, pairLogRatios) > limits.maxForks();
  }

  /** The fewest pairs whose spread says a comparison is out of reach. */
  public static final int MIN_PAIRS_FOR_REACH = 5;

  /**
   * About how many pairs would decide this comparison if its spread stays as it is (the t quantile
   * taken at {@link AdaptiveForks#maxForks} pairs, as it would be there); MAX_VALUE where none would.
   */
  public static long pairsToDecide(AdaptiveForks limits, double[] pairLogRatios) {
    int n = pairLogRatios.length;
    LogInterval r = LogInterval.of(pairLogRatios);
    if (r.half() == 0) {
      return n;
    }
    double band = Math.log1p(limits.minEffectPercent() / 100);
    double distance = Math.abs(r.mean());
    // the widest half-width that decides it: precise, equivalent, or a change beyond the effect shown
    double target = Math.max(Math.log1p(limits.precisionPercent() / 100) / 2,
        Math.max(band - distance, distance > band ? distance : 0));
    double spread = r.half() * Math.sqrt(n) / LogInterval.tQuantile(n - 1);
    double needed = Math.pow(LogInterval.tQuantile(Math.max(n, limits.maxForks()) - 1) * spread / target, 2);
    return needed > Integer.MAX_VALUE ? Long.MAX_VALUE : Math.max(n, (long) Math.ceil(needed));
  }

  /**
   * The confidence at which a difference ends a comparison's rounds: one look in a hundred at a
   * difference that is not there, over the handful of looks a run takes.
   */
  public static final double CLEARLY_DIFFERENT_CONFIDENCE = 0.99;
}
