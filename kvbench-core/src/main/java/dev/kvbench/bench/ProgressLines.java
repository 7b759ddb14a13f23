package dev.kvbench.bench;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.FigureTable;
import dev.kvbench.run.CellResults;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.CellParams;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * A run's progress as lines of text for {@link Benchmark#progress}: each cell as it starts, each
 * phase as it ends with its figure, each cell's end where it did not run to the end, and the run's
 * notices and warnings; the events themselves stay kvbench's own ({@link RunListener}).
 */
final class ProgressLines implements RunListener {

  private final Consumer<String> lines;

  ProgressLines(Consumer<String> lines) {
    this.lines = lines;
  }

  @Override
  public void notice(String message) {
    lines.accept(message);
  }

  @Override
  public void warning(String message) {
    lines.accept("warning: " + message);
  }

  @Override
  public void runStarted(int cells, int alreadyDone) {
    lines.accept(cells + (cells == 1 ? " cell" : " cells") + (alreadyDone > 0 ? ", " + alreadyDone + " done" : ""));
  }

  @Override
  public void cellStarted(CellParams cell) {
    lines.accept("cell " + cell.id());
  }

  @Override
  public void phaseFinished(CellParams cell, PhaseResult result) {
    lines.accept("  " + result.phase() + " " + (result.status() != PhaseStatus.OK
        ? result.status().name().toLowerCase(Locale.ROOT) + (result.failure() == null ? "" : ": " + result.failure())
        : perOp(cell, result) + " over " + result.passes().size() + " measured passes"));
  }

  /** The figure table's ns/op; a pass of one op (an open), which has none, by its time. */
  private static String perOp(CellParams cell, PhaseResult result) {
    Double nsPerOp = FigureTable.NS_PER_OP.of(CellResults.parameters(cell), result);
    return nsPerOp == null ? String.format(Locale.ROOT, "%,.1f ms", result.passMillis())
        : FigureTable.NS_PER_OP.format().text(nsPerOp) + " " + FigureTable.NS_PER_OP.unit();
  }

  @Override
  public void cellFinished(CellParams cell, CellResult result) {
    if (result.outcome() != CellResult.Outcome.RAN) {
      lines.accept("  " + result.outcome().id() + (result.error() == null ? "" : ": " + result.error()));
    }
  }
}
