package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * Everything one run measured: what ran (the scenario as YAML, the command), where (the host),
 * every cell, and whether the run completed. Rewritten after every cell from the run's journal
 * ({@link RunJournal}), so a crash loses at most the cell in progress.
 *
 * @param run what the run is: schema, kvbench version, start, scenario, seed, command, shard
 * @param completed true once every cell of the run (or shard) has a result
 * @param resumedAt when the run was resumed, if ever
 * @param label the revision and note the user gave the run ({@code --revision}, {@code --note}); null when none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResultDocument(
    @JsonUnwrapped RunIdentity run,
    Environment environment,
    List<CellResult> cells,
    boolean completed,
    List<String> resumedAt,
    RunLabel label) {

  /** 3: a cell's settings are the store's alone; its library version is {@code libraryVersion} only. */
  public static final int SCHEMA_VERSION = 3;

  public ResultDocument {
    run = run == null ? new RunIdentity(0, null, null, null, 0, List.of(), null, null) : run;
    cells = cells == null ? List.of() : List.copyOf(cells);
    resumedAt = resumedAt == null ? List.of() : List.copyOf(resumedAt);
  }

  /** A document from its fields in the order the JSON has them. */
  public ResultDocument(int schemaVersion, String kvbenchVersion, String startedAt, String scenarioName, long seed,
      List<String> command, String scenario, String shard, Environment environment, List<CellResult> cells,
      boolean completed, List<String> resumedAt, RunLabel label) {
    this(new RunIdentity(schemaVersion, kvbenchVersion, startedAt, scenarioName, seed, command, scenario, shard),
        environment, cells, completed, resumedAt, label);
  }

  /** A document of a run without a label. */
  public ResultDocument(int schemaVersion, String kvbenchVersion, String startedAt, String scenarioName, long seed,
      List<String> command, String scenario, String shard, Environment environment, List<CellResult> cells,
      boolean completed, List<String> resumedAt) {
    this(schemaVersion, kvbenchVersion, startedAt, scenarioName, seed, command, scenario, shard, environment, cells,
        completed, resumedAt, null);
  }

  public int schemaVersion() {
    return run.schemaVersion();
  }

  public String kvbenchVersion() {
    return run.kvbenchVersion();
  }

  public String startedAt() {
    return run.startedAt();
  }

  public String scenarioName() {
    return run.scenarioName();
  }

  public long seed() {
    return run.seed();
  }

  public List<String> command() {
    return run.command();
  }

  public String scenario() {
    return run.scenario();
  }

  public String shard() {
    return run.shard();
  }
}
