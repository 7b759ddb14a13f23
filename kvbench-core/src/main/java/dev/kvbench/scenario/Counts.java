package dev.kvbench.scenario;

import java.util.Locale;

/**
 * Counts as people write them: {@code 1000000}, {@code 1_000_000} or with a decimal suffix
 * {@code 1m}, {@code 100k}, {@code 1g}. A comma never groups digits: everywhere in kvbench it
 * separates the values of a sweep, so {@code --batch-size 100,1000} runs two batch sizes.
 */
public final class Counts {

  private Counts() {}

  /** Parses a count; throws IllegalArgumentException naming the text and the accepted forms. */
  public static long parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT).replace("_", "");
    if (t.contains(",")) {
      throw new IllegalArgumentException("'" + text + "' is not a count: a comma separates the values of a sweep;"
          + " write thousands as 1000000, 1_000_000 or 1m");
    }
    long multiplier = 1;
    if (t.endsWith("k")) {
      multiplier = 1_000;
    } else if (t.endsWith("m")) {
      multiplier = 1_000_000;
    } else if (t.endsWith("g") || t.endsWith("b")) {
      multiplier = 1_000_000_000;
    }
    if (multiplier > 1) {
      t = t.substring(0, t.length() - 1);
    }
    try {
      return Math.multiplyExact(Long.parseLong(t), multiplier);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException("'" + text + "' is not a count (examples: 1000, 100_000, 1m)");
    }
  }

  /** Parses a byte size: a count, or with a binary suffix (4kib, 2mib); plain k/m/g stay decimal. */
  public static int parseBytes(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long multiplier = 1;
    if (t.endsWith("kib")) {
      multiplier = 1024;
    } else if (t.endsWith("mib")) {
      multiplier = 1024 * 1024;
    }
    if (multiplier > 1) {
      t = t.substring(0, t.length() - 3);
    }
    long value = Math.multiplyExact(parse(t), multiplier);
    if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
      throw new IllegalArgumentException("'" + text + "' is more bytes than a value can hold (" + Integer.MAX_VALUE + ")");
    }
    return (int) value;
  }
}
