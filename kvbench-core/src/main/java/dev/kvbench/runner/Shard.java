package dev.kvbench.runner;

import java.util.ArrayList;
import java.util.List;

/**
 * A deterministic, disjoint part of a matrix for one host of a fleet: shard {@code i} of {@code n}
 * takes cells {@code i-1, i-1+n, i-1+2n, ...} of the expanded matrix, so the n shards together
 * run every cell exactly once and each gets a mix of stores and sizes.
 */
public record Shard(int index, int count) {

  public static final Shard ALL = new Shard(1, 1);

  public Shard {
    if (count < 1 || index < 1 || index > count) {
      throw new IllegalArgumentException("shard " + index + "/" + count + ": write i/n with 1 <= i <= n, e.g. 2/4");
    }
  }

  /** Parses {@code i/n}. */
  public static Shard parse(String text) {
    String[] parts = text.trim().split("/");
    try {
      if (parts.length == 2) {
        return new Shard(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]));
      }
    } catch (NumberFormatException e) {
      // falls through to the message below
    }
    throw new IllegalArgumentException("shard '" + text + "': write i/n with 1 <= i <= n, e.g. 2/4");
  }

  public <T> List<T> select(List<T> cells) {
    List<T> mine = new ArrayList<>();
    for (int i = index - 1; i < cells.size(); i += count) {
      mine.add(cells.get(i));
    }
    return mine;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
