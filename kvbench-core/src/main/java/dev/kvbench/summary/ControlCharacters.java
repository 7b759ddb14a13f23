package dev.kvbench.summary;

/**
 * Text from a result file (a revision, a note, a scenario's name, a cell's id) said where a reader
 * sees it: a terminal, a Markdown page. Anyone who supplies a result (a CI artifact, a results
 * branch) must not drive the reader's terminal: {@code ESC[2J} clears it, {@code ESC]0;...BEL}
 * retitles it. Control characters but the line break and the tab are shown as {@code \x1b}, the
 * way a reader can see them, never sent.
 */
public final class ControlCharacters {

  private ControlCharacters() {}

  /** Whether {@code c} is a control character a terminal may act on: C0 but the line break and tab, DEL, C1. */
  public static boolean acted(char c) {
    return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
  }

  /** {@code text} with every control character a terminal acts on written as {@code \xHH}; null stays null. */
  public static String escape(String text) {
    if (text == null || text.chars().noneMatch(c -> acted((char) c))) {
      return text;
    }
    StringBuilder b = new StringBuilder(text.length() + 8);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (acted(c)) {
        b.append(String.format(java.util.Locale.ROOT, "\\x%02x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  /** The first control character of {@code text} a terminal acts on, or the line break, said; null for none. */
  public static String firstIn(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (acted(c) || c == '\n' || c == '\r') {
        return c == '\n' ? "a line break" : String.format(java.util.Locale.ROOT, "the control character \\x%02x", (int) c);
      }
    }
    return null;
  }
}
