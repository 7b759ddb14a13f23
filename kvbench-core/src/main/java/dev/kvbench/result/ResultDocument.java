package dev.kvbench.result;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything one run measured. Written after every cell, so a crash loses at most the cell in
 * progress.
 *
 * @param schemaVersion bumped whenever a field changes meaning or is removed
 * @param command the arguments the run was started with, to rerun it
 */
public record ResultDocument(
    int schemaVersion,
    String kvbenchVersion,
    String startedAt,
    long seed,
    List<String> command,
    Environment environment,
    List<CellResult> cells) {

  public static final int SCHEMA_VERSION = 1;

  public ResultDocument {
    command = List.copyOf(command);
    cells = List.copyOf(cells);
  }

  public ResultDocument withCell(CellResult cell) {
    List<CellResult> more = new ArrayList<>(cells);
    more.add(cell);
    return new ResultDocument(schemaVersion, kvbenchVersion, startedAt, seed, command, environment, more);
  }
}
