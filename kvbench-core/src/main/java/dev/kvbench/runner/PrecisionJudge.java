package dev.kvbench.runner;

import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.Verdict;
import dev.kvbench.stats.LogInterval;
import dev.kvbench.stats.SequentialRule;
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
 * versions) are each settled (narrow, equivalent or clearly
 * different) needs none; nor does a cell compared with nothing whose phases' figures are each
 * known within the precision. A figure is each fork's median pass; a comparison
 * pairs fork k of both cells, which ran in round k, and counts the pairs a comparison counts (the
 * host disturbing both forks of a pair or neither, {@link ForkSamples#keepsPair}), so forks added on a
 * host that stays busy still decide it; a cell's own figures leave the disturbed forks out, so it
 * asks for an {@link Next#ANOTHER_UNDISTURBED_FORK undisturbed} one. Whether a figure is precise
 * and a comparison settled or out of reach is kvbench-stats' {@link SequentialRule}'s to say.
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
      if (!rule.sequential().precise(figures)) {
        return figures.length < SequentialRule.MIN_FIGURES
            ? p.phase() + " has " + figures.length + " forks the host left alone"
            : String.format(Locale.ROOT, "%s %.1f %% wide", p.phase(),
                LogInterval.of(java.util.Arrays.stream(figures).map(Math::log).toArray()).widthPercent());
      }
    }
    return null;
  }

  /**
   * The first phase whose ratio of {@code other} to {@code cell} is unsettled and within reach,
   * said (another fork); else the first out of reach, where more forks than a cell is given would be
   * needed; null when every one is settled.
   */
  private static Decision pairWide(CellResult cell, CellResult other, AdaptiveForks rule) {
    // a phase out of reach (a setting that does not touch it: identical work in noise) must not end the rounds
    // of another phase that more forks would still decide
    Decision outOfReach = null;
    for (PhaseResult p : judged(cell)) {
      PhaseResult q = judged(other).stream().filter(x -> x.phase().equals(p.phase())).findFirst().orElse(null);
      if (q == null) {
        continue;
      }
      Map<Integer, Double> a = ForkSamples.byForkNumber(p, ForkSamples.NoisyForks.KEEP, ForkSamples.Figure.WALL);
      Map<Integer, Double> b = ForkSamples.byForkNumber(q, ForkSamples.NoisyForks.KEEP, ForkSamples.Figure.WALL);
      double[] logRatios = ForkSamples.pairedForks(p, q, ForkSamples.NoisyForks.DROP, ForkSamples.Figure.WALL).stream()
          .mapToDouble(k -> Math.log(b.get(k) / a.get(k))).toArray();
      SequentialRule sequential = rule.sequential();
      if (!sequential.settled(logRatios)) {
        String against = label(other, cell);
        if (sequential.outOfReach(logRatios)) {
          long pairs = sequential.pairsToDecide(logRatios);
          outOfReach = outOfReach != null ? outOfReach : new Decision(Next.OUT_OF_REACH, String.format(Locale.ROOT,
              "%s against %s undecided, %.1f %% wide; %s would decide it", p.phase(), against,
              LogInterval.of(logRatios).widthPercent(), pairs == Long.MAX_VALUE ? "no number of forks"
                  : "about " + pairs + " forks"));
          continue;
        }
        return new Decision(Next.ANOTHER_FORK, logRatios.length < SequentialRule.MIN_FIGURES
            ? p.phase() + " against " + against + ": " + logRatios.length
                + " pairs count (the host disturbed one fork of each other pair)"
            : String.format(Locale.ROOT, "%s against %s undecided, %.1f %% wide", p.phase(), against,
                LogInterval.of(logRatios).widthPercent()));
      }
    }
    return outOfReach;
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
}
