package dev.kvbench.report;

/**
 * Paths in the commands kvbench suggests (to resume a run, to write a report again), quoted so
 * that a copy and paste runs them as printed, spaces and quotes in a name included.
 */
public final class ShellWords {

  private ShellWords() {}

  /** {@code text} as one POSIX shell word: as it is when it needs no quoting, else in single quotes. */
  public static String quote(String text) {
    if (!text.isEmpty() && text.matches("[A-Za-z0-9_./:=@%+,-]+")) {
      return text;
    }
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
