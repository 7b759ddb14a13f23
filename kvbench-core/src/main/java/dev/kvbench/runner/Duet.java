package dev.kvbench.runner;

import dev.kvbench.host.CpuList;
import dev.kvbench.measure.NoiseMeter;
import dev.kvbench.result.CellResult;
import dev.kvbench.run.CellResults;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.JvmSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a duet run places its forks (jvm.duet): the variants of one workload that a comparison
 * pairs (cells of the same parameters: other stores, settings, versions) run at once, each on CPUs
 * of its own, the sides of equal size cut from the CPUs the cells may use; a round later the sides
 * move on by one, so no variant keeps the CPU a busy neighbour sits on (Bulej et al., "Duet
 * Benchmarking", ICPE 2020, who ran A and B at once on cloud VMs). A side needs a CPU for each
 * client thread of its cell, and at least one: with one, its JIT and GC share the measuring
 * thread's CPU, on every side alike.
 *
 * @param cpus the CPUs the sides are cut from
 */
record Duet(CpuList cpus) {

  /**
   * The duet of {@code cells} on the CPUs {@code pinned} names (jvm.cpus), else those this process
   * may run on; refuses, naming the smallest host that fits, where a group has more variants than
   * the CPUs can give sides.
   */
  static Duet of(List<CellParams> cells, CpuList pinned) {
    CpuList cpus = pinned.pins() ? pinned : available();
    for (List<CellParams> group : byWorkload(cells, c -> c)) {
      int need = group.size() * cpusPerSide(group);
      if (group.size() > 1 && cpus.cpus().size() < need) {
        CellParams first = group.get(0);
        throw new IllegalArgumentException(String.format(Locale.ROOT, "%s runs the %d variants of %s at once, each"
                + " on %d CPU%s of its own: that takes %d CPUs, and %s %d (%s): run on a host with %d CPUs or more,"
                + " compare fewer variants in one run, or leave %s out", JvmSettings.DUET.name(), group.size(),
            first.label(), cpusPerSide(group), cpusPerSide(group) == 1 ? "" : "s", need,
            pinned.pins() ? JvmSettings.CPUS.name() + " gives" : "this host has", cpus.cpus().size(), cpus, need,
            JvmSettings.DUET.name()));
      }
    }
    return new Duet(cpus);
  }

  /** The CPUs this process may run on, else every CPU the JVM counts. */
  private static CpuList available() {
    CpuList allowed = NoiseMeter.allowedCpus();
    if (allowed.pins()) {
      return allowed;
    }
    List<Integer> all = new ArrayList<>();
    for (int c = 0; c < Runtime.getRuntime().availableProcessors(); c++) {
      all.add(c);
    }
    return new CpuList(all);
  }

  /** A side's CPUs: one for each client thread of the group's cells, at least one. */
  static int cpusPerSide(List<CellParams> group) {
    return group.stream().mapToInt(c -> c.threaded() ? Math.max(1, c.load().threads()) : 1).max().orElse(1);
  }

  /**
   * {@code items} by the workload their cells' comparisons share ({@code cellOf} gives an item's
   * cell), the groups in the order the first of each comes, each in the order its items come.
   */
  static <T> java.util.Collection<List<T>> byWorkload(List<T> items, java.util.function.Function<T, CellParams> cellOf) {
    Map<CellResult.Parameters, List<T>> out = new LinkedHashMap<>();
    items.forEach(i -> out.computeIfAbsent(CellResults.parameters(cellOf.apply(i)), k -> new ArrayList<>()).add(i));
    return out.values();
  }

  /**
   * The CPUs of each of {@code group}'s cells in round {@code round} (from 1): equal sides, cut in
   * order from {@link #cpus}, cell i on side (i + round - 1) mod n, so a cell moves to the next side
   * each round. CPUs that do not divide evenly are left idle, so no side has more than another.
   */
  List<CpuList> sides(List<CellParams> group, int round) {
    int n = group.size();
    int each = Math.max(cpusPerSide(group), cpus.cpus().size() / n);
    List<CpuList> cut = new ArrayList<>();
    for (int s = 0; s < n; s++) {
      cut.add(new CpuList(cpus.cpus().subList(s * each, (s + 1) * each)));
    }
    List<CpuList> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(cut.get((i + round - 1) % n));
    }
    return out;
  }
}
