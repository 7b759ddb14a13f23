package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cells of one host (or of all hosts of one hardware class, under {@code --merge}) and, when the inputs hold several,
 * one scenario; the same cell from several runs merged into one; with the runs they came from.
 *
 * @param scenario the scenario's name when the inputs hold several, else null
 */
public record ReportSection(String host, String scenario, List<RunResults> runs, List<CellResult> cells) {

  /** Label used when hosts are merged. */
  public static final String ALL_HOSTS = "all hosts";

  public ReportSection {
    runs = List.copyOf(runs);
    cells = List.copyOf(cells);
  }

  /** The section's name: the host, and the scenario when the inputs hold several. */
  public String title() {
    return scenario == null ? host : host + ", " + scenario;
  }

  /**
   * One section per host in order of appearance, or one for all of them when {@code mergeHosts};
   * when the runs are of several scenarios, one per host and scenario, so that one scenario's cells
   * never share a table with another's.
   */
  public static List<ReportSection> of(List<RunResults> runs, boolean mergeHosts) {
    boolean severalScenarios = runs.stream().map(r -> String.valueOf(r.scenarioName())).distinct().count() > 1;
    Map<HostClass, List<String>> classes = HostClass.hostsByClass(runs);
    Map<List<String>, List<RunResults>> groups = new LinkedHashMap<>();
    for (RunResults r : runs) {
      // merged hosts of different hardware would average unlike machines: one section per class
      String host = !mergeHosts ? r.host() : classes.size() == 1 ? ALL_HOSTS
          : classLabel(classes, HostClass.of(r.environment()));
      String scenario = severalScenarios ? String.valueOf(r.scenarioName()) : null;
      groups.computeIfAbsent(java.util.Arrays.asList(host, scenario), k -> new ArrayList<>()).add(r);
    }
    List<ReportSection> sections = new ArrayList<>();
    groups.forEach((key, groupRuns) -> {
      List<CellResult> cells = new ArrayList<>();
      groupRuns.forEach(r -> cells.addAll(r.cells()));
      sections.add(new ReportSection(key.get(0), key.get(1), groupRuns, CellMerge.mergeSame(cells)));
    });
    return sections;
  }

  /** The memory of the section's host (its first run's), or PublishedSet.UNKNOWN where not recorded. */
  static long hostMemory(ReportSection s) {
    return s.runs().isEmpty() || s.runs().get(0).environment() == null ? dev.kvbench.published.PublishedSet.UNKNOWN
        : s.runs().get(0).environment().ramBytes();
  }

  /** A merged section's name where the hosts are of several classes: its class's number, hosts and hardware. */
  private static String classLabel(Map<HostClass, List<String>> classes, HostClass c) {
    int number = new ArrayList<>(classes.keySet()).indexOf(c) + 1;
    return "class " + number + " (" + String.join(", ", classes.get(c)) + "; " + c.describe() + ")";
  }
}
