package dev.kvbench.result;

import java.util.List;

/**
 * The first line of a run's journal: what the run is, before any cell has run.
 *
 * @param scenario the scenario as YAML
 * @param shard the part of the matrix, {@code i/n}
 */
public record RunHeader(
    int schemaVersion,
    String kvbenchVersion,
    String startedAt,
    String scenarioName,
    long seed,
    List<String> command,
    String scenario,
    String shard,
    Environment environment) {

  public RunHeader {
    command = List.copyOf(command);
  }
}
