package dev.kvbench.bench;

import dev.kvbench.measure.LatencySummary;
import dev.kvbench.summary.RunSummary;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.runner.ScenarioRunner;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * What a {@link Benchmark} run left: the result document on disk (for {@code kvbench report} and
 * {@code kvbench compare}, and for every figure this class does not give), its tables, and the
 * figures a test asserts on.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class BenchmarkResult {

  private final ScenarioRunner.RunOutcome outcome;

  BenchmarkResult(ScenarioRunner.RunOutcome outcome) {
    this.outcome = outcome;
  }

  /** Every cell's result, as the JSON file holds it: kvbench's own (the file is the published form). */
  ResultDocument document() {
    return outcome.document();
  }

  /** The result JSON on disk: every figure of every pass; {@code docs/results.md} describes its fields. */
  public Path documentPath() {
    return outcome.documentPath();
  }

  /** Whether every cell ran to the end and every phase it ran passed verification. */
  public boolean succeeded() {
    return outcome.succeeded();
  }

  /**
   * This result when {@link #succeeded()}; otherwise throws {@link BenchmarkFailedException} naming
   * each cell that did not run to the end and each phase that failed, with why. A program's {@code
   * main} that ends with it exits non-zero when a store failed, so a CI built on it cannot pass
   * silently.
   */
  public BenchmarkResult requireSucceeded() {
    if (succeeded()) {
      return this;
    }
    List<String> failures = new java.util.ArrayList<>(RunSummary.failures(document().cells()));
    if (!document().cells().isEmpty() && !outcome.measuredSomething()) {
      failures.add("nothing was measured: every cell or phase was unsupported");
    }
    throw new BenchmarkFailedException(failures, documentPath());
  }

  /** The text tables {@code kvbench run} prints at the end. */
  public String tables() {
    return RunSummary.of(document());
  }

  /**
   * The capacity of {@code storeId}'s {@code phase} at the run's SLA ({@link Benchmark#sla}) over its
   * rate sweep ({@link Benchmark#rates}): the highest rate, ops/s, that met it with every lower rate
   * met too (0 when the lowest broke it); empty without an SLA or a sweep of that phase.
   */
  public java.util.OptionalDouble capacity(String storeId, String phase) {
    ResultDocument doc = document();
    return dev.kvbench.result.RateCurves.of(doc.cells(), dev.kvbench.result.RateCurves.slaOf(doc)).stream()
        .filter(c -> c.store().equals(storeId) && c.phase().equals(phase) && c.capacity() != null)
        .mapToDouble(c -> c.capacity().rate()).findFirst();
  }

  /** The cells of {@code storeId}, in run order (one per key order, setting and so on): kvbench's own. */
  List<CellResult> cells(String storeId) {
    return document().cells().stream().filter(c -> c.store().equals(storeId)).toList();
  }

  /** Every phase of every cell of {@code storeId}, in run order. */
  public List<PhaseFigures> phases(String storeId) {
    return cells(storeId).stream()
        .flatMap(c -> c.phases().stream().map(p -> PhaseFigures.of(c, p))).toList();
  }

  /** The phase {@code phase} of the first cell of {@code storeId} that ran it. */
  public Optional<PhaseFigures> phase(String storeId, String phase) {
    return phases(storeId).stream().filter(p -> p.phase().equals(phase)).findFirst();
  }

  /** The phase's whole result as the document holds it: kvbench's own, for its tests. */
  Optional<dev.kvbench.result.PhaseResult> phaseResult(String storeId, String phase) {
    return cells(storeId).stream().flatMap(c -> c.phases().stream()).filter(p -> p.phase().equals(phase)).findFirst();
  }

  /**
   * The latency percentiles of operation {@code operation} (a custom operation's name, or a built-in
   * one such as {@code read}) in the custom or threaded phase of {@code storeId}'s first cell.
   */
  public Optional<LatencySummary> latency(String storeId, String operation) {
    return cells(storeId).stream().flatMap(c -> c.phases().stream())
        .filter(p -> p.threaded() != null && p.threaded().latencyNanosByOperation() != null)
        .map(p -> p.threaded().latencyNanosByOperation().get(operation)).filter(java.util.Objects::nonNull).findFirst();
  }
}
