package dev.kvbench.scenario;

import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import java.util.List;

/** What a scenario's rate sweeps ({@link Axes#RATES}, {@link Axes#WRITER_RATES}) and its SLA ask of a cell and of the scenario. */
final class RateSweeps {

  private RateSweeps() {}

  /** The traffic with the cell's point of the rate sweeps: a swept rate replaces the traffic section's. */
  static Traffic trafficAt(Traffic traffic, AxisValues values) {
    Traffic t = traffic;
    double rate = values.get(Axes.RATES);
    double writerRate = values.get(Axes.WRITER_RATES);
    if (rate > 0) {
      t = t.withRate(rate);
    }
    if (writerRate > 0) {
      t = t.withWriterRate(writerRate);
    }
    return t;
  }

  /**
   * An SLA judges the latencies of threaded phases at a target rate: refused where no phase has
   * clients, or no rate is given (at full speed every point is as fast as it can go, and latency at
   * the highest throughput says nothing of a budget).
   */
  static void requireJudgeable(Scenario s) {
    Sla sla = s.sla();
    List<Phase> phases = s.phases();
    if (s.searchesRates()) {
      requireSearchable(s);
    } else if (!s.search().equals(RateSearch.DEFAULT)) {
      throw new ScenarioException("/ratePrecision", "rateStart and ratePrecision steer the search of rates auto, and the"
          + " rates are not searched: add rates auto (with an sla), or leave them out");
    }
    if (!sla.given()) {
      return;
    }
    if (phases.stream().noneMatch(Phase::threaded)) {
      throw new ScenarioException("/sla", "sla " + sla + " judges the latencies of phases with clients at a target"
          + " rate, and none of this scenario's phases (" + phases.stream().map(Phase::id)
          .collect(java.util.stream.Collectors.joining(", ")) + ") has a latency to judge: add a phase with clients"
          + " (ycsb-a ... ycsb-f, readers, readwhilewriting), or leave the SLA out");
    }
    if (!(s.traffic().rate() > 0) && s.matrix().get(Axes.RATES).stream().noneMatch(r -> r > 0 || r == Axes.AUTO_RATE)) {
      throw new ScenarioException("/sla", "sla " + sla + " judges each rate of a sweep, and no rate is given: give"
          + " matrix.rates a list of rates, lowest first (5000, 10000, 20000)");
    }
  }

  /**
   * A search needs a budget to search against and one phase to judge: the search moves a cell's
   * rate, which every threaded phase of the cell shares, and two phases could want two rates.
   */
  private static void requireSearchable(Scenario s) {
    if (!s.sla().given()) {
      throw new ScenarioException("/sla", "sla: none is given, and rates auto searches for the highest rate that"
          + " meets one: give one, e.g. 'p99<=2ms', or give a list of rates to sweep");
    }
    List<Phase> threaded = s.phases().stream().filter(Phase::threaded).toList();
    if (threaded.size() > 1) {
      throw new ScenarioException("/phases", "rates auto searches one phase's capacity, and "
          + threaded.stream().map(Phase::id).collect(java.util.stream.Collectors.joining(", ")) + " would each want"
          + " their own rates: give one of them (phases " + threaded.get(0).id() + "), or run one search per phase");
    }
  }
}
