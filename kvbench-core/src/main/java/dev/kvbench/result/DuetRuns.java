package dev.kvbench.result;

/**
 * Whether a result's figures were measured in duet (jvm.duet: the variants of each workload ran
 * at once, each on CPUs of its own): their ratios hold, their absolute times are not comparable
 * with those of a run whose forks ran alone.
 */
public final class DuetRuns {

  private DuetRuns() {}

  /** What the tables and a comparison say of figures measured in duet. */
  public static final String CAVEAT = "measured in duet (jvm.duet): each workload's variants ran at once, each on"
      + " CPUs of its own (a cell with no variant beside it ran alone), so compare its rows with each other; their"
      + " absolute times are not comparable with a run whose forks ran alone";

  /** Whether the scenario a result document holds as {@code scenarioText} ran in duet; false where it does not read. */
  public static boolean measuredInDuet(String scenarioText) {
    if (scenarioText == null || scenarioText.isBlank()) {
      return false;
    }
    try {
      return new dev.kvbench.scenario.ScenarioFiles().parse(scenarioText, "the result's scenario", "run", null).jvm()
          .duet();
    } catch (RuntimeException unreadable) {
      return false;
    }
  }
}
