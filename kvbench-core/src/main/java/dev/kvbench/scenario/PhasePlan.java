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
    if (phases.contains(Phase.CHURN) && phases.stream().anyMatch(Phase::reopens)) {
      throw new ScenarioException("/phases", "churn deletes the loaded keys that open and openCold read back after"
          + " it; run churn in a scenario of its own, or leave out open and openCold");
    }
    if (phases.contains(Phase.REPLAY) && phases.size() > 1) {
      throw new ScenarioException("/phases", "replay runs alone in its cell: its store is loaded from the trace, not"
          + " with the matrix's entries, which " + phases.stream().filter(p -> p != Phase.REPLAY).map(Phase::id)
          .collect(java.util.stream.Collectors.joining(", ")) + " read; run those in a scenario of their own");
    }
    Objects.requireNonNull(passes, "passes");
    if (latencySampleInterval < 1) {
      throw new ScenarioException("/latencySample", "latencySample must be at least 1, got " + latencySampleInterval);
    }
  }

  /** Whether the cell replays a trace: its one phase (replay runs alone), on a store loaded from the trace. */
  public boolean replays() {
    return phases.contains(Phase.REPLAY);
  }

  /**
   * Whether a phase with client threads driven by the cell's threads and traffic (readers,
   * readwhilewriting, ycsb-a ..., sustain, churn) is among them.
   */
  public boolean threaded() {
    return phases.stream().anyMatch(Phase::usesClients);
  }
}
