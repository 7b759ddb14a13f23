package dev.kvbench.run;

import java.util.Locale;

/**
 * Which pass of which phase is running, for progress: {@code readKey warm-up 2}, {@code readKey
 * pass 1/3}, {@code load}, {@code readKey verify}.
 *
 * @param phase the phase id, or {@code load} for the untimed load when write is not reported
 * @param number 1-based number of this pass among its kind
 * @param of how many passes of this kind there are (0 when a warm-up's count is not known)
 */
public record PassLabel(String phase, Kind kind, int number, int of) {

  /** What a pass is for. */
  public enum Kind {
    WARMUP,
    MEASURED,
    LOAD,
    /** The untimed pass that checks the bytes a phase's timed passes do not read. */
    VERIFY
  }

  @Override
  public String toString() {
    return switch (kind) {
      case WARMUP -> String.format(Locale.ROOT, "%s warm-up %d", phase, number);
      case MEASURED -> String.format(Locale.ROOT, "%s pass %d/%d", phase, number, of);
      case LOAD -> phase;
      case VERIFY -> phase + " verify";
    };
  }
}
