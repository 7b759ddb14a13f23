package dev.kvbench.scenario;

import java.time.Duration;
import java.util.Locale;

/** Durations as a person writes them in a scenario or a flag: {@code 500ms}, {@code 90s}, {@code 30m}, {@code 2h}. */
public final class Durations {

  private Durations() {}

  /** A duration in milliseconds: {@code 500ms}, or anything {@link #parse} reads. */
  public static long millis(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.endsWith("ms")) {
      try {
        return Long.parseLong(t.substring(0, t.length() - 2));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("'" + text + "' is not a duration; write e.g. 500ms, 10s or 5m");
      }
    }
    return parse(text).toMillis();
  }

  /**
   * Durations as {@code 250ms}, {@code 90s}, {@code 30m}, {@code 2h}, hours, minutes and seconds
   * together ({@code 1h30m}), or ISO-8601 ({@code PT30M}).
   */
  public static Duration parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (t.startsWith("pt")) {
        return Duration.parse(t.toUpperCase(Locale.ROOT));
      }
      if (t.endsWith("ms")) {
        return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
      }
      return compound(t);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("'" + text + "' is not a duration; write e.g. 250ms, 90s, 30m or 2h");
    }
  }

  /** Hours, minutes and seconds, each a number and its unit, in that order or any: {@code 1h30m}, {@code 90s}. */
  private static Duration compound(String t) {
    Duration d = Duration.ZERO;
    int at = 0;
    while (at < t.length()) {
      int digits = at;
      while (digits < t.length() && Character.isDigit(t.charAt(digits))) {
        digits++;
      }
      if (digits == at || digits == t.length()) {
        throw new IllegalArgumentException(t);
      }
      long n = Long.parseLong(t.substring(at, digits));
      d = d.plus(switch (t.charAt(digits)) {
        case 's' -> Duration.ofSeconds(n);
        case 'm' -> Duration.ofMinutes(n);
        case 'h' -> Duration.ofHours(n);
        default -> throw new IllegalArgumentException(t);
      });
      at = digits + 1;
    }
    if (d.isZero() && t.isEmpty()) {
      throw new IllegalArgumentException(t);
    }
    return d;
  }

  /** {@code millis} as a person writes it and {@link #millis} reads it back: 10h, 30m, 2s, 1500ms. */
  public static String text(long millis) {
    if (millis % 1000 != 0) {
      return millis + "ms";
    }
    long s = millis / 1000;
    return s % 3600 == 0 && s > 0 ? s / 3600 + "h" : s % 60 == 0 && s > 0 ? s / 60 + "m" : s + "s";
  }
}
