package dev.kvbench.result;

import java.util.List;

/**
 * The figures every output shows beside a phase's primary one ({@link PrimaryFigure}), one row
 * each: the run's tables (and so the Markdown report's), the HTML report, {@code results.csv}, the
 * JMH JSON and {@code compare --json/--csv} iterate these rows, so a new figure is one row here plus
 * the meter that measures it; the library's {@code PhaseFigures}, the threaded table and the Markdown
 * report's CPU table (the rows of {@link Figure.Scope#EVERY_PHASE}), and history (each run's value,
 * shown beside the judged figure) too. Not judged by compare or history, which judge the phase's own
 * figure ({@link PrimaryFigure}) or a time of its passes; the paging table keeps its own columns.
 */
public final class FigureTable {

  /** The phases whose every op puts or gets one whole entry, key and value: those db_bench gives MB/s for. */
  private static final java.util.Set<String> BYTES_COUNTED = java.util.Set.of("write", "overwrite", "readKey",
      "readSeq", "readRev");

  /** Nanoseconds per op of the median pass; none where a pass is one op (an open), whose time is the figure. */
  public static final Figure NS_PER_OP = new Figure("nsPerOp", "ns/op", "ns/op", Figure.Better.LOWER,
      Figure.Aggregation.MEDIAN_PASS, Figure.Format.ONE_DECIMAL,
      Figure.Scope.FIGURE_TABLES, (parameters, phase, pass) -> pass.ops() > 1 ? pass.nsPerOp() : null);

  /**
   * Process CPU (user + sys, every thread: the store's background threads included) per op; none
   * where not measured or below the clock's tick.
   */
  public static final Figure CPU_NS_PER_OP = new Figure("cpuNanosPerOp", "CPU ns/op", "ns/op", Figure.Better.LOWER,
      Figure.Aggregation.MEDIAN_PASS, Figure.Format.ONE_DECIMAL, Figure.Scope.EVERY_PHASE, (parameters, phase, pass) -> {
        Double perOp = pass.cpuNanosPerOp();
        return perOp != null && perOp > 0 ? perOp : null;
      });

  /**
   * Heap bytes the measuring threads allocated per op, JMH's {@code gc.alloc.rate.norm}: the
   * harness's loop allocates none, so this is the store's per-call allocation.
   */
  public static final Figure ALLOCATED_BYTES_PER_OP = new Figure("allocatedBytesPerOp", "B/op", "B/op",
      Figure.Better.LOWER, Figure.Aggregation.MEDIAN_PASS, Figure.Format.BYTES, Figure.Scope.EVERY_PHASE,
      (parameters, phase, pass) -> pass.allocatedBytesPerOp());

  /**
   * db_bench's MB/s: the key and value bytes each op put or got, over the pass's time, in units of
   * 1,048,576 bytes as db_bench's {@code (bytes_ / 1048576.0) / elapsed}; for the phases where
   * db_bench counts them (fillseq/fillrandom, overwrite, readseq, readreverse, and readrandom as
   * RocksDB's db_bench counts a found key). The workload's bytes, before any codec.
   */
  public static final Figure MEGABYTES_PER_SECOND = new Figure("megabytesPerSec", "MB/s", "MB/s", Figure.Better.HIGHER,
      Figure.Aggregation.MEDIAN_PASS, Figure.Format.ONE_DECIMAL, Figure.Scope.FIGURE_TABLES, (parameters, phase, pass) ->
          BYTES_COUNTED.contains(phase) && parameters != null && pass.passMillis() > 0
              ? pass.ops() * (double) (parameters.keySize() + parameters.valueSize()) / 1_048_576 / (pass.passMillis() / 1e3)
              : null);

  /** Every row, in the order outputs show them. */
  public static final List<Figure> ROWS = List.of(NS_PER_OP, CPU_NS_PER_OP, ALLOCATED_BYTES_PER_OP,
      MEGABYTES_PER_SECOND);

  /**
   * Each row's value for {@code phase} of {@code cell}, by the row's id, in the table's order; the
   * rows the phase has none of are left out: what the library's figures and history's points carry.
   */
  public static java.util.Map<String, Double> valuesOf(CellResult cell, PhaseResult phase) {
    java.util.Map<String, Double> values = new java.util.LinkedHashMap<>();
    for (Figure row : ROWS) {
      Double value = row.of(cell, phase);
      if (value != null) {
        values.put(row.id(), value);
      }
    }
    return values;
  }

  /** The rows the tables of every phase show ({@link Figure.Scope#EVERY_PHASE}): the threaded and CPU tables' columns. */
  public static List<Figure> everyPhase() {
    return ROWS.stream().filter(f -> f.scope() == Figure.Scope.EVERY_PHASE).toList();
  }

  private FigureTable() {}
}
