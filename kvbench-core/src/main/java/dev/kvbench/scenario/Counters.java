package dev.kvbench.scenario;

/**
 * Whether forked cells run under {@code perf stat} to count hardware events per op ({@code
 * --counters}), and which {@code perf} does it: {@link #OFF}, or a command ({@code perf}, found on
 * the PATH, or a path).
 *
 * @param perf the perf executable; empty when off
 */
public record Counters(String perf) {

  /** No counting. */
  public static final Counters OFF = new Counters("");

  /** The perf on the PATH. */
  public static final Counters PERF = new Counters("perf");

  public Counters {
    perf = perf == null ? "" : perf.trim();
  }

  public boolean on() {
    return !perf.isEmpty();
  }

  /** {@code off}, {@code perf} or a perf executable's path, as a scenario file writes it. */
  public static Counters parse(String text) {
    if (text == null || text.isBlank() || text.trim().equals("off")) {
      return OFF;
    }
    return new Counters(text.trim());
  }

  /** As a scenario file writes it. */
  public String text() {
    return on() ? perf : "off";
  }
}
