package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What a run is, as its journal's first line and its result document both state it (fields of
 * either in the JSON): one record, so the two never drift apart.
 *
 * @param schemaVersion bumped whenever a field changes meaning or is removed; {@link ResultSchemas}
 *     says which older ones are still read, and how
 * @param kvbenchVersion the kvbench that ran it, with its commit
 * @param startedAt when it started (ISO-8601, UTC)
 * @param scenarioName the scenario's name
 * @param seed the seed every random choice of the run flows from
 * @param command the arguments the run was started with, to rerun it
 * @param scenario the scenario that ran, as YAML that {@code kvbench run FILE} reads back
 * @param shard which part of the matrix this run covered, {@code 1/1} for all of it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunIdentity(int schemaVersion, String kvbenchVersion, String startedAt, String scenarioName, long seed,
    List<String> command, String scenario, String shard) {

  public RunIdentity {
    command = command == null ? List.of() : List.copyOf(command);
  }
}
