package dev.kvbench.report;

import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.stats.Verdict;
import dev.kvbench.result.ForkSamples.Figure;
import dev.kvbench.result.ForkSamples.NoisyForks;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.PrimaryFigure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two result sets side by side, phase by phase: the candidate's figure against the baseline's,
 * their ratio with a confidence interval from the forks ({@link ForkRatio}), and a verdict: slower
 * or faster only when the interval excludes 1 and the ratio differs from 1 by more than a minimum
 * effect, since a difference too small to matter is no finding even when it is real; equivalent
 * when the whole interval lies within ±the minimum effect (two one-sided tests at the interval's
 * level: an answer, not a shrug); undecided otherwise, with the forks that would likely decide it;
 * not enough forks below {@link ForkRatio#MIN_FORKS} a side. Each phase is judged by its own figure
 * ({@link PrimaryFigure}): a pass of a fixed duration by its rate, so a store that did half the ops
 * in the same time is slower, not equivalent. Forks the
 * host disturbed ({@link PhaseResult#hostDisturbedForks}) are left out of the samples unless the caller
 * keeps them ({@link NoisyForks}), and paired by round a pair counts where the host disturbed both
 * its forks or neither ({@link #keepsPair}); a side left with too few is too noisy to judge. Cells
 * match by store and workload
 * (entries, key type and size, value size, order, batch, durability); when a side has several
 * cells of one workload (a sweep) they match by settings too. Settings that differ between matched
 * cells are named, since that is usually the point of the comparison. A matched cell's storage after
 * close is a row of its own ({@link #STORAGE}), judged the same way on bytes, each fork's one sample.
 */
public final class Comparison {

  /** A row of the figure table on both sides (null where a side has none): shown beside the judged figure, not judged. */
  public record FigurePair(dev.kvbench.result.Figure figure, Double baseline, Double candidate) {}

  /**
   * One phase of one matched cell.
   *
   * @param baselineFigure the baseline phase's figure as shown ({@link #shown}): its median fork's
   *     median pass in ms, ops per second for a pass of a fixed duration, CPU ms (per op for such a
   *     pass) where the comparison judges CPU time; a storage row's median fork's MB after close
   * @param candidateFigure the candidate's
   * @param change the ratio of the two sides' costs per op (candidate over baseline, above 1 slower)
   *     with its interval and the forks behind each side: what the verdict judges
   * @param shown what the two figures are, in which unit, and which way is better
   * @param caveats the forks on each side the host disturbed or that never settled
   */
  public record Row(String cell, String phase, double baselineFigure, double candidateFigure, ForkRatio change,
      Verdict verdict, String settingsChanged, Caveats caveats, ShownFigure shown, List<FigurePair> figures) {

    /** Candidate over baseline, of the costs per op: above 1 is slower, whatever the figure shown. */
    public double ratio() {
      return change.ratio();
    }

    /** Candidate over baseline of the figure shown: a rate's ratio is below 1 where the candidate is slower. */
    public double shownRatio() {
      return shown.lowerIsBetter() ? change.ratio() : 1 / change.ratio();
    }

    /** The interval of {@link #shownRatio}: {low, high}; NaN without one. */
    public double[] shownInterval() {
      return shown.lowerIsBetter() ? new double[] {change.low(), change.high()}
          : new double[] {1 / change.high(), 1 / change.low()};
    }

    /** The verdict in the words of the figure shown: a rate that is lower is slower (lower throughput). */
    public String verdictWords() {
      if (shown.equals(ShownFigure.CAPACITY)) {
        return switch (verdict) {
          case SLOWER -> "less capacity";
          case FASTER -> "more capacity";
          default -> verdict.id();
        };
      }
      if (shown.equals(ShownFigure.STORAGE)) {
        return switch (verdict) {
          case SLOWER -> "larger";
          case FASTER -> "smaller";
          default -> verdict.id();
        };
      }
      return switch (verdict) {
        case SLOWER -> shown.lowerIsBetter() ? verdict.id() : verdict.id() + " (lower throughput)";
        case FASTER -> shown.lowerIsBetter() ? verdict.id() : verdict.id() + " (higher throughput)";
        default -> verdict.id();
      };
    }

    /** True when shown slower (storage: larger), and by more than {@code percent}. */
    public boolean regression(double percent) {
      return verdict == Verdict.SLOWER && ratio() > 1 + percent / 100;
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
    SUPPORT_DIFFERS,
    /** A fork lacks the judged figure (CPU time where Linux does not say): a gate cannot see the phase. */
    NO_FIGURE,
    /**
     * A side's storage is one sample (a cell of one fork, or a result before 0.7 that kept only
     * the last fork's bytes): shown in the tables, not judged, and no gate fails on it.
     */
    ONE_STORAGE_SAMPLE,
    /**
     * A point of a rate curve judged at an SLA: its pass's rate is its schedule's, and the curve's
     * capacity row judges it (and fails a gate where it is less).
     */
    JUDGED_AS_CAPACITY,
    /** A capacity the host's rare stalls set (the SLA broke without a queue): shown, judged too noisy, no gate fails. */
    STALL_BOUND;

    /** Whether a gate that must see every baseline figure measured again fails on it. */
    public boolean failsGate() {
      return this == CANDIDATE_MISSING || this == CANDIDATE_FAILED || this == NO_FIGURE;
    }
  }

  /** A phase that ran on one side but not the other (unsupported, failed, missing). */
  public record Unmatched(String side, String cell, String why, Gap gap) {}

  private final List<Row> rows = new ArrayList<>();
  private final List<Unmatched> unmatched = new ArrayList<>();
  private final double minEffectPercent;
  private final NoisyForks noisyForks;
  private final Figure figure;
  private final ForkRatio.Pairing pairing;

  private Comparison(Rule rule) {
    this.minEffectPercent = rule.minEffectPercent();
    this.noisyForks = rule.noisyForks();
    this.figure = rule.figure();
    this.pairing = rule.pairing();
  }

  /** Whether the forks were paired by round (both sides from one run) or taken apart. */
  public ForkRatio.Pairing pairing() {
    return pairing;
  }

  /** Which figure of each fork was judged. */
  public Figure figure() {
    return figure;
  }

  /** Whether forks the host disturbed were left out of the samples. */
  public NoisyForks noisyForks() {
    return noisyForks;
  }

  /** The smallest change, in percent either way, this comparison calls slower or faster. */
  public double minEffectPercent() {
    return minEffectPercent;
  }

  public List<Row> rows() {
    return List.copyOf(rows);
  }

  public List<Unmatched> unmatched() {
    return List.copyOf(unmatched);
  }

  /**
   * How a comparison judges: the smallest change called slower or faster, what the forks the host
   * disturbed count for, which figure of each fork is judged, and whether the forks pair by round.
   *
   * @param minEffectPercent the smallest change, in percent either way, called slower or faster (0 or more)
   * @param pairing {@link ForkRatio.Pairing#BY_ROUND} only where both sides come from one run, whose
   *     fork k of each cell ran in round k
   */
  public record Rule(double minEffectPercent, NoisyForks noisyForks, Figure figure, ForkRatio.Pairing pairing) {

    /** The default rule: ±{@link #DEFAULT_MIN_EFFECT_PERCENT}, noisy forks dropped, wall time, unpaired. */
    public static final Rule DEFAULT = new Rule(Verdict.DEFAULT_MIN_EFFECT_PERCENT, NoisyForks.DROP, Figure.WALL,
        ForkRatio.Pairing.UNPAIRED);

    public Rule {
      if (!(minEffectPercent >= 0)) {
        throw new IllegalArgumentException("the minimum effect must be 0 % or more, got " + minEffectPercent);
      }
      java.util.Objects.requireNonNull(noisyForks, "noisyForks");
      java.util.Objects.requireNonNull(figure, "figure");
      java.util.Objects.requireNonNull(pairing, "pairing");
    }

    /** The same rule calling a change slower or faster only beyond {@code percent} either way. */
    public Rule withMinEffect(double percent) {
      return new Rule(percent, noisyForks, figure, pairing);
    }

    /** The same rule with forks the host disturbed counted as {@code noisy} says. */
    public Rule with(NoisyForks noisy) {
      return new Rule(minEffectPercent, noisy, figure, pairing);
    }

    /** The same rule judging each fork's {@code judged} figure. */
    public Rule with(Figure judged) {
      return new Rule(minEffectPercent, noisyForks, judged, pairing);
    }

    /** The same rule with its forks paired as {@code how}. */
    public Rule pairedAs(ForkRatio.Pairing how) {
      return new Rule(minEffectPercent, noisyForks, figure, how);
    }
  }

  /** Compares {@code candidate} with {@code baseline} by the {@link Rule#DEFAULT} rule. */
  public static Comparison of(List<RunResults> baseline, List<RunResults> candidate) {
    return of(baseline, candidate, Rule.DEFAULT);
  }

  /** Compares {@code candidate} with {@code baseline} by {@code rule}. */
  public static Comparison of(List<RunResults> baseline, List<RunResults> candidate, Rule rule) {
    Comparison c = new Comparison(rule);
    java.util.Set<String> curvePoints = rule.figure() == Figure.WALL
        ? CapacityComparison.curvePoints(c, baseline, candidate) : java.util.Set.of();
    Map<String, List<CellResult>> base = byWorkload(ReportSection.of(baseline, true).get(0).cells().stream()
        .filter(x -> !curvePoints.contains(x.cellId())).toList());
    Map<String, List<CellResult>> cand = byWorkload(ReportSection.of(candidate, true).get(0).cells().stream()
        .filter(x -> !curvePoints.contains(x.cellId())).toList());
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
    if (rule.figure() == Figure.WALL) {
      CapacityComparison.addTo(c, baseline, candidate);
    }
    return c;
  }

  /** Adds a row another part of the comparison judged (a rate sweep's capacity). */
  void add(Row row) {
    rows.add(row);
  }

  /** Adds what another part of the comparison could not judge. */
  void add(Unmatched gap) {
    unmatched.add(gap);
  }

  private static Map<String, List<CellResult>> byWorkload(List<CellResult> cells) {
    Map<String, List<CellResult>> m = new LinkedHashMap<>();
    for (CellResult c : cells) {
      CellResult.Parameters p = c.parameters();
      // threads, the traffic (a rate sweep's rate, a duration, a count of ops) and the axes without a field
      // (gc) are the workload too: two cells of a sweep of one of them are two workloads, never one; an
      // axis at its default is left out, as a run from before the axis existed holds it
      String key = String.join(" ", c.store(), Long.toString(p.entries()), p.keys(), Integer.toString(p.keySize()),
          Integer.toString(p.valueSize()), p.valueContentOrRandom(), p.codecOrNone(), p.order(), Long.toString(p.batchSize()),
          p.durability(), "threads=" + p.threads(), p.traffic() == null ? "" : p.traffic().idSuffix(),
          dev.kvbench.scenario.Axes.beyondDefaults(p.axes()).toString());
      m.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
    }
    return m;
  }

  private void compare(CellResult base, CellResult cand) {
    String changed = SettingsChange.between(base, cand);
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
    // a whole cell one side cannot run (another library version's API or native library): one line with why
    if (base.outcome() != cand.outcome()
        && (base.outcome() == CellResult.Outcome.UNSUPPORTED || cand.outcome() == CellResult.Outcome.UNSUPPORTED)) {
      boolean candidateCannot = cand.outcome() == CellResult.Outcome.UNSUPPORTED;
      CellResult which = candidateCannot ? cand : base;
      unmatched.add(new Unmatched(candidateCannot ? "candidate" : "baseline", which.cellId(),
          "the " + (candidateCannot ? "candidate" : "baseline") + " cell is unsupported: " + which.error(),
          Gap.SUPPORT_DIFFERS));
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
      Map<Integer, Double> allBaseline = forkFigureByFork(b, NoisyForks.KEEP, figure);
      Map<Integer, Double> allCandidate = forkFigureByFork(o, NoisyForks.KEEP, figure);
      if (java.util.stream.Stream.concat(allBaseline.values().stream(), allCandidate.values().stream())
          .anyMatch(f -> !(f > 0))) {
        unmatched.add(new Unmatched("both", base.cellId() + " " + b.phase(), "no " + figure.id() + " figure for every"
            + " fork (CPU time is not measured where Linux or the JVM does not say, the measuring threads' CPU not"
            + " before kvbench 0.7, or a pass took none)", Gap.NO_FIGURE));
        continue;
      }
      ForkRatio all = ratio(allBaseline, allCandidate);
      Map<Integer, Double> keptBaseline;
      Map<Integer, Double> keptCandidate;
      if (pairing == ForkRatio.Pairing.BY_ROUND) {
        // a pair counts when the host treated both its forks alike (see keepsPair)
        java.util.Set<Integer> kept = ForkSamples.pairedForks(b, o, noisyForks, figure);
        keptBaseline = new LinkedHashMap<>(allBaseline);
        keptCandidate = new LinkedHashMap<>(allCandidate);
        keptBaseline.keySet().retainAll(kept);
        keptCandidate.keySet().retainAll(kept);
      } else {
        keptBaseline = forkFigureByFork(b, noisyForks, figure);
        keptCandidate = forkFigureByFork(o, noisyForks, figure);
      }
      Verdict verdict;
      ForkRatio change;
      if (Math.min(b.passMillis(), o.passMillis()) < Verdict.SHORTEST_JUDGED_MILLIS) {
        change = all;
        verdict = Verdict.TOO_SHORT;
      } else if (Math.min(keptBaseline.size(), keptCandidate.size()) < ForkRatio.MIN_FORKS) {
        // with too few clean forks, show what all of them say and judge nothing
        change = all;
        verdict = all.hasInterval() ? Verdict.TOO_NOISY : Verdict.NOT_ENOUGH_FORKS;
      } else {
        change = ratio(keptBaseline, keptCandidate);
        verdict = verdict(change);
      }
      ShownFigure shown = ShownFigure.of(PrimaryFigure.of(base, b), figure);
      List<FigurePair> others = dev.kvbench.result.FigureTable.ROWS.stream().map(f -> new FigurePair(f, f.of(base, b), f.of(cand, o))).toList();
      rows.add(new Row(base.cellId(), b.phase(), shownFigure(b, shown), shownFigure(o, shown), change, verdict, changed,
          Caveats.of(b, o), shown, others));
    }
    cand.phases().stream().filter(o -> base.phases().stream().noneMatch(b -> b.phase().equals(o.phase())))
        .forEach(o -> unmatched.add(new Unmatched("candidate", cand.cellId() + " " + o.phase(),
            "the baseline did not run this phase", Gap.BASELINE_MISSING)));
    StorageComparison.addTo(this, base, cand, changed);
  }

  /** The phase name of a row that judges a cell's storage after close. */
  public static final String STORAGE = "storage";

  /**
   * The phase's figure as {@code shown}: its median pass's (the median fork's median pass) where
   * wall time is judged, else the median of its forks' median passes' figures.
   */
  private double shownFigure(PhaseResult phase, ShownFigure shown) {
    if (figure == Figure.WALL) {
      return shown.of(phase.medianPass(), figure);
    }
    double[] forks = phase.forkMedians().stream().mapToDouble(p -> shown.of(p, figure)).toArray();
    return ForkRatio.median(forks);
  }

  /** A cell that did not run to its end (failed, interrupted): it has no figures to compare. */
  private static boolean ended(CellResult c) {
    return c.outcome() == CellResult.Outcome.FAILED || c.outcome() == CellResult.Outcome.INTERRUPTED;
  }

  /**
   * The ratio of the two sides' figures: paired by fork number (the forks both sides have, in
   * order) when this comparison pairs by round, else each side's figures apart.
   */
  private ForkRatio ratio(Map<Integer, Double> baseline, Map<Integer, Double> candidate) {
    if (pairing == ForkRatio.Pairing.BY_ROUND) {
      List<Integer> both = baseline.keySet().stream().filter(candidate::containsKey).sorted().toList();
      return ForkRatio.paired(both.stream().mapToDouble(baseline::get).toArray(),
          both.stream().mapToDouble(candidate::get).toArray());
    }
    return ForkRatio.of(values(baseline), values(candidate));
  }

  private static double[] values(Map<Integer, Double> byFork) {
    return byFork.values().stream().mapToDouble(Double::doubleValue).toArray();
  }

  /**
   * {@link ForkSamples#forkFigures(PhaseResult, NoisyForks, Figure)} keyed by fork number when paired by round;
   * else by position (cells merged from several hosts may repeat a fork number).
   */
  private Map<Integer, Double> forkFigureByFork(PhaseResult phase, NoisyForks noisy, Figure figure) {
    if (pairing == ForkRatio.Pairing.BY_ROUND) {
      return ForkSamples.byForkNumber(phase, noisy, figure);
    }
    Map<Integer, Double> out = new LinkedHashMap<>();
    int position = 0;
    for (double f : ForkSamples.forkFigures(phase, noisy, figure)) {
      out.put(position++, f);
    }
    return out;
  }

  Verdict verdict(ForkRatio change) {
    return Verdict.of(change, minEffectPercent);
  }
}
