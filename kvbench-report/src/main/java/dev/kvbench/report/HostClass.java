package dev.kvbench.report;

import dev.kvbench.result.Environment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Hosts whose figures may be merged: the same CPU model and core count, the same RAM (to the GiB:
 * a kernel's reservations differ by megabytes between identical machines), kernel and JDK. A
 * merged report never puts a cell measured on one class beside, or into, the same cell of another.
 */
public record HostClass(String cpuModel, int cores, long ramGiB, String kernel, String jdk) {

  static final HostClass UNKNOWN = new HostClass("unknown CPU", 0, 0, "unknown kernel", "unknown JDK");

  public static HostClass of(Environment env) {
    if (env == null) {
      return UNKNOWN;
    }
    return new HostClass(String.valueOf(env.cpuModel()), env.cores(), Math.round(env.ramBytes() / (double) (1L << 30)),
        String.valueOf(env.kernel()), env.jdkVendor() + " " + env.jdkVersion());
  }

  /** One line: what the hosts of this class have. */
  public String describe() {
    return String.format(Locale.ROOT, "%s, %d cores, %d GiB RAM, kernel %s, %s", cpuModel, cores, ramGiB, kernel, jdk);
  }

  /** The hosts of {@code runs} by class, in order of first appearance; each host once. */
  static Map<HostClass, List<String>> hostsByClass(List<RunResults> runs) {
    Map<HostClass, List<String>> classes = new LinkedHashMap<>();
    for (RunResults r : runs) {
      List<String> hosts = classes.computeIfAbsent(of(r.environment()), k -> new ArrayList<>());
      if (!hosts.contains(r.host())) {
        hosts.add(r.host());
      }
    }
    return classes;
  }

  /**
   * What a merged report says when its hosts are of several classes, or null when they are of one:
   * each class, its hosts and what they have.
   */
  static String notice(Map<HostClass, List<String>> classes) {
    if (classes.size() < 2) {
      return null;
    }
    StringBuilder b = new StringBuilder("the hosts are of ").append(classes.size())
        .append(" hardware classes (CPU, RAM, kernel or JDK differ): each class has a section of its own and no cell")
        .append(" is merged across classes:");
    int i = 1;
    for (Map.Entry<HostClass, List<String>> e : classes.entrySet()) {
      b.append(i > 1 ? ";" : "").append(" class ").append(i++).append(": ").append(String.join(", ", e.getValue()))
          .append(" (").append(e.getKey().describe()).append(')');
    }
    return b.toString();
  }
}
