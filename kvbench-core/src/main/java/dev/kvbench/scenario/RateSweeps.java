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
    if (!sla.given()) {
      return;
    }
    if (phases.stream().noneMatch(Phase::threaded)) {
      throw new ScenarioException("/sla", "sla " + sla + " judges the latencies of phases with clients at a target"
          + " rate, and none of this scenario's phases (" + phases.stream().map(Phase::id)
          .collect(java.util.stream.Collectors.joining(", ")) + ") has a latency to judge: add a phase with clients"
          + " (ycsb-a ... ycsb-f, readers, readwhilewriting), or leave the SLA out");
    }
    if (!(s.traffic().rate() > 0) && s.matrix().get(Axes.RATES).stream().noneMatch(r -> r > 0)) {
      throw new ScenarioException("/sla", "sla " + sla + " judges each rate of a sweep, and no rate is given: give"
          + " matrix.rates a list of rates, lowest first (5000, 10000, 20000)");
    }
  }
}
