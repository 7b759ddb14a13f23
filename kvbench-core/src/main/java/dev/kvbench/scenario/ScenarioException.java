package dev.kvbench.scenario;

/**
 * A scenario that cannot run as written. The message names the input (file, line and column, or
 * the field), what is wrong, and the allowed values.
 */
public final class ScenarioException extends IllegalArgumentException {

  private final String pointer;

  /**
   * @param pointer where in the scenario the problem is, as a JSON pointer such as {@code
   *     /matrix/stores/2}; a file reader turns it into a line and column
   */
  public ScenarioException(String pointer, String message) {
    super(message);
    this.pointer = pointer;
  }

  public ScenarioException(String message, Throwable cause) {
    super(message, cause);
    this.pointer = "";
  }

  /** The JSON pointer of the offending field, or empty. */
  public String pointer() {
    return pointer;
  }

  /**
   * The message led by its field's name ({@code matrix.settings: setting 'x.y' ...}), unless it
   * begins with it already ({@code matrix.entries must be at least 1}), as most do.
   */
  public String namingItsField() {
    String message = getMessage();
    return field().isEmpty() || message.startsWith(field()) ? message : field() + ": " + message;
  }

  /** The field name a person reads, e.g. {@code matrix.stores[2]}. */
  public String field() {
    return pointer.isEmpty() ? "" : pointer.substring(1).replaceAll("/(\\d+)(?=/|$)", "[$1]").replace('/', '.');
  }
}
