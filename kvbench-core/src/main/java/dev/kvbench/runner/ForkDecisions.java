package dev.kvbench.runner;

import dev.kvbench.measure.LogInterval;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ForkMerge;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Which cells of a run get another fork under {@link AdaptiveForks}: a cell whose comparisons with
 * the other variants of its workload (cells of the same parameters: other stores, settings,
 * versions) are each settled ({@link AdaptiveForks#settled}: narrow, equivalent or clearly
 * different) needs none; nor does a cell compared with nothing whose phases' figures are each
 * known within the precision ({@link AdaptiveForks#precise}). A figure is each fork's median pass, the forks the host disturbed left out
 * (as a comparison leaves them out); a comparison pairs fork k of both cells, which ran in round k.
 */
final class ForkDecisions {

  /** Too short to judge, as a comparison says (10 µs): such a phase never holds a cell back. */
  private static final double SHORTEST_JUDGED_MILLIS = 0.01;

  /** What a cell needs. */
  enum Next {
    ANOTHER_FORK,
    DONE
  }

  /** What a cell needs, and what was still wide or is now precise. */
  record Decision(Next next, String detail) {}

  private ForkDecisions() {}

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
      boolean compared = false;
      for (CellResult other : partners) {
        if (other != cell && other.parameters() != null && other.parameters().equals(cell.parameters())) {
          compared = true;
          wide = wide != null ? wide : pairWide(cell, other, rule);
        }
      }
      if (!compared) {
        // nothing in the run is compared with it: its own figures are the answer
        wide = ownWide(cell, rule);
      }
      out.put(e.getKey(), wide == null
          ? new Decision(Next.DONE, compared ? "every comparison settled"
              : String.format(Locale.ROOT, "every phase within %.1f %%", rule.precisionPercent()))
          : new Decision(Next.ANOTHER_FORK, wide));
    }
    return out;
  }

  /** The first phase of {@code cell} whose figure is wider than the precision, said, or null. */
  private static String ownWide(CellResult cell, AdaptiveForks rule) {
    for (PhaseResult p : judged(cell)) {
      double[] figures = figures(p).values().stream().mapToDouble(Double::doubleValue).toArray();
      if (!rule.precise(figures)) {
        return figures.length < AdaptiveForks.MIN_FIGURES
            ? p.phase() + " has " + figures.length + " forks the host left alone"
            : String.format(Locale.ROOT, "%s %.1f %% wide", p.phase(),
                LogInterval.of(java.util.Arrays.stream(figures).map(Math::log).toArray()).widthPercent());
      }
    }
    return null;
  }

  /** The first phase whose ratio of {@code other} to {@code cell} is unsettled, said, or null. */
  private static String pairWide(CellResult cell, CellResult other, AdaptiveForks rule) {
    for (PhaseResult p : judged(cell)) {
      PhaseResult q = judged(other).stream().filter(x -> x.phase().equals(p.phase())).findFirst().orElse(null);
      if (q == null) {
        continue;
      }
      Map<Integer, Double> a = figures(p);
      Map<Integer, Double> b = figures(q);
      double[] logRatios = a.keySet().stream().filter(b::containsKey).sorted()
          .mapToDouble(k -> Math.log(b.get(k) / a.get(k))).toArray();
      if (!rule.settled(logRatios)) {
        String against = label(other, cell);
        return logRatios.length < AdaptiveForks.MIN_FIGURES
            ? p.phase() + " against " + against + ": " + logRatios.length + " pairs the host left alone"
            : String.format(Locale.ROOT, "%s against %s undecided, %.1f %% wide", p.phase(), against,
                LogInterval.of(logRatios).widthPercent());
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

  /** The phases a comparison would judge: measured, and long enough for the clock. */
  private static List<PhaseResult> judged(CellResult cell) {
    return cell.phases().stream().filter(p -> p.status() == PhaseStatus.OK && p.passMillis() >= SHORTEST_JUDGED_MILLIS)
        .toList();
  }

  /** Each fork's median pass by fork number, the forks the host disturbed left out. */
  private static Map<Integer, Double> figures(PhaseResult p) {
    List<Integer> disturbed = p.hostDisturbedForks();
    Map<Integer, Double> out = new LinkedHashMap<>();
    for (PassResult f : p.forkMedians()) {
      if (!disturbed.contains(f.fork()) && f.passMillis() > 0) {
        out.put(f.fork(), f.passMillis());
      }
    }
    return out;
  }
}
