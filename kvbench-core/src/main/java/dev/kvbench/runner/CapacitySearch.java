package dev.kvbench.runner;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.RateCurves;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.RateSearch;
import dev.kvbench.scenario.Sla;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code --rate auto}: the rates of each cell's curve, one step at a time. A step is every
 * curve's next point; its cells run as any run's do (round by round, the stores' forks
 * interleaved, so capacities compare paired), and the next step is chosen from what they
 * measured. Each curve's next rate follows from its own points alone ({@link RateSearch#next}), so
 * a resumed run, replaying the finished points, takes the same steps.
 */
final class CapacitySearch {

  /** Where one curve's search stands. */
  record Curve(CellParams template, List<CellParams> points, CellParams next, RateSearch.Ending ending,
      String stoppedBy) {}

  private final RateSearch search;
  private final Sla sla;
  private final List<CellParams> templates;
  // each finished point judged once: curves() judges every curve's prefixes again at every step
  private final dev.kvbench.result.PointCache judged = new dev.kvbench.result.PointCache();

  /** The search of {@code templates}' curves (the scenario's cells, expanded at no rate). */
  CapacitySearch(RateSearch search, Sla sla, List<CellParams> templates) {
    this.search = search;
    this.sla = sla;
    this.templates = List.copyOf(templates);
  }

  /**
   * Runs the search's steps until every curve's search has ended, each step's points round by
   * round as any run's cells are; returns whether it completed (false when the run was stopped).
   */
  boolean run(ForkRounds rounds, dev.kvbench.result.RunJournal j, dev.kvbench.run.RunListener listener)
      throws java.io.IOException {
    listener.notice("rates: searched for the highest that meets " + sla + ", " + search + ", at most "
        + search.maxPoints() + " points a curve (" + templates.size() + " curve" + (templates.size() == 1 ? "" : "s")
        + ")");
    java.util.Set<String> ended = new java.util.HashSet<>(j.finishedCells().keySet());
    java.util.Set<String> told = new java.util.HashSet<>();
    for (int step = 1; ; step++) {
      Map<String, CellResult> finished = j.finishedCells();
      List<Curve> curves = curves(finished);
      for (Curve c : curves) {
        if (c.next() == null && told.add(c.template().id())) {
          listener.notice("search: " + describe(c));
        }
      }
      j.orderCells(order(finished));
      List<CellParams> next = curves.stream().map(Curve::next).filter(java.util.Objects::nonNull).toList();
      if (next.isEmpty()) {
        return true;
      }
      listener.notice("search step " + step + ": " + next.stream().map(c -> c.storeId() + " " + rate(c.load()
          .traffic().rate())).collect(java.util.stream.Collectors.joining(", ")) + " ops/s");
      listener.runStarted(next.size(), 0);
      if (!rounds.run(next, ended)) {
        return false;
      }
    }
  }

  /** Each curve's state, given the cells that have a result. */
  List<Curve> curves(Map<String, CellResult> finished) {
    List<Curve> out = new ArrayList<>();
    for (CellParams t : templates) {
      TreeMap<Double, Boolean> met = new TreeMap<>();
      List<CellResult> seen = new ArrayList<>();
      List<CellParams> points = new ArrayList<>();
      CellParams next = null;
      RateSearch.Ending ending = null;
      String stoppedBy = null;
      while (true) {
        RateSearch.Next n = search.next(met);
        if (n.ended()) {
          ending = n.ending();
          break;
        }
        CellParams point = t.atRate(n.rate());
        CellResult r = finished.get(point.id());
        if (r == null) {
          next = point;
          break;
        }
        points.add(point);
        seen.add(r);
        TreeMap<Double, Boolean> verdicts = metAt(seen);
        if (verdicts == null) {
          stoppedBy = r.outcome() == CellResult.Outcome.RAN ? "its phase did not run at " + rate(n.rate())
              + " ops/s" : "the cell " + r.outcome().name().toLowerCase(Locale.ROOT) + " at " + rate(n.rate())
              + " ops/s" + (r.error() == null ? "" : ": " + r.error());
          break;
        }
        met = verdicts;
      }
      out.add(new Curve(t, points, next, ending, stoppedBy));
    }
    return out;
  }

  /** Every point so far and the next step's, a curve's points together, lowest rate first: the document's cell order. */
  List<String> order(Map<String, CellResult> finished) {
    List<String> ids = new ArrayList<>();
    for (Curve c : curves(finished)) {
      List<CellParams> all = new ArrayList<>(c.points());
      if (c.next() != null) {
        all.add(c.next());
      }
      all.sort(java.util.Comparator.comparingDouble(p -> p.load().traffic().rate()));
      all.forEach(p -> ids.add(p.id()));
    }
    return ids;
  }

  /**
   * Whether each point of a curve so far met the SLA, its clients keeping up, by its rate; null when
   * the newest has no curve's point to judge (the cell failed, or its phase did not run). Judged as
   * the curve's table judges it (by its forks: a point is met where most forks met it and every
   * lower rate, so a new lower point can turn a higher one), and on the curve's own forks, not
   * against the null store's curve: the harness's limit is marked on reading, not steered by.
   */
  private TreeMap<Double, Boolean> metAt(List<CellResult> seen) {
    CellResult newest = seen.get(seen.size() - 1);
    if (newest.outcome() != CellResult.Outcome.RAN) {
      return null;
    }
    List<RateCurves.Curve> curves = RateCurves.of(seen, sla, judged);
    if (curves.isEmpty() || curves.get(0).points().size() != seen.size()) {
      return null;
    }
    TreeMap<Double, Boolean> met = new TreeMap<>();
    curves.get(0).points().forEach(p -> met.put(p.offeredRate(), p.status() == RateCurves.Status.MET));
    return met;
  }

  /** A line per curve that ended: where it ended and why; for the run's log. */
  static String describe(Curve c) {
    String id = c.template().id();
    if (c.stoppedBy() != null) {
      return id + ": search stopped, " + c.stoppedBy();
    }
    return String.format(Locale.ROOT, "%s: %d points, %s", id, c.points().size(), c.ending().text());
  }

  private static String rate(double r) {
    return String.format(Locale.ROOT, "%,.0f", r);
  }
}
