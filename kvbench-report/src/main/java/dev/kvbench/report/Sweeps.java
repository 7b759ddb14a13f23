package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import dev.kvbench.summary.RunTables;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * The numeric parameters a scenario sweeps (value size, batch size, entries): how to read each off
 * a cell and its axis title. A group of cells that sweeps one is drawn over it, as lines, never as
 * bars of unlike things side by side.
 */
final class Sweeps {

  /** In the order a group's sweep is looked for. */
  static final List<String> NAMES = List.of(RunTables.VALUE_SIZE, RunTables.BATCH_SIZE, RunTables.ENTRIES);

  static final Map<String, ToDoubleFunction<CellResult>> VALUE = Map.of(
      RunTables.VALUE_SIZE, c -> c.parameters().valueSize(),
      RunTables.BATCH_SIZE, c -> Math.min(c.parameters().batchSize(), c.parameters().entries()),
      RunTables.ENTRIES, c -> c.parameters().entries());

  static final Map<String, String> TITLE = Map.of(RunTables.VALUE_SIZE, "value size, bytes", RunTables.BATCH_SIZE,
      "batch size, entries per commit", RunTables.ENTRIES, "entries");

  private Sweeps() {}

  /** The numeric parameter the cells of {@code tables} sweep, or null when none varies. */
  static String swept(RunTables tables) {
    return NAMES.stream().filter(tables::varies).findFirst().orElse(null);
  }

  /** The swept values among {@code cells}, smallest first. */
  static TreeSet<Double> values(List<CellResult> cells, String swept) {
    TreeSet<Double> values = new TreeSet<>();
    cells.forEach(c -> values.add(VALUE.get(swept).applyAsDouble(c)));
    return values;
  }

  /** The name of a latency chart of one swept value: one chart per value, its stores as lines. */
  static String latencyChart(String phase, String swept, double value) {
    return phase + "-latency-" + swept + "-" + (long) value;
  }
}
