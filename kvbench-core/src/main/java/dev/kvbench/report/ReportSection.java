package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cells of one host (or of all hosts, under {@code --merge}), the same cell from several runs
 * merged into one, with the runs they came from.
 */
public record ReportSection(String host, List<RunResults> runs, List<CellResult> cells) {

  /** Label used when hosts are merged. */
  public static final String ALL_HOSTS = "all hosts";

  public ReportSection {
    runs = List.copyOf(runs);
    cells = List.copyOf(cells);
  }

  /** One section per host in order of appearance, or one for all of them when {@code mergeHosts}. */
  public static List<ReportSection> of(List<RunResults> runs, boolean mergeHosts) {
    Map<String, List<RunResults>> byHost = new LinkedHashMap<>();
    for (RunResults r : runs) {
      byHost.computeIfAbsent(mergeHosts ? ALL_HOSTS : r.host(), h -> new ArrayList<>()).add(r);
    }
    List<ReportSection> sections = new ArrayList<>();
    byHost.forEach((host, hostRuns) -> {
      List<CellResult> cells = new ArrayList<>();
      hostRuns.forEach(r -> cells.addAll(r.cells()));
      sections.add(new ReportSection(host, hostRuns, CellMerge.mergeSame(cells)));
    });
    return sections;
  }
}
