package dev.kvbench.result;

import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.result.CellResult.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/** The results of one cell's forks (fresh JVMs) made into the cell's one result. */
public final class ForkMerge {

  private ForkMerge() {}

  /**
   * One result from the forks of a cell, in the order they ran: each phase's passes from every
   * fork together, each marked with its fork (the figure is the median of the forks' medians),
   * latency histograms added (a threaded phase's per operation too), storage from the last fork (with
   * every fork's bytes after close beside it);
   * what only one fork can say (a threaded phase's per-thread rates, writer and service times,
   * the amplification of the median pass) from the fork whose median pass is the figure. A fork
   * that did not run to the end is the cell's result.
   */
  public static CellResult combine(List<CellResult> forks) {
    // every fork's recording, numbered as its passes are
    List<ProfileRecording> profiles = new ArrayList<>();
    for (int i = 0; i < forks.size(); i++) {
      for (ProfileRecording r : forks.get(i).profiles()) {
        profiles.add(r.ofFork(i + 1));
      }
    }
    CellResult last = forks.get(forks.size() - 1);
    if (last.outcome() != Outcome.RAN) {
      return last.withProfiles(profiles);
    }
    if (forks.size() == 1) {
      return last.withPhases(last.phases().stream().map(p -> p.ofFork(1)).toList()).withProfiles(profiles);
    }
    Map<String, List<PhaseResult>> byPhase = new LinkedHashMap<>();
    for (int i = 0; i < forks.size(); i++) {
      for (PhaseResult p : forks.get(i).phases()) {
        byPhase.computeIfAbsent(p.phase(), k -> new ArrayList<>()).add(p.ofFork(i + 1));
      }
    }
    List<PhaseResult> phases = new ArrayList<>();
    for (Map.Entry<String, List<PhaseResult>> e : byPhase.entrySet()) {
      List<PhaseResult> runs = e.getValue();
      PhaseResult failed = runs.stream().filter(p -> p.status() != PhaseStatus.OK).findFirst().orElse(null);
      if (failed != null) {
        phases.add(failed);
        continue;
      }
      List<PassResult> passes = new ArrayList<>();
      runs.forEach(p -> passes.addAll(p.passes()));
      PhaseResult first = runs.get(0);
      PhaseResult merged = PhaseResult.measured(e.getKey(), passes,
          new PhaseResult.Latency(merge(runs, PhaseResult::latencyHistogram),
              merge(runs, PhaseResult::commitLatencyHistogram), first.latencySampling()),
          runs.stream().allMatch(PhaseResult::verified), null, first.note());
      // runs are in fork order and fork i's passes carry number i
      PhaseResult figureFork = runs.get(merged.medianPass().fork() - 1);
      if (figureFork.threaded() != null) {
        merged = merged.withThreaded(threaded(runs, figureFork.threaded()));
      }
      for (Amplification a : figureFork.amplification()) {
        merged = merged.withAmplification(a);
      }
      phases.add(merged);
    }
    return new CellResult(last.cellId(), last.store(), last.library(), last.libraryVersion(), last.capabilities(),
        last.settings(), last.nativeSettings(), last.parameters(), phases, storageOf(forks), Outcome.RAN, null, null,
        last.libraryJars(), profiles, last.placement()).withMemory(last.memory());
  }

  /** The last fork's storage with every fork's bytes after close beside it; null where the last has none. */
  private static StorageResult storageOf(List<CellResult> forks) {
    StorageResult last = forks.get(forks.size() - 1).storage();
    return last == null ? null : last.withForks(forks.stream().map(CellResult::storage)
        .filter(java.util.Objects::nonNull).map(s -> s.allocatedBytes().afterClose()).toList());
  }

  /** {@code figure}'s threaded figures, the latency of each operation summed over every fork. */
  private static ThreadedFigures threaded(List<PhaseResult> runs, ThreadedFigures figure) {
    Map<String, LatencySummary> summaries = new LinkedHashMap<>();
    Map<String, String> histograms = new LinkedHashMap<>();
    Map<String, String> own = figure.latencyHistogramByOperation() == null ? Map.of()
        : figure.latencyHistogramByOperation();
    for (String op : own.keySet()) {
      Histogram all = HistogramCodec.sum(runs.stream()
          .filter(r -> r.threaded() != null && r.threaded().latencyHistogramByOperation() != null)
          .map(r -> r.threaded().latencyHistogramByOperation().get(op)).toList());
      if (all == null) {
        continue;
      }
      summaries.put(op, LatencySummary.of(all));
      histograms.put(op, HistogramCodec.encode(all));
    }
    return new ThreadedFigures(figure.threads(), figure.perThread(), summaries.isEmpty()
        ? figure.latencyNanosByOperation() : summaries, histograms.isEmpty() ? figure.latencyHistogramByOperation()
        : histograms, figure.serviceNanosByOperation(), figure.latencyMeasuredFrom(), figure.targetRate(),
        figure.achievedRate(), figure.writer(), figure.requestDistribution());
  }

  private static Histogram merge(List<PhaseResult> runs, Function<PhaseResult, String> field) {
    return HistogramCodec.sum(runs.stream().map(field).toList());
  }

}
