package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Two result sets side by side, phase by phase: the candidate's median pass against the
 * baseline's, their ratio, and whether the difference is beyond run-to-run spread by Welch's
 * t-test on the measured passes (two-sided, {@link #ALPHA}). Cells match by store and workload
 * (entries, key type and size, value size, order, batch, durability); when a side has several
 * cells of one workload (a sweep) they match by settings too. Settings that differ between matched
 * cells are named, since that is usually the point of the comparison.
 */
public final class Comparison {

  /** Significance level of the t-test. */
  public static final double ALPHA = 0.05;

  /** How a phase moved. */
  public enum Verdict {
    SLOWER, FASTER, WITHIN_SPREAD, NOT_TESTABLE;

    public String id() {
      return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
  }

  /**
   * One phase of one matched cell.
   *
   * @param pValue Welch's two-sided p, NaN when a side has fewer than two passes
   */
  public record Row(String cell, String phase, double baselineMillis, double candidateMillis, double ratio,
      double pValue, Verdict verdict, String settingsChanged) {

    /** True when slower beyond the spread by more than {@code percent}. */
    public boolean regression(double percent) {
      return verdict == Verdict.SLOWER && ratio > 1 + percent / 100;
    }
  }

  /** Why a cell or phase has no row. */
  public enum Gap {
    /** The baseline has it and the candidate does not: a CI gate cannot call that no regression. */
    CANDIDATE_MISSING,
    /** The candidate's cell or phase failed (or was interrupted): the same. */
    CANDIDATE_FAILED,
    /** The candidate has it and the baseline does not (a new cell or phase). */
    BASELINE_MISSING,
    /** The baseline's failed: nothing to compare the candidate with. */
    BASELINE_FAILED,
    /** Unsupported on one side only (a setting changed what the store can do). */
    SUPPORT_DIFFERS;

    /** Whether a gate that must see every baseline figure measured again fails on it. */
    public boolean failsGate() {
      return this == CANDIDATE_MISSING || this == CANDIDATE_FAILED;
    }
  }

  /** A phase that ran on one side but not the other (unsupported, failed, missing). */
  public record Unmatched(String side, String cell, String why, Gap gap) {}

  private final List<Row> rows = new ArrayList<>();
  private final List<Unmatched> unmatched = new ArrayList<>();

  public List<Row> rows() {
    return List.copyOf(rows);
  }

  public List<Unmatched> unmatched() {
    return List.copyOf(unmatched);
  }

  /** Compares every run in {@code candidate} with every run in {@code baseline}, all hosts together. */
  public static Comparison of(List<RunResults> baseline, List<RunResults> candidate) {
    Comparison c = new Comparison();
    Map<String, List<CellResult>> base = byWorkload(ReportSection.of(baseline, true).get(0).cells());
    Map<String, List<CellResult>> cand = byWorkload(ReportSection.of(candidate, true).get(0).cells());
    for (Map.Entry<String, List<CellResult>> e : base.entrySet()) {
      List<CellResult> others = cand.getOrDefault(e.getKey(), List.of());
      if (others.isEmpty()) {
        e.getValue().forEach(b -> c.unmatched.add(new Unmatched("baseline", b.cellId(), "no candidate cell",
            Gap.CANDIDATE_MISSING)));
        continue;
      }
      if (e.getValue().size() == 1 && others.size() == 1) {
        c.compare(e.getValue().get(0), others.get(0));
        continue;
      }
      for (CellResult b : e.getValue()) {
        CellResult match = others.stream().filter(o -> o.settings().equals(b.settings())).findFirst().orElse(null);
        if (match == null) {
          c.unmatched.add(new Unmatched("baseline", b.cellId() + " " + b.settings(),
              "no candidate cell with these settings", Gap.CANDIDATE_MISSING));
        } else {
          c.compare(b, match);
        }
      }
      others.stream().filter(o -> e.getValue().stream().noneMatch(b -> b.settings().equals(o.settings())))
          .forEach(o -> c.unmatched.add(new Unmatched("candidate", o.cellId() + " " + o.settings(),
              "no baseline cell with these settings", Gap.BASELINE_MISSING)));
    }
    cand.forEach((k, list) -> {
      if (!base.containsKey(k)) {
        list.forEach(o -> c.unmatched.add(new Unmatched("candidate", o.cellId(), "no baseline cell",
            Gap.BASELINE_MISSING)));
      }
    });
    return c;
  }

  private static Map<String, List<CellResult>> byWorkload(List<CellResult> cells) {
    Map<String, List<CellResult>> m = new LinkedHashMap<>();
    for (CellResult c : cells) {
      CellResult.Parameters p = c.parameters();
      String key = String.join(" ", c.store(), Long.toString(p.entries()), p.keys(), Integer.toString(p.keySize()),
          Integer.toString(p.valueSize()), p.valueContentOrRandom(), p.codecOrNone(), p.order(), Long.toString(p.batchSize()),
          p.durability());
      m.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
    }
    return m;
  }

  private void compare(CellResult base, CellResult cand) {
    String changed = settingsChanged(base, cand);
    if (ended(cand)) {
      unmatched.add(new Unmatched("candidate", cand.cellId(), "the candidate cell " + cand.outcome().id() + ": "
          + cand.error(), Gap.CANDIDATE_FAILED));
      return;
    }
    if (ended(base)) {
      unmatched.add(new Unmatched("baseline", base.cellId(), "the baseline cell " + base.outcome().id() + ": "
          + base.error(), Gap.BASELINE_FAILED));
      return;
    }
    for (PhaseResult b : base.phases()) {
      PhaseResult o = cand.phases().stream().filter(p -> p.phase().equals(b.phase())).findFirst().orElse(null);
      if (o == null) {
        unmatched.add(new Unmatched("baseline", base.cellId() + " " + b.phase(), "the candidate did not run this phase",
            Gap.CANDIDATE_MISSING));
        continue;
      }
      if (b.status() != PhaseStatus.OK || o.status() != PhaseStatus.OK) {
        if (b.status() != o.status() || b.status() == PhaseStatus.FAILED) {
          Gap gap = o.status() == PhaseStatus.FAILED ? Gap.CANDIDATE_FAILED
              : b.status() == PhaseStatus.FAILED ? Gap.BASELINE_FAILED : Gap.SUPPORT_DIFFERS;
          unmatched.add(new Unmatched(b.status() != PhaseStatus.OK ? "baseline" : "candidate",
              base.cellId() + " " + b.phase(), "baseline " + b.status().id() + ", candidate " + o.status().id(), gap));
        }
        continue;
      }
      double[] x = b.passes().stream().mapToDouble(PassResult::passMillis).toArray();
      double[] y = o.passes().stream().mapToDouble(PassResult::passMillis).toArray();
      double p = pValue(x, y);
      double ratio = b.passMillis() == 0 ? Double.NaN : o.passMillis() / b.passMillis();
      Verdict v = Double.isNaN(p) ? Verdict.NOT_TESTABLE
          : p >= ALPHA ? Verdict.WITHIN_SPREAD : ratio > 1 ? Verdict.SLOWER : Verdict.FASTER;
      rows.add(new Row(base.cellId(), b.phase(), b.passMillis(), o.passMillis(), ratio, p, v, changed));
    }
    cand.phases().stream().filter(o -> base.phases().stream().noneMatch(b -> b.phase().equals(o.phase())))
        .forEach(o -> unmatched.add(new Unmatched("candidate", cand.cellId() + " " + o.phase(),
            "the baseline did not run this phase", Gap.BASELINE_MISSING)));
  }

  /** A cell that did not run to its end (failed, interrupted): it has no figures to compare. */
  private static boolean ended(CellResult c) {
    return c.outcome() == CellResult.Outcome.FAILED || c.outcome() == CellResult.Outcome.INTERRUPTED;
  }

  /** Welch's two-sided p over the passes; NaN when a side has fewer than two or neither varies. */
  static double pValue(double[] x, double[] y) {
    if (x.length < 2 || y.length < 2) {
      return Double.NaN;
    }
    double p = new TTest().tTest(x, y);
    if (Double.isNaN(p)) {
      // neither side varies (identical passes): the same figure, or a difference no spread can explain
      double mx = Arrays.stream(x).average().orElse(0);
      double my = Arrays.stream(y).average().orElse(0);
      return Math.abs(mx - my) <= 1e-9 * Math.max(Math.abs(mx), Math.abs(my)) ? 1.0 : 0.0;
    }
    return p;
  }

  private static String settingsChanged(CellResult base, CellResult cand) {
    List<String> changes = new ArrayList<>();
    for (String k : new TreeSet<>(union(base.settings().keySet(), cand.settings().keySet()))) {
      String a = base.settings().get(k);
      String b = cand.settings().get(k);
      if (!Objects.equals(a, b)) {
        changes.add(k + " " + a + " -> " + b);
      }
    }
    if (!Objects.equals(base.libraryVersion(), cand.libraryVersion())) {
      changes.add("library " + base.libraryVersion() + " -> " + cand.libraryVersion());
    }
    return String.join(", ", changes);
  }

  private static java.util.Set<String> union(java.util.Set<String> a, java.util.Set<String> b) {
    java.util.Set<String> u = new TreeSet<>(a);
    u.addAll(b);
    return u;
  }
}
