package dev.kvbench.scenario;

import dev.kvbench.workload.Phase;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;

/**
 * What a cell measures and how often: its phases, the passes of each, and how densely latencies
 * are sampled.
 *
 * @param phases the phases to report, in the order they run
 * @param passes warm-up and measured passes of every phase: read passes repeat on the loaded
 *     store; the write phase warms up on scratch stores of up to {@link CellParams#WARMUP_WRITE_ENTRIES}
 *     entries and loads a fresh store for each measured pass
 * @param latencySampleInterval about one op in this many is timed for the latency histogram
 */
public record PhasePlan(List<Phase> phases, PassPlan passes, int latencySampleInterval) {

  public PhasePlan {
    if (phases.isEmpty()) {
      throw new ScenarioException("/phases", "phases must name at least one phase: " + Phase.ids());
    }
    phases = List.copyOf(EnumSet.copyOf(phases));
    Objects.requireNonNull(passes, "passes");
    if (latencySampleInterval < 1) {
      throw new ScenarioException("/latencySample", "latencySample must be at least 1, got " + latencySampleInterval);
    }
  }

  /** Whether a threaded phase (readers, readwhilewriting, ycsb-a ...) is among them. */
  public boolean threaded() {
    return phases.stream().anyMatch(Phase::threaded);
  }
}
