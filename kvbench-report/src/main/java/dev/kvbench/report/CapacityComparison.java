package dev.kvbench.report;

import dev.kvbench.result.RateCurves;
import dev.kvbench.result.RateCurves.Curve;
import dev.kvbench.scenario.Sla;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.stats.Verdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A rate sweep's capacity at its SLA, judged as any figure is: each fork's own capacity is a sample
 * (higher is better), paired by fork where the forks pair by round, and the ratio's interval gives
 * more or less capacity, equivalent or undecided. Both sides must have been judged at the same SLA.
 */
final class CapacityComparison {

  private CapacityComparison() {}

  /** The phase name of a capacity row: the curve's phase and this. */
  static final String CAPACITY = "capacity";

  /**
   * The cells of either side that are points of a curve judged at the same SLA on both sides: no
   * rows of their own (a paced pass's rate is its schedule's), each curve named once, its capacity
   * row judging it.
   */
  static Set<String> curvePoints(Comparison c, List<RunResults> baseline, List<RunResults> candidate) {
    Sla baseSla = CapacityCharts.slaOf(baseline);
    Sla candSla = CapacityCharts.slaOf(candidate);
    Set<String> ids = new java.util.HashSet<>();
    if (baseSla == null || !baseSla.given() || !baseSla.equals(candSla)) {
      return ids;
    }
    Set<String> named = new TreeSet<>();
    for (List<RunResults> side : List.of(baseline, candidate)) {
      for (Curve curve : RateCurves.of(ReportSection.of(side, true).get(0).cells(), baseSla)) {
        curve.points().forEach(p -> ids.add(p.cellId()));
        named.add(curve.label() + " " + curve.phase());
      }
    }
    named.forEach(n -> c.add(new Comparison.Unmatched("both", n + " rate=...", "the points of a rate curve: each"
        + " pass's rate is its schedule's; the curve's capacity at " + baseSla + " is the row that judges it",
        Comparison.Gap.JUDGED_AS_CAPACITY)));
    return ids;
  }

  static void addTo(Comparison c, List<RunResults> baseline, List<RunResults> candidate) {
    Sla baseSla = CapacityCharts.slaOf(baseline);
    Sla candSla = CapacityCharts.slaOf(candidate);
    if (baseSla == null || candSla == null || !baseSla.given() && !candSla.given()) {
      return; // no SLA (or several in one side's inputs, named below if it matters): nothing to judge
    }
    Map<String, Curve> base = curves(ReportSection.of(baseline, true).get(0).cells(), baseSla);
    Map<String, Curve> cand = curves(ReportSection.of(candidate, true).get(0).cells(), candSla);
    if (!baseSla.equals(candSla)) {
      if (!base.isEmpty() || !cand.isEmpty()) {
        c.add(new Comparison.Unmatched("both", "capacity", "the sides were judged at different SLAs (baseline "
            + text(baseSla) + ", candidate " + text(candSla) + "): give both the same --sla to compare capacities",
            Comparison.Gap.SUPPORT_DIFFERS));
      }
      return;
    }
    // a curve the other side has under other store settings (a planted -o STORE.KEY=VALUE): the one of its store
    Map<String, String> changed = new LinkedHashMap<>();
    matchAcrossSettings(base, cand, changed);
    for (Map.Entry<String, Curve> e : base.entrySet()) {
      Curve b = e.getValue();
      Curve o = cand.get(e.getKey());
      String cell = b.label() + " " + b.phase() + " " + CAPACITY;
      if (o == null) {
        c.add(new Comparison.Unmatched("baseline", cell, "the candidate has no rate sweep of this workload",
            Comparison.Gap.CANDIDATE_MISSING));
        continue;
      }
      double[] bs = b.capacity().forkRates().stream().mapToDouble(Double::doubleValue).toArray();
      double[] os = o.capacity().forkRates().stream().mapToDouble(Double::doubleValue).toArray();
      if (java.util.stream.DoubleStream.concat(java.util.Arrays.stream(bs), java.util.Arrays.stream(os))
          .anyMatch(v -> !(v > 0))) {
        // a fork's capacity counts only rates met with every lower one met: one that broke the lowest rate has none
        c.add(new Comparison.Unmatched("both", cell, "a fork broke the SLA at the lowest rate swept (baseline "
            + forkList(bs) + ", candidate " + forkList(os) + " ops/s): its capacity is below that rate, not a figure to"
            + " take a ratio of; sweep lower rates (--rate-start), or run more forks", Comparison.Gap.NO_FIGURE));
        continue;
      }
      // samples are costs, lower better, as every row's: the time an op's share of the capacity takes
      double[] bCost = java.util.Arrays.stream(bs).map(v -> 1 / v).toArray();
      double[] oCost = java.util.Arrays.stream(os).map(v -> 1 / v).toArray();
      boolean enough = Math.min(bs.length, os.length) >= ForkRatio.MIN_FORKS;
      ForkRatio change = enough && c.pairing() == ForkRatio.Pairing.BY_ROUND && bs.length == os.length
          ? ForkRatio.paired(bCost, oCost) : ForkRatio.of(bCost, oCost);
      // a capacity the host's stalls set is the host's: no difference is claimed on it
      String stalls = b.capacity().stallBound() != null ? "baseline " + b.capacity().stallBound()
          : o.capacity().stallBound() != null ? "candidate " + o.capacity().stallBound() : null;
      if (stalls != null) {
        c.add(new Comparison.Unmatched("both", cell, "too noisy to judge: the " + stalls + "; judge it at an SLA"
            + " the load breaks (a lower percentile, or a looser limit)", Comparison.Gap.STALL_BOUND));
      }
      c.add(new Comparison.Row(b.label(), b.phase() + " " + CAPACITY, b.capacity().rate(), o.capacity().rate(), change,
          !enough ? Verdict.NOT_ENOUGH_FORKS : stalls != null ? Verdict.TOO_NOISY : c.verdict(change), changed.get(e.getKey()), Caveats.NONE,
          ShownFigure.CAPACITY, List.of()));
    }
    cand.keySet().stream().filter(k -> !base.containsKey(k)).forEach(k -> c.add(new Comparison.Unmatched(
        "candidate", cand.get(k).label() + " " + cand.get(k).phase() + " " + CAPACITY,
        "the baseline has no rate sweep of this workload", Comparison.Gap.BASELINE_MISSING)));
  }

  private static String forkList(double[] rates) {
    return String.join(" ", java.util.Arrays.stream(rates).mapToObj(r -> String.format(java.util.Locale.ROOT, "%,.0f", r))
        .toList());
  }

  /**
   * Re-keys each candidate curve that matches no baseline curve under the key of the one baseline
   * curve of its phase that differs from it in one store setting only (a value changed, or a
   * setting given on one side: a planted {@code -o STORE.KEY=VALUE}, or the sides of {@code compare
   * --by KEY}), noting the change, as the cells' rows do.
   */
  private static void matchAcrossSettings(Map<String, Curve> base, Map<String, Curve> cand,
      Map<String, String> changed) {
    for (Map.Entry<String, Curve> b : List.copyOf(base.entrySet())) {
      if (cand.containsKey(b.getKey())) {
        continue;
      }
      List<Map.Entry<String, Curve>> near = cand.entrySet().stream().filter(o -> !base.containsKey(o.getKey())
          && o.getValue().phase().equals(b.getValue().phase())
          && settingChange(b.getValue().label(), o.getValue().label()) != null).toList();
      if (near.size() == 1) {
        Curve moved = cand.remove(near.get(0).getKey());
        cand.put(b.getKey(), moved);
        changed.put(b.getKey(), settingChange(b.getValue().label(), moved.label()));
      }
    }
  }

  /**
   * How {@code to} differs from {@code from} when it is in one {@code key=value} part only ("getVia:
   * cursor -> get", "getVia: default -> get"), else null.
   */
  static String settingChange(String from, String to) {
    List<String> a = List.of(from.split(" "));
    List<String> b = List.of(to.split(" "));
    if (a.size() == b.size()) {
      int at = -1;
      for (int i = 0; i < a.size(); i++) {
        if (!a.get(i).equals(b.get(i))) {
          if (at >= 0) {
            return null;
          }
          at = i;
        }
      }
      if (at < 0 || !a.get(at).contains("=") || !b.get(at).contains("=")) {
        return null;
      }
      String key = a.get(at).substring(0, a.get(at).indexOf('='));
      return b.get(at).startsWith(key + "=") ? key + ": " + a.get(at).substring(key.length() + 1) + " -> "
          + b.get(at).substring(key.length() + 1) : null;
    }
    boolean added = b.size() == a.size() + 1;
    List<String> longer = added ? b : a;
    List<String> shorter = added ? a : b;
    if (longer.size() != shorter.size() + 1) {
      return null;
    }
    for (int i = 0; i < longer.size(); i++) {
      List<String> without = new java.util.ArrayList<>(longer);
      String extra = without.remove(i);
      if (without.equals(shorter) && extra.contains("=") && i > 0) {
        String key = extra.substring(0, extra.indexOf('='));
        String value = extra.substring(key.length() + 1);
        return key + ": " + (added ? "default -> " + value : value + " -> default");
      }
    }
    return null;
  }

  private static Map<String, Curve> curves(List<dev.kvbench.result.CellResult> cells, Sla sla) {
    Map<String, Curve> out = new LinkedHashMap<>();
    for (Curve curve : RateCurves.of(cells, sla)) {
      if (curve.capacity() != null) {
        out.putIfAbsent(curve.label() + "\u0000" + curve.phase(), curve);
      }
    }
    return out;
  }

  private static String text(Sla sla) {
    return sla.given() ? sla.toString() : "none";
  }
}
