package dev.kvbench.report;

/**
 * A CSV field as a spreadsheet opens it: one that begins with {@code =}, {@code +}, {@code -},
 * {@code @}, a tab or a carriage return is run as a formula (OWASP's CSV injection), and a cell's
 * id, a setting or a note from a result file could be one. Such a field is written with a leading
 * apostrophe, which a spreadsheet shows as text; a number is written as it is.
 */
final class SpreadsheetCells {

  private SpreadsheetCells() {}

  /** {@code value} safe to open: a text that a spreadsheet would run, prefixed with an apostrophe. */
  static Object safe(Object value) {
    if (!(value instanceof String text) || text.isEmpty()) {
      return value;
    }
    char first = text.charAt(0);
    boolean formula = first == '=' || first == '+' || first == '-' || first == '@' || first == '\t' || first == '\r';
    if (formula && !isNumber(text)) {
      return "'" + text;
    }
    return text;
  }

  private static boolean isNumber(String text) {
    try {
      Double.parseDouble(text);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }
}
