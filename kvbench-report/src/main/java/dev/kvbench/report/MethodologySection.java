package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.Environment;
import dev.kvbench.summary.TextTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A report's methodology: the runs (file, scenario, start, kvbench version, command), what reading
 * them skipped, each host's hardware, JDK, JVM flags, work directory and timer, the seeds and
 * scenarios, and each store's library and settings.
 */
final class MethodologySection {

  private MethodologySection() {}

  /** The runs, hosts, seeds, scenarios and store settings behind a section's figures, as Markdown. */
  static void write(StringBuilder b, ReportSection s) {
    // the revision and note a run recorded (kvbench run --revision, --note), where any did
    boolean labelled = s.runs().stream().anyMatch(r -> r.label() != null);
    List<TextTable.Column> columns = new java.util.ArrayList<>(List.of(
        TextTable.left("Result file"),
        TextTable.left("Scenario"),
        TextTable.left("Started"),
        TextTable.left("kvbench"),
        TextTable.left("Completed")));
    if (labelled) {
      columns.addAll(List.of(TextTable.left("Revision"), TextTable.left("Note")));
    }
    columns.add(TextTable.left("Command"));
    TextTable runs = new TextTable(columns.toArray(TextTable.Column[]::new));
    for (RunResults r : s.runs()) {
      List<String> cells = new java.util.ArrayList<>(List.of(r.source(), String.valueOf(r.scenarioName()),
          String.valueOf(r.startedAt()), String.valueOf(r.kvbenchVersion()), r.completed() ? "yes" : "no (interrupted)"));
      if (labelled) {
        cells.add(r.label() == null || r.label().revision() == null ? "" : r.label().revision());
        cells.add(r.label() == null || r.label().note() == null ? "" : r.label().note());
      }
      cells.add(r.command().isEmpty() ? "" : "`" + String.join(" ", r.command()) + "`");
      runs.row(cells.toArray(String[]::new));
    }
    b.append("Runs:\n\n").append(runs.renderMarkdown());
    List<String> duets = s.runs().stream().filter(r -> dev.kvbench.result.DuetRuns.measuredInDuet(r.scenario()))
        .map(RunResults::source).toList();
    if (!duets.isEmpty()) {
      b.append("\nFigures of ").append(String.join(", ", duets)).append(" were ")
          .append(dev.kvbench.result.DuetRuns.CAVEAT).append(".\n");
    }
    List<String> skipped = s.runs().stream().flatMap(r -> r.warnings().stream()).toList();
    if (!skipped.isEmpty()) {
      b.append("\nWhat reading the result files skipped or reconciled (nothing else was left out):\n\n");
      skipped.forEach(w -> b.append("- ").append(w).append('\n'));
    }
    Map<String, Environment> hosts = new LinkedHashMap<>();
    s.runs().forEach(r -> {
      if (r.environment() != null) {
        hosts.putIfAbsent(r.host(), r.environment());
      }
    });
    for (Map.Entry<String, Environment> e : hosts.entrySet()) {
      Environment env = e.getValue();
      TextTable t = new TextTable(
          TextTable.left("Host " + e.getKey()),
          TextTable.left(""));
      t.row("CPU", env.cpuModel() + ", " + env.cores() + " cores");
      t.row("RAM", String.format(Locale.ROOT, "%,.1f GiB", env.ramBytes() / (double) (1L << 30)));
      t.row("OS", env.os() + " " + env.kernel() + " (" + env.arch() + ")");
      t.row("JDK", env.jdkVendor() + " " + env.jdkVersion() + ", " + env.jvmName());
      t.row("JVM flags of the run", env.jvmFlags() == null || env.jvmFlags().isEmpty() ? "none"
          : "`" + String.join(" ", env.jvmFlags()) + "`");
      t.row("JVM flags of the cells", env.cellJvmFlags() == null ? "not recorded (an older result)"
          : env.cellJvmFlags().isEmpty() ? "none" : "`" + String.join(" ", env.cellJvmFlags()) + "`");
      t.row("Work directory", env.workDir() + " (" + env.workDirFileSystem() + ")");
      t.row("Open files (soft / hard)", env.nofileSoft() + " / " + env.nofileHard());
      t.row("CPU time from", env.cpuTimeSource() + (env.peakRssPerPhase() ? "; peak RSS reset per phase"
          : "; peak RSS per process"));
      t.row("Two System.nanoTime calls", String.format(Locale.ROOT, "%.1f ns", env.timerPairNanos()));
      b.append('\n').append(t.renderMarkdown());
    }
    s.runs().stream().map(RunResults::seed).distinct()
        .forEach(seed -> b.append("\nSeed: ").append(seed).append('\n'));
    for (RunResults r : s.runs()) {
      if (r.scenario() != null && !r.scenario().isBlank()) {
        b.append("\n<details><summary>Scenario of ").append(r.source()).append("</summary>\n\n```yaml\n")
            .append(r.scenario().strip()).append("\n```\n\n</details>\n");
      }
    }
    TextTable stores = new TextTable(
        TextTable.left("Store"),
        TextTable.left("Library"),
        TextTable.left("Settings"),
        TextTable.left("Native settings"));
    Map<String, CellResult> firstPerStore = new TreeMap<>();
    s.cells().forEach(c -> firstPerStore.putIfAbsent(c.store(), c));
    firstPerStore.values().forEach(c -> stores.row(c.store(), c.library() + " " + c.libraryVersion(),
        settings(c.settings()), settings(c.nativeSettings())));
    b.append("\nStores, with the settings of their first cell (a sweep's other values are in the row labels):\n\n")
        .append(stores.renderMarkdown());
  }

  private static String settings(Map<String, ?> m) {
    if (m == null || m.isEmpty()) {
      return "";
    }
    return new TreeMap<>(m).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("; "));
  }
}
