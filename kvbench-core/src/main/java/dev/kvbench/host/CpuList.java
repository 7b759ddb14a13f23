package dev.kvbench.host;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A set of CPUs as Linux's cpu lists write them ({@code 2-5,7}): the CPUs forked cells are pinned
 * to, or those a process may run on; empty for none.
 */
public record CpuList(List<Integer> cpus) {

  public static final CpuList NONE = new CpuList(List.of());

  public CpuList {
    cpus = cpus == null ? List.of() : List.copyOf(new TreeSet<>(cpus));
  }

  /** The list {@code text} names: numbers and ranges, comma-separated; blank for none. */
  @JsonCreator
  public static CpuList parse(String text) {
    if (text == null || text.isBlank()) {
      return NONE;
    }
    TreeSet<Integer> cpus = new TreeSet<>();
    for (String part : text.trim().split(",")) {
      String p = part.trim();
      if (!p.matches("\\d{1,5}(-\\d{1,5})?")) {
        throw new IllegalArgumentException("'" + text + "' is not a CPU list: write numbers and ranges, e.g."
            + " 2-5,7");
      }
      String[] ends = p.split("-");
      int low = Integer.parseInt(ends[0]);
      int high = ends.length == 2 ? Integer.parseInt(ends[1]) : low;
      if (high < low) {
        throw new IllegalArgumentException("'" + text + "': the range " + p + " runs backwards; write "
            + high + "-" + low);
      }
      for (int c = low; c <= high; c++) {
        cpus.add(c);
      }
    }
    return new CpuList(new ArrayList<>(cpus));
  }

  public boolean pins() {
    return !cpus.isEmpty();
  }

  /** The list as taskset and /proc write it: ranges joined, e.g. {@code 2-5,7}; empty for none. */
  @JsonValue
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < cpus.size(); ) {
      int j = i;
      while (j + 1 < cpus.size() && cpus.get(j + 1) == cpus.get(j) + 1) {
        j++;
      }
      b.append(b.isEmpty() ? "" : ",").append(cpus.get(i)).append(j > i ? "-" + cpus.get(j) : "");
      i = j + 1;
    }
    return b.toString();
  }
}
