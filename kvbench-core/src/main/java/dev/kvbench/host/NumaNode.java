package dev.kvbench.host;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The NUMA node forked cells are bound to ({@code numactl --cpunodebind=N --membind=N}): their
 * threads run on that node's CPUs and their memory comes from its RAM, so a cell on a two-socket
 * host never measures the interconnect. {@link #NONE} leaves placement to the kernel.
 */
public record NumaNode(int id) {

  public static final NumaNode NONE = new NumaNode(-1);

  public NumaNode {
    if (id < -1) {
      throw new IllegalArgumentException("a NUMA node is 0 or more, not " + id);
    }
  }

  /** The node {@code text} names: a number (as numactl --hardware lists them); blank for none. */
  @JsonCreator
  public static NumaNode parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    if (!text.trim().matches("\\d{1,4}")) {
      throw new IllegalArgumentException("'" + text + "' is not a NUMA node: give its number, e.g. 0"
          + " (numactl --hardware lists them)");
    }
    return new NumaNode(Integer.parseInt(text.trim()));
  }

  public boolean binds() {
    return id >= 0;
  }

  /** The node's number, empty for none. */
  @JsonValue
  @Override
  public String toString() {
    return binds() ? String.valueOf(id) : "";
  }
}
