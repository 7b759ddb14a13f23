package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.Environment;
import dev.kvbench.result.RunLabel;
import java.util.List;

/**
 * One run's results as a report reads them, from a result document or a journal.
 *
 * @param source the file they were read from
 * @param completed false for a run that was interrupted and not resumed to its end
 * @param warnings what reading the files found and skipped (damaged lines, cells that could not be read
 *     right, disagreements between a document and its journal), each naming the file
 * @param label the revision and note the run recorded (kvbench run --revision, --note); null for none
 */
public record RunResults(
    String source,
    String kvbenchVersion,
    String startedAt,
    String scenarioName,
    long seed,
    List<String> command,
    String scenario,
    Environment environment,
    boolean completed,
    List<CellResult> cells,
    List<String> warnings,
    RunLabel label) {

  public RunResults {
    command = command == null ? List.of() : List.copyOf(command);
    cells = List.copyOf(cells);
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }

  /** Results of a run without a label. */
  public RunResults(String source, String kvbenchVersion, String startedAt, String scenarioName, long seed,
      List<String> command, String scenario, Environment environment, boolean completed, List<CellResult> cells,
      List<String> warnings) {
    this(source, kvbenchVersion, startedAt, scenarioName, seed, command, scenario, environment, completed, cells,
        warnings, null);
  }

  /** Results read without anything to warn about. */
  public RunResults(String source, String kvbenchVersion, String startedAt, String scenarioName, long seed,
      List<String> command, String scenario, Environment environment, boolean completed, List<CellResult> cells) {
    this(source, kvbenchVersion, startedAt, scenarioName, seed, command, scenario, environment, completed, cells,
        List.of());
  }

  /** The same results, named by {@code newSource}. */
  public RunResults withSource(String newSource) {
    return new RunResults(newSource, kvbenchVersion, startedAt, scenarioName, seed, command, scenario, environment,
        completed, cells, warnings, label);
  }

  /** The same run with {@code subset} as its cells, named by {@code newSource}. */
  public RunResults withCells(String newSource, List<CellResult> subset) {
    return new RunResults(newSource, kvbenchVersion, startedAt, scenarioName, seed, command, scenario, environment,
        completed, subset, warnings, label);
  }

  /** The host the cells were measured on; results from before hosts were recorded say "unknown". */
  public String host() {
    return environment == null || environment.hostname() == null ? "unknown" : environment.hostname();
  }
}
