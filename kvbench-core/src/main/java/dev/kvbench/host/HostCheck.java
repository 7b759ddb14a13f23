package dev.kvbench.host;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * One fact about the host that can distort a benchmark, what it is here, and how to fix it.
 *
 * @param fix what to do about it; empty when nothing needs doing
 */
public record HostCheck(String name, String value, Severity severity, String fix) {

  /** How much a fact matters to a run. */
  public enum Severity {
    /** Nothing to do. */
    OK,
    /** Results are still measured but say less (noise, I/O, memory pressure). */
    WARN,
    /** The run cannot do what it was asked (no room, too few open files): {@code env --check} fails. */
    BLOCK;

    @JsonValue
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }
  }
}
