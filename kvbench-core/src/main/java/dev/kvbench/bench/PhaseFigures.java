package dev.kvbench.bench;

import dev.kvbench.measure.LatencySummary;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.Figure;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * One phase of one cell as a program or a test asserts on it: whether it ran and passed
 * verification, its time per op with the spread of its measured passes, how many forks and passes
 * stand behind the figures, and every figure of the run's tables ({@link FigureTable}) by its id.
 * The result document ({@link BenchmarkResult#documentPath()}) holds everything else: every pass,
 * CPU, I/O, noise marks, the latency histograms.
 *
 * @param store the store's id
 * @param cellId the cell's id, e.g. {@code lmdbjava-agrona int rnd 100000x100 batch=all nosync}
 * @param phase the phase's name, e.g. {@code readKey} or {@code custom}
 * @param status whether it ran, was unsupported, or failed
 * @param verified every measured pass's data was checked against what the generators predict
 * @param failure why the phase failed, naming the first bad key; null unless it failed
 * @param note what a reader must know to interpret the figures (e.g. values that cannot be
 *     verified), else null
 * @param ops operations in each measured pass
 * @param nsPerOp nanoseconds per op of the median pass (each fork's median pass, then their median);
 *     for a phase of one op (an open) the pass's time
 * @param passes the measured passes behind the figures: how many, in how many forks, their spread
 * @param latency sampled per-op latency in nanoseconds over the measured passes, null where none was taken
 * @param figures each figure of {@link FigureTable#ROWS} the phase has, by {@link Figure#id()}, in
 *     the table's order: what the run's tables, the reports and the CSV show (a new row appears here
 *     too)
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record PhaseFigures(String store, String cellId, String phase, PhaseStatus status, boolean verified,
    String failure, String note, long ops, double nsPerOp, Passes passes, LatencySummary latency,
    Map<String, Double> figures) {

  /**
   * The measured passes behind a phase's figures.
   *
   * @param forks the forked JVMs (1 for cells run in this JVM) whose passes the figures are made of
   * @param measured the measured passes over all forks
   * @param minMillis the fastest measured pass, in milliseconds
   * @param maxMillis the slowest measured pass, in milliseconds
   * @param opsPerSec ops per second of the median pass
   */
  @API(status = API.Status.STABLE, since = "0.7.0")
  public record Passes(int forks, int measured, double minMillis, double maxMillis, double opsPerSec) {}

  public PhaseFigures {
    figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
  }

  static PhaseFigures of(CellResult cell, PhaseResult p) {
    int forks = (int) Math.max(1, p.passes().stream().mapToInt(pass -> pass.fork()).distinct().count());
    return new PhaseFigures(cell.store(), cell.cellId(), p.phase(), p.status(), p.verified(), p.failure(), p.note(),
        p.ops(), p.nsPerOp(),
        new Passes(forks, p.passes().size(), p.minPassMillis(), p.maxPassMillis(), p.opsPerSec()),
        p.latencyNanos(), FigureTable.valuesOf(cell, p));
  }

  /**
   * The figure of this phase named {@code id} (a column of {@code results.csv}: {@code nsPerOp},
   * {@code cpuNanosPerOp}, {@code allocatedBytesPerOp}, {@code megabytesPerSec}), or null where the
   * phase has none (not recorded, not its kind).
   */
  public Double figure(String id) {
    return figures.get(id);
  }

  /** The forked JVMs whose passes the figures are made of ({@link Passes#forks()}). */
  public int forks() {
    return passes.forks();
  }

  /** The measured passes over all forks ({@link Passes#measured()}). */
  public int measuredPasses() {
    return passes.measured();
  }

  /** The fastest measured pass, in milliseconds. */
  public double minPassMillis() {
    return passes.minMillis();
  }

  /** The slowest measured pass, in milliseconds. */
  public double maxPassMillis() {
    return passes.maxMillis();
  }

  /** Ops per second of the median pass. */
  public double opsPerSec() {
    return passes.opsPerSec();
  }

  /**
   * Heap bytes the measuring threads allocated per op in the median pass (JMH's {@code
   * gc.alloc.rate.norm}; the harness's loop allocates none), null where not counted: the table's
   * {@link FigureTable#ALLOCATED_BYTES_PER_OP}.
   */
  public Double allocatedBytesPerOp() {
    return figure(FigureTable.ALLOCATED_BYTES_PER_OP.id());
  }
}
