package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * Everything one run measured: what ran (the scenario as YAML, the command), where (the host),
 * every cell, and whether the run completed. Rewritten after every cell from the run's journal
 * ({@link RunJournal}), so a crash loses at most the cell in progress.
 *
 * @param schemaVersion bumped whenever a field changes meaning or is removed; {@link ResultSchemas} says which
 *     older ones are still read, and how
 * @param command the arguments the run was started with, to rerun it
 * @param scenario the scenario that ran, as YAML that {@code kvbench run FILE} reads back
 * @param shard which part of the matrix this run covered, {@code 1/1} for all of it
 * @param completed true once every cell of the run (or shard) has a result
 * @param resumedAt when the run was resumed, if ever
 * @param label the revision and note the user gave the run ({@code --revision}, {@code --note}); null when none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResultDocument(
    int schemaVersion,
    String kvbenchVersion,
    String startedAt,
    String scenarioName,
    long seed,
    List<String> command,
    String scenario,
    String shard,
    Environment environment,
    List<CellResult> cells,
    boolean completed,
    List<String> resumedAt,
    RunLabel label) {

  /** 3: a cell's settings are the store's alone; its library version is {@code libraryVersion} only. */
  public static final int SCHEMA_VERSION = 3;

  public ResultDocument {
    command = command == null ? List.of() : List.copyOf(command);
    cells = cells == null ? List.of() : List.copyOf(cells);
    resumedAt = resumedAt == null ? List.of() : List.copyOf(resumedAt);
  }

  /** A document of a run without a label. */
  public ResultDocument(int schemaVersion, String kvbenchVersion, String startedAt, String scenarioName, long seed,
      List<String> command, String scenario, String shard, Environment environment, List<CellResult> cells,
      boolean completed, List<String> resumedAt) {
    this(schemaVersion, kvbenchVersion, startedAt, scenarioName, seed, command, scenario, shard, environment, cells,
        completed, resumedAt, null);
  }
}
