package dev.kvbench.scenario;

/**
 * A scenario as read from a preset or a file, parsed but not yet checked against the stores nor
 * expanded, with the text it came from: a run expands it once, with its flags applied, and a
 * problem that expansion finds in the scenario as written is placed at its file, line and column.
 *
 * @param origin the file name, or {@code preset NAME}
 */
public record ScenarioSource(Scenario scenario, String text, String origin) {

  /** {@code problem}, found when this scenario was expanded, at the file, line and column of its field. */
  public ScenarioException placed(ScenarioException problem) {
    return ScenarioFiles.placed(problem, text, origin);
  }

  /**
   * {@code problem}, found when this scenario was expanded with {@code overrides} applied: placed at
   * its line when its field is the scenario's as written, else named by its field alone (a change
   * replaced that field, and the file's line would mislead).
   */
  public ScenarioException explained(ScenarioException problem, ScenarioOverrides overrides) {
    if (!overrides.changes(problem.pointer())) {
      return placed(problem);
    }
    return new ScenarioException(problem.namingItsField(), problem);
  }
}
