package dev.kvbench.result;

import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.scenario.Sla;
import dev.kvbench.stats.Bootstrap;
import dev.kvbench.stats.ForkRatio;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The cells of a rate sweep as throughput-latency curves. The cells of one store, settings and
 * workload that differ only in their target rate are one curve, a point per rate, lowest first.
 * With an SLA each point is judged: met, over the budget, or saturated (the clients achieved under
 * {@link #SATURATED_BELOW} of the offered rate, so its latencies are those of a queue the store
 * could not drain, not the store's latency at that rate). Each fork is judged on its own passes,
 * and its capacity is the highest rate it met with every lower rate met too; a point of several
 * forks is met where most forks' own capacities reach it, so the curve's capacity (its highest met
 * point) is the median of the forks' capacities (the lower of the middle two for an even count), the
 * figure whose bootstrap interval the capacity reports. Latencies count from each op's intended start.
 */
public final class RateCurves {

  private RateCurves() {}

  /** Below this share of the offered rate achieved, a point is saturated. */
  public static final double SATURATED_BELOW = 0.95;

  /** The percentiles a point reports: p50, p90, p99, p99.9 and the largest latency. */
  public static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.9, 100.0);

  /** How a point stands against the SLA. */
  public enum Status {
    /** Every condition held and the clients kept up. */
    MET,
    /** A condition did not hold (the reason names it). */
    OVER_BUDGET,
    /** The achieved rate fell below {@link #SATURATED_BELOW} of the offered one: never a latency of the store's. */
    SATURATED,
    /** The null store saturated at this rate too: the harness's clients could not offer it. */
    HARNESS_LIMITED,
    /** No SLA to judge by. */
    UNJUDGED
  }

  /**
   * A percentile of a point: over every fork's ops, and its 95 % interval across the forks' own
   * (NaN with fewer than 3 forks).
   */
  public record Percentile(String name, long nanos, double lowNanos, double highNanos) {}

  /**
   * One rate of a curve.
   *
   * @param offeredRate the target rate, ops/s over all clients
   * @param achievedRate what the median pass did, ops/s
   * @param forks the forks behind it
   * @param samples the latencies behind its percentiles
   * @param status met where most forks met it and every lower rate (each fork on its own passes);
   *     one fork's or a result without forks' on every op
   * @param why what broke the SLA (the condition and its value, or the rate achieved, and how many
   *     forks broke it); null when met
   */
  public record Point(String cellId, double offeredRate, double achievedRate, int forks, long samples,
      List<Percentile> percentiles, Status status, String why) {}

  /**
   * The capacity at the SLA.
   *
   * @param rate the highest point met, every lower one met too: the median of the forks' own
   *     capacities; 0 when the lowest broke it
   * @param low the low end of the 95 % bootstrap interval of the median of the forks' own capacities
   *     (NaN with fewer than 2 forks): a sweep's rates are a grid, and the interval stays on it
   * @param high its high end
   * @param forkRates each fork's capacity, in fork order
   * @param brokenAt the first point that broke the SLA, null when none did (the capacity is at least the highest rate swept)
   * @param failedAt where the curve has no point above the capacity because a cell failed (its rate
   *     and why), else null
   * @param harnessRate the null store's capacity on the same workload and threads (the load
   *     generator's own ceiling), NaN where the run has no such curve
   * @param stallBound why the SLA broke without a queue (the broken point's p90 within {@link
   *     #QUEUE_AT} times the lowest rate's): a capacity the host's rare stalls set, which varies
   *     from run to run; null where the latency rose with the load
   */
  public record Capacity(double rate, double low, double high, List<Double> forkRates, Point brokenAt,
      double harnessRate, String stallBound, String failedAt) {

    /**
     * A broken point's p90 under this many times the lowest met point's: its clients were not
     * queueing, so what broke the SLA was rare stalls (the host's scheduler, a collector's pause), not the load.
     */
    public static final double QUEUE_AT = 2;

    /** Within this share of the null store's capacity, a store's is the harness's more than its own. */
    public static final double NEAR_HARNESS = 0.8;

    /** Whether the sweep's highest rate met the SLA: the capacity is at least that, not found. */
    public boolean atLeast() {
      return brokenAt == null;
    }

    /** Why the search found no point that broke the SLA: every rate met it, or a cell failed. */
    public String unbroken() {
      return failedAt != null ? "the search stopped: " + failedAt
          : "met at every rate swept: sweep higher rates to find where it breaks";
    }

    /**
     * Whether the capacity comes within {@link #NEAR_HARNESS} of the null store's on the same workload
     * and threads: the load generator's ceiling, not the store's, may be what it measured.
     */
    public boolean nearHarness() {
      return harnessRate > 0 && rate >= NEAR_HARNESS * harnessRate;
    }
  }

  /**
   * A curve: {@code label} names the cells without their rate.
   *
   * @param reference the store keeps nothing (the null store): its curve is the harness's own
   * @param capacity with an SLA, else null
   */
  public record Curve(String store, boolean reference, String label, String phase, List<Point> points,
      Capacity capacity) {}

  /** The curves of {@code cells}' threaded phases at a target rate: two points or more each, or one with an SLA. */
  public static List<Curve> of(List<CellResult> cells, Sla sla) {
    return of(cells, sla, new PointCache());
  }

  /** {@link #of(List, Sla)}, each cell's point judged once for all calls that share {@code cache}. */
  public static List<Curve> of(List<CellResult> cells, Sla sla, PointCache cache) {
    Map<String, List<CellResult>> byCurve = new LinkedHashMap<>();
    Map<String, String> phaseOf = new LinkedHashMap<>();
    Map<String, TreeMap<Double, String>> failures = new LinkedHashMap<>();
    for (CellResult c : cells) {
      failure(c).ifPresent(why -> failures.computeIfAbsent(withoutRate(c.cellId()), k -> new TreeMap<>())
          .put(rateOf(c.cellId()), why));
      for (PhaseResult p : c.phases()) {
        if (p.status() != PhaseStatus.OK || p.threaded() == null || !(p.threaded().targetRate() > 0)) {
          continue;
        }
        String key = withoutRate(c.cellId()) + "\u0000" + p.phase();
        byCurve.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
        phaseOf.put(key, p.phase());
      }
    }
    List<Draft> drafts = new ArrayList<>();
    byCurve.forEach((key, members) -> {
      if (members.size() < 2 && !sla.given()) {
        return;
      }
      String phase = phaseOf.get(key);
      Draft d = new Draft(members.get(0), phase);
      for (CellResult c : members) {
        PhaseResult p = c.phases().stream().filter(x -> x.phase().equals(phase)).findFirst().orElseThrow();
        // keyed by its passes too: a cell given more forks is judged again
        String pointKey = c.cellId() + "\u0000" + phase + "\u0000" + sla + "\u0000" + p.passes().size();
        PointCache.Judged judged = cache.judged(pointKey, () -> {
          List<Histogram> forks = forkHistograms(p);
          return new PointCache.Judged(point(c, p, forks, sla), forkVerdicts(p, forks, sla));
        });
        d.points.put(p.threaded().targetRate(), judged.point());
        d.forkVerdicts.put(p.threaded().targetRate(), judged.forks());
      }
      drafts.add(d);
    });
    // the null store's curve of the same workload is the harness's own: where its clients could not
    // offer a rate, no store's point at that rate says anything of the store
    Map<String, Draft> harness = new LinkedHashMap<>();
    drafts.stream().filter(d -> d.first.reference()).forEach(d -> harness.putIfAbsent(d.workload(), d));
    drafts.forEach(d -> ForkMajority.judge(d.points, d.forkVerdicts));
    List<Curve> curves = new ArrayList<>();
    for (Draft d : drafts) {
      Draft h = d.first.reference() ? null : harness.get(d.workload());
      // the lowest rate the null store's clients could not offer: no higher rate can be offered either
      // (a search's points and the null store's are at different rates above their doublings)
      Point ceiling = h == null ? null : h.points.values().stream().filter(p -> p.status() == Status.SATURATED)
          .findFirst().orElse(null);
      if (ceiling != null && sla.given()) {
        Point hp = ceiling;
        List.copyOf(d.points.tailMap(ceiling.offeredRate(), true).keySet()).forEach(rate -> {
          Point own = d.points.get(rate);
          d.points.put(rate, new Point(own.cellId(), own.offeredRate(), own.achievedRate(), own.forks(),
              own.samples(), own.percentiles(), Status.HARNESS_LIMITED, String.format(java.util.Locale.ROOT,
                  "the harness could not offer it: the null store's clients achieved %,.0f of %,.0f ops/s; give"
                      + " more client threads", hp.achievedRate(), hp.offeredRate())));
          d.forkVerdicts.put(rate, java.util.Collections.nCopies(d.forkVerdicts.get(rate).size(),
              new ForkMajority.Verdict(Status.HARNESS_LIMITED, null)));
        });
      }
      List<Point> ordered = List.copyOf(d.points.values());
      double harnessRate = h == null || !sla.given() ? Double.NaN
          : capacity(List.copyOf(h.points.values()), h.forkVerdicts, Double.NaN, null).rate();
      String failedAt = null;
      TreeMap<Double, String> failed = failures.get(withoutRate(d.first.cellId()));
      if (failed != null && !ordered.isEmpty()) {
        Map.Entry<Double, String> above = failed.higherEntry(ordered.get(ordered.size() - 1).offeredRate());
        failedAt = above == null ? null : String.format(java.util.Locale.ROOT, "the cell at %,.0f ops/s failed: %s",
            above.getKey(), above.getValue());
      }
      curves.add(new Curve(d.first.store(), d.first.reference(), withoutRate(d.first.cellId()), d.phase, ordered,
          sla.given() ? capacity(ordered, d.forkVerdicts, harnessRate, failedAt) : null));
    }
    return curves;
  }

  /** Why a cell at a target rate failed, where it did. */
  private static java.util.Optional<String> failure(CellResult c) {
    if (!RATE_PART.matcher(c.cellId()).find()) {
      return java.util.Optional.empty();
    }
    if (c.outcome() != CellResult.Outcome.RAN) {
      return java.util.Optional.of(c.outcome().name().toLowerCase(java.util.Locale.ROOT)
          + (c.error() == null ? "" : ": " + c.error()));
    }
    return c.phases().stream().filter(p -> p.status() == PhaseStatus.FAILED).findFirst()
        .map(p -> "phase " + p.phase() + (p.failure() == null ? " failed" : ": " + p.failure()));
  }

  /** The target rate a cell id names. */
  private static double rateOf(String cellId) {
    java.util.regex.Matcher m = RATE_PART.matcher(cellId);
    return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
  }

  /** A curve as its points are gathered. */
  private static final class Draft {
    final CellResult first;
    final String phase;
    final TreeMap<Double, Point> points = new TreeMap<>();
    final TreeMap<Double, List<ForkMajority.Verdict>> forkVerdicts = new TreeMap<>();

    Draft(CellResult first, String phase) {
      this.first = first;
      this.phase = phase;
    }

    /** The curve's workload without its store: the null store's curve of it has the same. */
    String workload() {
      String label = withoutRate(first.cellId());
      return (label.startsWith(first.store() + " ") ? label.substring(first.store().length() + 1) : label)
          + "\u0000" + phase;
    }
  }

  /**
   * The SLA the run of {@code doc} was given (its scenario's {@code sla}); none for a document
   * without one, or whose scenario does not read.
   */
  public static Sla slaOf(ResultDocument doc) {
    return slaOf(doc.scenario());
  }

  /** The SLA of the scenario a result document holds as {@code scenarioText}; none where it gives none or does not read. */
  public static Sla slaOf(String scenarioText) {
    if (scenarioText == null || scenarioText.isBlank()) {
      return Sla.NONE;
    }
    try {
      return new dev.kvbench.scenario.ScenarioFiles().parse(scenarioText, "the result's scenario", "run", null).sla();
    } catch (RuntimeException unreadable) {
      return Sla.NONE; // a document of another kvbench's scenario keys: its curves are shown unjudged
    }
  }

  /** A cell id's rate part, the target rate its group 1. */
  private static final java.util.regex.Pattern RATE_PART = java.util.regex.Pattern.compile(" rate=([0-9.Ee+-]+)");

  /** A cell id without its rate part: the cells of one curve share it. */
  static String withoutRate(String cellId) {
    return RATE_PART.matcher(cellId).replaceAll("");
  }

  /** A point of {@code c}'s phase {@code p}, whose forks' latencies are {@code forks}. */
  private static Point point(CellResult c, PhaseResult p, List<Histogram> forks, Sla sla) {
    double offered = p.threaded().targetRate();
    double achieved = p.opsPerSec();
    Histogram all = p.latencyHistogram() == null ? null : HistogramCodec.decode(p.latencyHistogram());
    List<Percentile> percentiles = new ArrayList<>();
    for (double q : PERCENTILES) {
      long merged = all == null ? 0 : Sla.valueAt(all, q);
      double[] interval = ForkRatio.interval(forks.stream().mapToDouble(h -> Sla.valueAt(h, q)).toArray());
      percentiles.add(new Percentile(Sla.percentileName(q), merged, interval == null ? Double.NaN : interval[0],
          interval == null ? Double.NaN : interval[1]));
    }
    Status status = Status.UNJUDGED;
    String why = null;
    if (sla.given()) {
      status = judge(offered, achieved, all, sla);
      why = reason(status, offered, achieved, all, sla);
    }
    return new Point(c.cellId(), offered, achieved, Math.max(1, forks.size()), all == null ? 0 : all.getTotalCount(),
        percentiles, status, why);
  }

  private static Status judge(double offered, double achieved, Histogram latencies, Sla sla) {
    if (achieved < SATURATED_BELOW * offered) {
      return Status.SATURATED;
    }
    return latencies == null || sla.brokenBy(latencies) != null ? Status.OVER_BUDGET : Status.MET;
  }

  private static String reason(Status status, double offered, double achieved, Histogram latencies, Sla sla) {
    return switch (status) {
      case SATURATED -> String.format(java.util.Locale.ROOT, "saturated: achieved %,.0f of %,.0f ops/s offered"
          + " (%.0f %%, under %.0f %%)", achieved, offered, 100 * achieved / offered, 100 * SATURATED_BELOW);
      case OVER_BUDGET -> {
        if (latencies == null) {
          yield "no latencies recorded";
        }
        Sla.Condition c = sla.brokenBy(latencies);
        yield String.format(java.util.Locale.ROOT, "latency: %s %,.1f µs over %s", c.percentileName(),
            c.valueIn(latencies) / 1e3, c.text());
      }
      default -> null;
    };
  }

  /** Each fork's verdict at a point, in fork order; none without an SLA. */
  private static List<ForkMajority.Verdict> forkVerdicts(PhaseResult p, List<Histogram> histograms, Sla sla) {
    List<ForkMajority.Verdict> out = new ArrayList<>();
    if (!sla.given()) {
      return out;
    }
    double offered = p.threaded().targetRate();
    List<PassResult> medians = p.forkMedians();
    for (int i = 0; i < histograms.size() && i < medians.size(); i++) {
      PassResult m = medians.get(i);
      double achieved = m.passMillis() > 0 ? m.ops() * 1e3 / m.passMillis() : 0;
      Status status = judge(offered, achieved, histograms.get(i), sla);
      out.add(new ForkMajority.Verdict(status, reason(status, offered, achieved, histograms.get(i), sla)));
    }
    return out;
  }

  /** Each fork's latencies over its measured passes, in fork order; one for a result without fork numbers. */
  private static List<Histogram> forkHistograms(PhaseResult p) {
    Map<Integer, Histogram> byFork = new TreeMap<>();
    for (PassResult pass : p.passes()) {
      if (pass.latencyHistogram() == null) {
        continue;
      }
      Histogram h = HistogramCodec.decode(pass.latencyHistogram());
      byFork.computeIfAbsent(pass.fork(), f -> new Histogram(h.getHighestTrackableValue(), 3)).add(h);
    }
    return List.copyOf(byFork.values());
  }

  private static Capacity capacity(List<Point> points, TreeMap<Double, List<ForkMajority.Verdict>> forkVerdicts,
      double harnessRate, String failedAt) {
    double rate = 0;
    Point broken = null;
    for (Point pt : points) {
      if (pt.status() != Status.MET) {
        broken = pt;
        break;
      }
      rate = pt.offeredRate();
    }
    int forks = forkVerdicts.values().stream().mapToInt(List::size).min().orElse(0);
    List<Double> forkRates = new ArrayList<>();
    for (int f = 0; f < forks; f++) {
      double own = 0;
      for (Map.Entry<Double, List<ForkMajority.Verdict>> e : forkVerdicts.entrySet()) {
        if (e.getValue().get(f).status() != Status.MET) {
          break;
        }
        own = e.getKey();
      }
      forkRates.add(own);
    }
    // the rates of a sweep are a grid: its forks' capacities are grid points, whose median's bootstrap
    // interval stays on the grid (a t-interval of 20,000, 400,000, 400,000 reaches from 2,000 to 10 million)
    double[] interval = forkRates.size() < 2 ? null
        : Bootstrap.medianInterval(forkRates.stream().mapToDouble(Double::doubleValue).toArray());
    return new Capacity(rate, interval == null ? Double.NaN : interval[0], interval == null ? Double.NaN
        : interval[1], forkRates, broken, harnessRate, stallBound(points, broken), broken == null ? failedAt : null);
  }

  /** Why {@code broken} broke the SLA without a queue, or null: its p90 rose under {@link Capacity#QUEUE_AT} times the lowest met point's. */
  private static String stallBound(List<Point> points, Point broken) {
    Point lowest = points.isEmpty() ? null : points.get(0);
    if (broken == null || broken.status() != Status.OVER_BUDGET || lowest == null || lowest == broken
        || lowest.status() != Status.MET) {
      return null;
    }
    long p90 = broken.percentiles().get(1).nanos();
    long base = lowest.percentiles().get(1).nanos();
    if (p90 >= Capacity.QUEUE_AT * base) {
      return null;
    }
    return String.format(java.util.Locale.ROOT, "broke without a queue: p90 %,.1f µs at %,.0f ops/s, %,.1f µs at"
        + " %,.0f; rare stalls (p99.9 %,.1f µs), not the load, broke the SLA, and such a capacity varies from run to"
        + " run", p90 / 1e3, broken.offeredRate(), base / 1e3, lowest.offeredRate(),
        broken.percentiles().get(3).nanos() / 1e3);
  }
}
