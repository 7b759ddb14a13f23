package dev.kvbench.scenario;

import java.util.Locale;

/**
 * What records each forked cell's JVM while it runs, so a difference can be explained: nothing, or
 * the JDK's Flight Recorder with its {@code profile} settings (method samples every 10 ms, locks,
 * allocation, GC). The recording is kept in the run's diagnostics and a report draws a flame graph
 * of the samples taken during measured passes.
 */
public enum Profiler {
  NONE,
  JFR;

  /** As the scenario and {@code --profile} write it. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** {@code none} or {@code jfr}; anything else names the choices. */
  public static Profiler parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    for (Profiler p : values()) {
      if (p.id().equals(text.trim().toLowerCase(Locale.ROOT))) {
        return p;
      }
    }
    throw new IllegalArgumentException("profile '" + text + "' is not one kvbench has: give jfr (the JDK's Flight"
        + " Recorder) or none");
  }
}
