package dev.kvbench.report.history;

import dev.kvbench.stats.EDivisive;
import dev.kvbench.result.ForkSamples.Figure;
import dev.kvbench.result.ForkSamples.NoisyForks;
import dev.kvbench.report.HostClass;
import dev.kvbench.report.RunResults;
import dev.kvbench.report.VersionPairs;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.PrimaryFigure;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A series of runs in order, each cell's phases as a series of its own (one per class of hardware),
 * and the change points E-Divisive finds in each ({@link EDivisive}). What a gate in CI asks of it
 * is {@link #gate}.
 */
public final class History {

  private final HistoryRule rule;
  private final List<HistoryRun> runs;
  private final List<Series> series;
  private final List<Series> unmeasured;
  private final List<String> notSeries;
  private final List<String> warnings;

  private History(HistoryRule rule, List<HistoryRun> runs, List<Series> series, List<Series> unmeasured,
      List<String> notSeries, List<String> warnings) {
    this.rule = rule;
    this.runs = List.copyOf(runs);
    this.series = List.copyOf(series);
    this.unmeasured = List.copyOf(unmeasured);
    this.notSeries = List.copyOf(notSeries);
    this.warnings = List.copyOf(warnings);
  }

  /**
   * The series no run gave a figure (the host disturbed every fork, the phase failed or was
   * unsupported in every run): no points, no change points, each with its gaps saying why. Never
   * dropped without a word: the printer, the page and the JSON name each.
   */
  public List<Series> unmeasured() {
    return unmeasured;
  }

  /**
   * What the runs held that is no series, one line each with why: the cells of a reference store
   * (the null store, the harness's own cost, which keeps nothing) are shown in a run's tables but
   * never a history's figure or a gate's.
   */
  public List<String> notSeries() {
    return notSeries;
  }

  public HistoryRule rule() {
    return rule;
  }

  /** The runs, oldest first (by the rule's order; by time where it orders by version). */
  public List<HistoryRun> runs() {
    return runs;
  }

  /** What ordering the runs left out, each naming the run's file. */
  public List<String> warnings() {
    return warnings;
  }

  public List<Series> series() {
    return series;
  }

  /**
   * The history of {@code results} by {@code rule}.
   *
   * @throws IllegalArgumentException naming the run when the order cannot place it (no revision recorded,
   *     or one --revisions does not list)
   */
  public static History of(List<RunResults> results, HistoryRule rule) {
    List<String> warnings = new ArrayList<>();
    List<RunResults> ordered = ordered(results, rule, warnings);
    List<HistoryRun> runs = new ArrayList<>();
    java.util.Set<String> used = new java.util.HashSet<>();
    for (int i = 0; i < ordered.size(); i++) {
      runs.add(run(i + 1, ordered.get(i), rule.annotations(), used));
    }
    for (String ref : rule.annotations().keySet()) {
      if (!used.contains(ref)) {
        throw new IllegalArgumentException("--annotate " + ref + "=...: no run is numbered, has the revision or"
            + " comes from the file " + ref + " (runs 1 to " + runs.size() + ")");
      }
    }
    Map<String, SeriesBuilder> builders = new LinkedHashMap<>();
    java.util.Set<String> references = new java.util.LinkedHashSet<>();
    java.util.Set<String> notSeries = new java.util.LinkedHashSet<>();
    for (int i = 0; i < ordered.size(); i++) {
      RunResults r = ordered.get(i);
      HistoryRun run = runs.get(i);
      // a duet's figures are not a solo run's: its runs make series of their own, named so
      String hostClass = HostClass.of(r.environment()).describe()
          + (dev.kvbench.result.DuetRuns.measuredInDuet(r.scenario()) ? ", measured in duet" : "");
      // a rate curve judged at an SLA is one series, its capacity; its points' rates are the schedule's
      java.util.Set<String> curvePoints = capacities(r, run, hostClass, builders, notSeries);
      for (CellResult c : r.cells()) {
        String cell = withoutVersion(c.cellId());
        if (curvePoints.contains(c.cellId())) {
          continue;
        }
        if (c.reference()) {
          references.add(cell);
          continue;
        }
        if (c.phases().isEmpty()) {
          // a cell that ended before any phase: a gap in every series the cell had before
          builders.forEach((key, b) -> {
            if (key.startsWith(hostClass + "\n" + cell + "\n") && key.endsWith("\n" + r.scenarioName())) {
              b.addGap(run, c);
            }
          });
        }
        for (PhaseResult p : c.phases()) {
          builders.computeIfAbsent(hostClass + "\n" + cell + "\n" + p.phase() + "\n" + r.scenarioName(),
              k -> new SeriesBuilder(hostClass, cell, c.store(), p.phase(), rule.figure(), PrimaryFigure.of(c, p)))
              .add(run, c, p, rule.noisyForks());
        }
      }
    }
    EDivisive detector = new EDivisive(rule.detection());
    List<Series> series = new ArrayList<>();
    List<Series> unmeasured = new ArrayList<>();
    for (SeriesBuilder b : builders.values()) {
      // a phase no run gave a figure (unsupported everywhere, every fork disturbed) has nothing to detect in
      (b.hasPoints() ? series : unmeasured).add(b.build(detector, rule));
    }
    references.forEach(cell -> notSeries.add(cell + ": the harness's reference row (a store that keeps"
        + " nothing: the harness's own cost), shown in a run's tables, never a series or gated"));
    return new History(rule, runs, series, unmeasured, List.copyOf(notSeries), warnings);
  }

  /** The phase name of a curve's capacity series: {@code ycsb-b capacity}. */
  public static final String CAPACITY = " capacity";

  /**
   * Adds each rate curve of {@code r} judged at its SLA as a point of its capacity series (each
   * fork's own capacity a fork, judged as a rate: higher better) and returns the ids of the curves'
   * cells, which are no series of their own: a paced pass's rate is its schedule's.
   */
  private static java.util.Set<String> capacities(RunResults r, HistoryRun run, String hostClass,
      Map<String, SeriesBuilder> builders, java.util.Set<String> notSeries) {
    dev.kvbench.scenario.Sla sla = dev.kvbench.result.RateCurves.slaOf(r.scenario());
    java.util.Set<String> points = new java.util.HashSet<>();
    if (!sla.given()) {
      return points;
    }
    for (dev.kvbench.result.RateCurves.Curve curve : dev.kvbench.result.RateCurves.of(r.cells(), sla)) {
      curve.points().forEach(p -> points.add(p.cellId()));
      String cell = withoutVersion(curve.label());
      notSeries.add(cell + " rate=...: the points of a rate curve, each at its schedule's rate; the curve's capacity at"
          + " its SLA is the series (phase " + curve.phase() + CAPACITY + ")");
      if (curve.reference() || curve.capacity() == null) {
        continue;
      }
      CellResult first = r.cells().stream().filter(c -> c.cellId().equals(curve.points().get(0).cellId())).findFirst()
          .orElseThrow();
      builders.computeIfAbsent(hostClass + "\n" + cell + "\n" + curve.phase() + CAPACITY + "\n" + r.scenarioName() + "\n"
          + sla, k -> new SeriesBuilder(hostClass, cell, curve.store(), curve.phase() + CAPACITY, null,
              dev.kvbench.result.PrimaryFigure.RATE)).addCapacity(run, first, curve.capacity());
    }
    return points;
  }

  /**
   * What fails a CI gate: each change that makes a series slower by more than {@code percent}, starts at
   * one of the {@code recent} newest points of its series, and that no note explains.
   */
  public List<Finding> gate(double percent, int recent) {
    List<Finding> out = new ArrayList<>();
    for (Series s : series) {
      for (Series.Change c : s.changes()) {
        if (c.direction() == Series.Direction.SLOWER && c.percent() > percent && c.note() == null
            && c.index() >= s.points().size() - recent) {
          out.add(new Finding(s, c));
        }
      }
    }
    return out;
  }

  /**
   * The series the newest run should have given a figure and did not: its cell failed or the host
   * disturbed every fork (a gate cannot call that no regression), or the run left out a cell that
   * the run before it, of the same scenario and hardware, had.
   */
  public List<Finding> incomplete() {
    if (runs.isEmpty()) {
      return List.of();
    }
    HistoryRun newest = runs.get(runs.size() - 1);
    HistoryRun before = runs.size() > 1 ? runs.get(runs.size() - 2) : null;
    List<Finding> out = new ArrayList<>();
    for (Series s : java.util.stream.Stream.concat(series.stream(), unmeasured.stream()).toList()) {
      boolean gapNow = s.gaps().stream().anyMatch(g -> g.run().equals(newest)
          && g.kind() != Series.GapKind.UNSUPPORTED);
      boolean pointNow = s.points().stream().anyMatch(p -> p.run().equals(newest));
      boolean hadBefore = before != null && before.scenarioName() != null
          && before.scenarioName().equals(newest.scenarioName())
          && s.points().stream().anyMatch(p -> p.run().equals(before)) && hostOf(s, newest);
      if (gapNow || (!pointNow && hadBefore)) {
        out.add(new Finding(s, null));
      }
    }
    return out;
  }

  /** Whether the newest run measured anything on this series' hardware. */
  private boolean hostOf(Series s, HistoryRun newest) {
    return series.stream().anyMatch(o -> o.hostClass().equals(s.hostClass())
        && (o.points().stream().anyMatch(p -> p.run().equals(newest))
            || o.gaps().stream().anyMatch(g -> g.run().equals(newest))));
  }

  /** A series and the change that fails the gate (null where the newest run gave the series no figure). */
  public record Finding(Series series, Series.Change change) {}

  private static HistoryRun run(int number, RunResults r, Map<String, String> annotations, java.util.Set<String> used) {
    String revision = r.label() == null ? null : r.label().revision();
    List<String> notes = new ArrayList<>();
    if (r.label() != null && r.label().note() != null) {
      notes.add(r.label().note());
    }
    String fileName = Path.of(r.source()).getFileName() == null ? r.source()
        : Path.of(r.source()).getFileName().toString();
    for (String ref : new String[] {Integer.toString(number), revision, r.source(), fileName}) {
      if (ref != null && annotations.containsKey(ref)) {
        used.add(ref);
        if (!notes.contains(annotations.get(ref))) {
          notes.add(annotations.get(ref));
        }
      }
    }
    return new HistoryRun(number, r.source(), r.startedAt(), r.scenarioName(), revision,
        notes.isEmpty() ? null : String.join("; ", notes), r.kvbenchVersion(), r.host());
  }

  private static List<RunResults> ordered(List<RunResults> results, HistoryRule rule, List<String> warnings) {
    List<RunResults> out = new ArrayList<>(results);
    Comparator<RunResults> byTime = Comparator.comparing(History::startInstant,
        Comparator.nullsLast(Comparator.naturalOrder()));
    switch (rule.order()) {
      case GIVEN -> { }
      case TIME, VERSION -> out.sort(byTime);
      case REVISION -> {
        out.sort(byTime);
        List<String> order = new ArrayList<>(rule.revisions());
        for (RunResults r : out) {
          String rev = r.label() == null ? null : r.label().revision();
          if (rev == null) {
            throw new IllegalArgumentException(r.source() + " records no revision: record one with kvbench run"
                + " --revision REV, or order by time (--order time)");
          }
          if (!order.contains(rev)) {
            if (!rule.revisions().isEmpty()) {
              // a commit no longer on the branch (a force push) must not stop CI's gate: named and left out
              warnings.add(r.source() + " records revision " + rev + ", which --revisions does not list: left out"
                  + " (list it to count it)");
              continue;
            }
            order.add(rev);
          }
        }
        out.removeIf(r -> !order.contains(r.label().revision()));
        if (out.isEmpty()) {
          throw new IllegalArgumentException("no run records a revision --revisions lists: give the revisions of"
              + " these runs, oldest first (git rev-list --reverse HEAD)");
        }
        out.sort(Comparator.comparingInt(r -> order.indexOf(r.label().revision())));
      }
    }
    return out;
  }

  private static OffsetDateTime startInstant(RunResults r) {
    try {
      return r.startedAt() == null ? null : OffsetDateTime.parse(r.startedAt());
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** The cell's id less a version part: the version is what a version history orders by, not who the cell is. */
  static String withoutVersion(String cellId) {
    return cellId.replaceAll(" version=\\S+", "");
  }

  /** One series' points and gaps as the runs give them, then its change points. */
  private static final class SeriesBuilder {

    private final String hostClass;
    private final String cell;
    private final String store;
    private final String phase;
    private final List<Series.Point> points = new ArrayList<>();
    private final List<Series.Gap> gaps = new ArrayList<>();
    private final Figure figure;
    private final PrimaryFigure primary;
    private String scenario;

    SeriesBuilder(String hostClass, String cell, String store, String phase, Figure figure, PrimaryFigure primary) {
      this.figure = figure;
      this.primary = primary;
      this.hostClass = hostClass;
      this.cell = cell;
      this.store = store;
      this.phase = phase;
    }

    boolean hasPoints() {
      return !points.isEmpty();
    }

    void addGap(HistoryRun run, CellResult c) {
      gaps.add(new Series.Gap(run, cellEnded(c), c.outcome() == CellResult.Outcome.UNSUPPORTED
          ? Series.GapKind.UNSUPPORTED : Series.GapKind.FAILED));
    }

    /** Why a cell that did not run gives no figure: its outcome and error. */
    private static String cellEnded(CellResult c) {
      return "the cell " + c.outcome().name().toLowerCase(java.util.Locale.ROOT)
          + (c.error() == null ? "" : ": " + c.error());
    }

    void add(HistoryRun run, CellResult c, PhaseResult p, NoisyForks noisy) {
      scenario = run.scenarioName();
      if (c.outcome() != CellResult.Outcome.RAN || p.status() != PhaseStatus.OK) {
        boolean failed = c.outcome() == CellResult.Outcome.FAILED || c.outcome() == CellResult.Outcome.INTERRUPTED
            || p.status() == PhaseStatus.FAILED;
        Series.GapKind kind = failed ? Series.GapKind.FAILED : Series.GapKind.UNSUPPORTED;
        String why = c.outcome() != CellResult.Outcome.RAN ? cellEnded(c)
            : "the phase " + p.status().id() + (p.failure() == null ? "" : ": " + p.failure());
        gaps.add(new Series.Gap(run, why, kind));
        return;
      }
      List<Series.Fork> forks = new ArrayList<>();
      List<Integer> disturbed = p.hostDisturbedForks();
      for (PassResult pass : p.forkMedians()) {
        double perOp = figure.perOp(pass);
        forks.add(new Series.Fork(pass.fork(), perOp, disturbed.contains(pass.fork())));
      }
      double[] counted = Series.Point.counted(forks, noisy == NoisyForks.KEEP);
      if (counted.length == 0) {
        gaps.add(new Series.Gap(run, forks.isEmpty() ? "no fork has a figure" : "the host disturbed every fork"
            + " (--noisy-forks keep counts them)", Series.GapKind.NOISY));
        return;
      }
      points.add(new Series.Point(run, c.libraryVersion(), java.util.Arrays.stream(counted).average().orElseThrow(),
          forks, dev.kvbench.result.FigureTable.valuesOf(c, p)));
    }

    /**
     * A run's capacity at the SLA: each fork's capacity a fork, as time per op (1 / the rate, the
     * history's one direction), so less capacity reads as slower; none held (0) is a gap.
     */
    void addCapacity(HistoryRun run, CellResult first, dev.kvbench.result.RateCurves.Capacity capacity) {
      scenario = run.scenarioName();
      List<Series.Fork> forks = new ArrayList<>();
      for (int i = 0; i < capacity.forkRates().size(); i++) {
        double rate = capacity.forkRates().get(i);
        if (rate > 0) {
          forks.add(new Series.Fork(i + 1, 1e3 / rate, false));
        }
      }
      if (forks.isEmpty()) {
        gaps.add(new Series.Gap(run, "no fork met the SLA at the lowest rate tried", Series.GapKind.FAILED));
        return;
      }
      double[] counted = Series.Point.counted(forks, true);
      points.add(new Series.Point(run, first.libraryVersion(), java.util.Arrays.stream(counted).average().orElseThrow(),
          forks, java.util.Map.of()));
    }

    Series build(EDivisive detector, HistoryRule rule) {
      if (rule.order() == HistoryRule.Order.VERSION) {
        // stable: runs of one version stay in time order
        points.sort((a, b) -> VersionPairs.compareVersions(a.libraryVersion(), b.libraryVersion()));
      }
      boolean keep = rule.noisyForks() == NoisyForks.KEEP;
      List<double[]> observations = points.stream().map(pt -> pt.counted(keep)).toList();
      List<Series.Change> changes = new ArrayList<>();
      for (EDivisive.ChangePoint cp : points.isEmpty() ? List.<EDivisive.ChangePoint>of()
          : detector.changePoints(observations)) {
        Series.Point before = points.get(cp.index() - 1);
        Series.Point after = points.get(cp.index());
        EDivisive.Segments s = cp.segments();
        Series.Direction direction = s.meanAfter() > s.meanBefore() ? Series.Direction.SLOWER
            : Series.Direction.FASTER;
        String bisect = direction == Series.Direction.SLOWER && before.libraryVersion() != null
            && after.libraryVersion() != null && !before.libraryVersion().equals(after.libraryVersion())
            ? "kvbench bisect " + store + " " + (scenario == null ? "SCENARIO" : scenario) + " --good "
                + before.libraryVersion() + " --bad " + after.libraryVersion() + " --phase " + phase
            : null;
        changes.add(new Series.Change(cp.index(), before, after, s.meanBefore(), s.meanAfter(), s.pValue(),
            s.changeLow(), s.changeHigh(), direction, after.run().note(), bisect));
      }
      return new Series(hostClass, scenario, cell, store, phase, points, changes, gaps, primary);
    }
  }
}
