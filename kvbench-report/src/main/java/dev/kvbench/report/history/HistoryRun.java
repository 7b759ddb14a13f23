package dev.kvbench.report.history;

/**
 * One run of a history, numbered in the history's order (1 the oldest).
 *
 * @param source the file it was read from
 * @param revision the revision it recorded (kvbench run --revision); null for none
 * @param note its note: recorded (kvbench run --note) or given (history --annotate), both where both; null for
 *     none
 */
public record HistoryRun(int number, String source, String startedAt, String scenarioName, String revision,
    String note, String kvbenchVersion, String host) {

  /** How the run is named in messages: its number, file, and revision where it has one. */
  public String describe() {
    return "run " + number + " (" + source + (revision == null ? "" : ", revision " + revision) + ")";
  }
}
