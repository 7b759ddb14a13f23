package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * The first line of a run's journal: what the run is, before any cell has run.
 *
 * @param run what the run is, as its result document says it too ({@code header.run().seed()} ...)
 * @param workDirectory where the run put its stores; null in journals written before it was recorded
 * @param label the revision and note the user gave the run; null when none was given
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunHeader(@JsonUnwrapped RunIdentity run, Environment environment, WorkDirectory workDirectory,
    RunLabel label) {

  public RunHeader {
    java.util.Objects.requireNonNull(run, "run");
  }

  /** A header from its fields in the order the JSON has them. */
  public RunHeader(int schemaVersion, String kvbenchVersion, String startedAt, String scenarioName, long seed,
      List<String> command, String scenario, String shard, Environment environment, WorkDirectory workDirectory,
      RunLabel label) {
    this(new RunIdentity(schemaVersion, kvbenchVersion, startedAt, scenarioName, seed, List.copyOf(command), scenario,
        shard), environment, workDirectory, label);
  }

  /** A header without a label. */
  public RunHeader(int schemaVersion, String kvbenchVersion, String startedAt, String scenarioName, long seed,
      List<String> command, String scenario, String shard, Environment environment, WorkDirectory workDirectory) {
    this(schemaVersion, kvbenchVersion, startedAt, scenarioName, seed, command, scenario, shard, environment,
        workDirectory, null);
  }

  /** A header that records no work directory (a run whose stores live elsewhere, tests). */
  public RunHeader(int schemaVersion, String kvbenchVersion, String startedAt, String scenarioName, long seed,
      List<String> command, String scenario, String shard, Environment environment) {
    this(schemaVersion, kvbenchVersion, startedAt, scenarioName, seed, command, scenario, shard, environment, null,
        null);
  }
}
