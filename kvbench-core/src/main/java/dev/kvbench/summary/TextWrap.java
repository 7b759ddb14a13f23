package dev.kvbench.summary;

/** Prose for a terminal: lines broken between words to fit a width, so a legend never runs off the page. */
public final class TextWrap {

  private TextWrap() {}

  /**
   * {@code text} with each of its lines broken at word boundaries to at most {@code width} columns,
   * continuation lines indented by that line's own indent and {@code indent} more; a word longer than
   * the width stays whole.
   */
  public static String wrap(String text, int width, String indent) {
    StringBuilder out = new StringBuilder();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (i > 0) {
        out.append('\n');
      }
      wrapLine(lines[i], width, indent, out);
    }
    return out.toString();
  }

  private static void wrapLine(String line, int width, String indent, StringBuilder out) {
    String continuation = line.substring(0, line.length() - line.stripLeading().length()) + indent;
    // words end after their spaces, so a break never falls inside a path, a flag or a figure
    java.util.regex.Matcher words = java.util.regex.Pattern.compile("\\S+\\s*|\\s+").matcher(line);
    StringBuilder current = new StringBuilder();
    int emptyLength = continuation.length() - indent.length();
    while (words.find()) {
      String word = words.group();
      if (current.length() > emptyLength && current.length() + word.stripTrailing().length() > width) {
        out.append(current.toString().stripTrailing()).append('\n');
        current.setLength(0);
        current.append(continuation);
        emptyLength = continuation.length();
      }
      current.append(word);
    }
    out.append(current.toString().stripTrailing());
  }
}
