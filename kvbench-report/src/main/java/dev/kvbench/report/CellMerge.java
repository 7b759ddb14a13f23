package dev.kvbench.report;

import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Puts the same cell measured in several runs (a resumed run, repeats, fleet hosts under {@code
 * --merge}) together as one: the measured passes of all of them, each run's forks counted as
 * forks of their own, the median and range recomputed over those, latency histograms added (so percentiles come from all samples, never from
 * averaging percentiles). A phase that failed anywhere stays failed.
 */
final class CellMerge {

  private CellMerge() {}

  /**
   * What makes two cells the same measurement: store, library version, parameters, settings and the
   * memory limit its JVM ran under (the same cell with and without one measures the page cache, or the
   * device).
   */
  static String identity(CellResult c) {
    return c.store() + " " + c.libraryVersion() + " " + c.parameters() + " " + new TreeMap<>(c.settings())
        + " limit=" + dev.kvbench.summary.RunTables.memoryLimit(c);
  }

  /** {@code cells} with the same identity merged, in order of first appearance. */
  static List<CellResult> mergeSame(List<CellResult> cells) {
    Map<String, List<CellResult>> byIdentity = new LinkedHashMap<>();
    for (CellResult c : cells) {
      byIdentity.computeIfAbsent(identity(c), k -> new ArrayList<>()).add(c);
    }
    List<CellResult> merged = new ArrayList<>();
    byIdentity.values().forEach(same -> merged.add(same.size() == 1 ? same.get(0) : merge(same)));
    return merged;
  }

  static CellResult merge(List<CellResult> same) {
    CellResult first = same.get(0);
    Map<String, List<PhaseResult>> phases = new LinkedHashMap<>();
    for (CellResult c : same) {
      c.phases().forEach(p -> phases.computeIfAbsent(p.phase(), k -> new ArrayList<>()).add(p));
    }
    List<PhaseResult> mergedPhases = new ArrayList<>();
    phases.forEach((name, list) -> mergedPhases.add(mergePhase(name, list)));
    CellResult failed = same.stream().filter(c -> !c.succeeded()).findFirst().orElse(null);
    return new CellResult(first.cellId(), first.store(), first.library(), first.libraryVersion(),
        first.capabilities(), first.settings(), first.nativeSettings(), first.parameters(), mergedPhases,
        first.storage(), failed == null ? first.outcome() : failed.outcome(),
        failed == null ? first.error() : failed.error(), failed == null ? first.diagnostics() : failed.diagnostics(),
        first.libraryJars(), same.stream().flatMap(c -> c.profiles().stream()).toList(), first.placement())
        .withMemory(first.memory());
  }

  private static PhaseResult mergePhase(String name, List<PhaseResult> list) {
    PhaseResult notOk = list.stream().filter(p -> p.status() != PhaseStatus.OK).findFirst().orElse(null);
    if (notOk != null) {
      return notOk;
    }
    // each run's forks are JVMs of their own: numbered on from the runs before (a run whose passes
    // do not say their fork is one fork), so a fork 1 of two runs stays two samples
    List<PassResult> passes = new ArrayList<>();
    int before = 0;
    for (PhaseResult p : list) {
      int offset = before;
      p.passes().forEach(pass -> passes.add(pass.withFork(offset + Math.max(1, pass.fork()))));
      before += Math.max(1, p.passes().stream().mapToInt(PassResult::fork).max().orElse(0));
    }
    Histogram ops = HistogramCodec.sum(list.stream().map(PhaseResult::latencyHistogram).toList());
    Histogram commits = HistogramCodec.sum(list.stream().map(PhaseResult::commitLatencyHistogram).toList());
    PhaseResult.LatencySampling sampling = list.get(0).latencySampling() == null ? null
        : new PhaseResult.LatencySampling(list.get(0).latencySampling().meanInterval(),
            list.stream().filter(p -> p.latencySampling() != null).mapToLong(p -> p.latencySampling().samples()).sum(),
            list.get(0).latencySampling().timerPairNanos());
    boolean verified = list.stream().allMatch(PhaseResult::verified);
    String note = list.stream().map(PhaseResult::note).filter(Objects::nonNull).findFirst().orElse(null);
    return PhaseResult.measured(name, passes, new PhaseResult.Latency(ops, commits, sampling), verified, null, note);
  }
}
