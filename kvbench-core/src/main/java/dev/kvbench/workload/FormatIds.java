package dev.kvbench.workload;

import java.util.regex.Pattern;

/**
 * The rule for the names that key formats, value formats and custom operations give themselves:
 * they become part of cell ids, table labels and file names, so they are short and plain. Checked
 * when a cell is made, before anything runs: one bad name refuses the run up front instead of
 * failing it half-way.
 */
public final class FormatIds {

  /** The longest name: a cell id holds several of them and names a directory. */
  public static final int MAX_LENGTH = 64;

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  // a value format's parameters follow a colon, as in compressible:0.5
  private static final Pattern WITH_PARAMETER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*(:[A-Za-z0-9._-]+)?");

  private FormatIds() {}

  /** Throws IllegalArgumentException naming {@code what} when {@code id} breaks the key-format and operation rule. */
  public static String requirePlain(String what, String id) {
    return require(what, id, PLAIN, "letters, digits, '.', '_' or '-', starting with a letter or digit");
  }

  /** The same rule for a value format's id, which may end in {@code :parameter}. */
  public static String requireValueFormat(String what, String id) {
    return require(what, id, WITH_PARAMETER,
        "letters, digits, '.', '_' or '-', starting with a letter or digit, and at most one ':parameter'");
  }

  private static String require(String what, String id, Pattern rule, String words) {
    if (id == null || id.length() > MAX_LENGTH || !rule.matcher(id).matches()) {
      String shown = id == null ? "null" : id.length() > 80 ? id.substring(0, 77) + "..." : id;
      throw new IllegalArgumentException(what + " id '" + shown + "' must be 1 to " + MAX_LENGTH + " characters of "
          + words + (id != null && id.length() > MAX_LENGTH ? " (it has " + id.length() + ")" : "")
          + "; change what its id() returns");
    }
    return id;
  }
}
