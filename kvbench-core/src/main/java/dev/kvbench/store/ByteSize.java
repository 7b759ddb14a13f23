package dev.kvbench.store;

import java.util.Locale;

/** Parses byte sizes written as plain numbers or with a binary suffix (k, m, g, t). */
public final class ByteSize {

  private ByteSize() {}

  public static long parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT).replace("_", "");
    if (t.endsWith("b")) {
      t = t.substring(0, t.length() - 1);
    }
    if (t.endsWith("i")) {
      t = t.substring(0, t.length() - 1);
    }
    int shift = 0;
    if (!t.isEmpty()) {
      switch (t.charAt(t.length() - 1)) {
        case 'k' -> shift = 10;
        case 'm' -> shift = 20;
        case 'g' -> shift = 30;
        case 't' -> shift = 40;
        default -> shift = 0;
      }
    }
    if (shift > 0) {
      t = t.substring(0, t.length() - 1);
    }
    long value;
    try {
      value = Long.parseLong(t);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a size: " + text);
    }
    if (value < 0 || (shift > 0 && value > (Long.MAX_VALUE >> shift))) {
      throw new IllegalArgumentException("size out of range: " + text);
    }
    return value << shift;
  }

  /** {@code bytes} as {@link #parse} reads it back: in the largest binary unit it is a whole number of (4g, 256m), else bytes. */
  public static String text(long bytes) {
    String[] units = {"t", "g", "m", "k"};
    for (int i = 0; i < units.length; i++) {
      int shift = 40 - 10 * i;
      if (bytes != 0 && bytes % (1L << shift) == 0) {
        return (bytes >> shift) + units[i];
      }
    }
    return Long.toString(bytes);
  }
}
