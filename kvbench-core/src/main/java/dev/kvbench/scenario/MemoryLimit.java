package dev.kvbench.scenario;

import dev.kvbench.store.ByteSize;
import java.util.Locale;

/**
 * The memory each forked cell's JVM may use, page cache included ({@code --memory-limit}): the
 * cell runs in a memory cgroup of its own with this limit, so data several times the limit is
 * really larger than memory. {@link #NONE} runs cells unlimited.
 *
 * @param bytes the limit; 0 for none
 */
public record MemoryLimit(long bytes) {

  public static final MemoryLimit NONE = new MemoryLimit(0);

  /** Below this a JVM with a store and kvbench's classes does not start reliably. */
  public static final long SMALLEST = 64L << 20;

  public MemoryLimit {
    if (bytes != 0 && bytes < SMALLEST) {
      throw new IllegalArgumentException("a memory limit of " + bytes + " bytes is too small for a cell's JVM to start;"
          + " give 64m or more");
    }
  }

  /** A size as -Xmx writes it (256m, 1g, or bytes); blank or {@code none} for no limit. */
  public static MemoryLimit parse(String text) {
    if (text == null || text.isBlank() || text.trim().equalsIgnoreCase("none")) {
      return NONE;
    }
    long bytes;
    try {
      bytes = ByteSize.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("'" + text + "' is not a memory size: write e.g. 256m or 1g");
    }
    if (bytes == 0) {
      // 0 would read as no limit, which a limit typed as 0 never means
      throw new IllegalArgumentException("0 is no limit: give a limit such as 256m, or leave it out (none) to run"
          + " unlimited");
    }
    return new MemoryLimit(bytes);
  }

  public boolean limits() {
    return bytes > 0;
  }

  /** As a scenario file writes it: 256m, 1g, or bytes; empty for none. */
  @Override
  public String toString() {
    return limits() ? ByteSize.text(bytes) : "";
  }

  /** For messages: 256 MiB. */
  public String describe() {
    return String.format(Locale.ROOT, "%,d MiB", bytes >> 20);
  }
}
