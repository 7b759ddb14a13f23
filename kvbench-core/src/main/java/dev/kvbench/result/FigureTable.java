package dev.kvbench.result;

import java.util.List;

/**
 * The figures every output shows beside a phase's primary one ({@link PrimaryFigure}), one row
 * each: the run's tables (and so the Markdown report's), the HTML report, {@code results.csv}, the
 * JMH JSON and {@code compare --json/--csv} iterate these rows, so a new figure is one row here plus
 * the meter that measures it. Not yet: the library's {@code PhaseFigures}, history's series (which
 * follow the primary figure only) and the threaded and paging tables' own columns.
 */
public final class FigureTable {

  /** Nanoseconds per op of the median pass; none where a pass is one op (an open), whose time is the figure. */
  public static final Figure NS_PER_OP = new Figure("nsPerOp", "ns/op", "ns/op", Figure.Better.LOWER,
      Figure.Aggregation.MEDIAN_PASS, Figure.Format.ONE_DECIMAL,
      (parameters, phase, pass) -> pass.ops() > 1 ? pass.nsPerOp() : null);

  /**
   * Process CPU (user + sys, every thread: the store's background threads included) per op; none
   * where not measured or below the clock's tick.
   */
  public static final Figure CPU_NS_PER_OP = new Figure("cpuNanosPerOp", "CPU ns/op", "ns/op", Figure.Better.LOWER,
      Figure.Aggregation.MEDIAN_PASS, Figure.Format.ONE_DECIMAL, (parameters, phase, pass) -> {
        if (pass.cpu() == null || pass.ops() == 0) {
          return null;
        }
        double perOp = (pass.cpu().userMillis() + pass.cpu().sysMillis()) * 1e6 / pass.ops();
        return perOp > 0 ? perOp : null;
      });

  /**
   * Heap bytes the measuring threads allocated per op, JMH's {@code gc.alloc.rate.norm}: the
   * harness's loop allocates none, so this is the store's per-call allocation.
   */
  public static final Figure ALLOCATED_BYTES_PER_OP = new Figure("allocatedBytesPerOp", "B/op", "B/op",
      Figure.Better.LOWER, Figure.Aggregation.MEDIAN_PASS, Figure.Format.BYTES,
      (parameters, phase, pass) -> pass.allocatedBytesPerOp());

  /** Every row, in the order outputs show them. */
  public static final List<Figure> ROWS = List.of(NS_PER_OP, CPU_NS_PER_OP, ALLOCATED_BYTES_PER_OP);

  private FigureTable() {}
}
