package dev.kvbench.scenario;

import java.util.Locale;

/**
 * What records each forked cell's JVM while it runs, so a difference can be explained: nothing,
 * the JDK's Flight Recorder with its {@code profile} settings (Java samples every 10 ms, native
 * every 20 ms, locks, allocation, GC), or async-profiler (CPU samples every millisecond, Java and
 * native frames, no safepoint bias) written in the Flight Recorder's format. The recording is kept
 * in the run's diagnostics and a report draws a flame graph of the samples taken during measured
 * passes.
 */
public enum Profiler {
  NONE,
  JFR,
  ASYNC;

  /** As the scenario and {@code --profile} write it. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** {@code none}, {@code jfr} or {@code async}; anything else names the choices. */
  public static Profiler parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    for (Profiler p : values()) {
      if (p.id().equals(text.trim().toLowerCase(Locale.ROOT))) {
        return p;
      }
    }
    throw new IllegalArgumentException("'" + text + "' is not one kvbench has: give jfr (the JDK's Flight"
        + " Recorder), async (async-profiler) or none");
  }
}
