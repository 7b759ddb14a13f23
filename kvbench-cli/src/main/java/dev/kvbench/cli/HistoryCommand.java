package dev.kvbench.cli;

import dev.kvbench.host.HostFiles;
import dev.kvbench.report.ReportInputException;
import dev.kvbench.report.ReportInputs;
import dev.kvbench.report.RunResults;
import dev.kvbench.stats.EDivisive;
import dev.kvbench.report.history.History;
import dev.kvbench.report.history.HistoryRecords;
import dev.kvbench.report.history.HistoryRule;
import dev.kvbench.report.history.HtmlHistory;
import dev.kvbench.report.history.RunLinks;
import dev.kvbench.result.OutputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "history",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    header = "Where did it change? Finds the change points in a series of runs.",
    description = {"Orders runs (by time, the order given, their recorded revision or each cell's library"
        + " version), makes each phase of each cell a series (one per class of hardware: CPU, cores, RAM, kernel,"
        + " JDK), each run's figure the mean of its forks' time per operation, and finds the change points with"
        + " E-Divisive in Apache Otava's form: the divergence over every fork picks each split between runs, a"
        + " t-test between the runs on either side decides it (p below --p-value), and a change under --min-effect"
        + " is no change. Prints each change with its size, its runs and, where the library version changed, the"
        + " bisect command.",
        "With --fail-on-change PCT, a gate for CI: exit 1 when the newest run starts a slowdown of more than PCT"
            + " percent in any series that no note explains (kvbench run --note, or --annotate), or gives a series"
            + " no figure (its cell failed; see --allow-incomplete); else 0. docs/history.md has a GitHub Actions"
            + " example."})
final class HistoryCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "RUNS",
      description = "Result documents, journals, or folders of them: one run each.")
  List<Path> inputs;

  @Option(names = "--order", paramLabel = "time|given|revision|version",
      description = "What orders the runs: time (default, when each started), given (the order of RUNS),"
          + " revision (kvbench run --revision; in --revisions' order, else each revision's first run's) or version"
          + " (each cell's library version, oldest first).")
  String order = "time";

  @Option(names = "--revisions", paramLabel = "FILE",
      description = "With --order revision: the revisions oldest first, one a line (e.g. git rev-list --reverse"
          + " HEAD > revisions.txt).")
  Path revisions;

  @Mixin ComparisonOptions rule;

  @Option(names = "--p-value", paramLabel = "P",
      description = "The p-value a change point must reach (default: 0.0001; Otava's is 0.001); the first"
          + " pass uses Otava's"
          + " relaxed one, 10 times higher.")
  double pValue = EDivisive.Settings.DEFAULT.maxPValue();

  @Option(names = "--window", paramLabel = "N",
      description = "Runs per sliding window (default: 50, Otava's): a change is found against the runs near it.")
  int window = EDivisive.Settings.DEFAULT.windowLength();

  @Option(names = "--annotate", paramLabel = "RUN=TEXT",
      description = "A note for a run, repeatable: RUN is its number in the order, its revision, or its file. The"
          + " page shows it, and the gate passes a change that run starts.")
  List<String> annotations = new ArrayList<>();

  @Option(names = "--fail-on-change", paramLabel = "PCT",
      description = "Exit 1 when the newest run starts a slowdown of more than PCT percent in a series (unless a"
          + " note explains it), or gives a series no figure (see --allow-incomplete).")
  Double failOnChange;

  @Option(names = "--recent", paramLabel = "N",
      description = "With --fail-on-change: a slowdown starting at any of a series' N newest runs fails (default:"
          + " 1), for a change too small to see in one run.")
  int recent = 1;

  @Option(names = "--allow-incomplete",
      description = "With --fail-on-change: pass a series the newest run gave no figure (its cell failed).")
  boolean allowIncomplete;

  @Option(names = "--json", paramLabel = "FILE",
      description = "Also write every series, its runs' forks and change points, and the gate's findings as JSON.")
  Path json;

  @Option(names = "--html", paramLabel = "FILE",
      description = "Also write one self-contained page (opens from disk): a chart per series with each run's"
          + " forks, the segments between change points shaded, the changes and the runs.")
  Path html;

  @Option(names = "--link", paramLabel = "TEMPLATE",
      description = "With --html: where each run links, relative to the page, e.g. reports/{name}/index.html"
          + " ({name}: the result file's name less .json; {number}; {revision}); default: its result file.")
  String link;

  @Override
  public Integer call() {
    HistoryRule.Order ordering = HistoryRule.Order.named(order);
    if (ordering == null) {
      throw new UsageException("--order " + order + ": give time (the default), given, revision or version");
    }
    if (revisions != null && ordering != HistoryRule.Order.REVISION) {
      throw new UsageException("--revisions orders revisions; it goes with --order revision");
    }
    if (failOnChange != null && !(failOnChange >= 0)) {
      throw new UsageException("--fail-on-change " + failOnChange + ": give a percentage of 0 or more, e.g. 10");
    }
    if (failOnChange == null && (allowIncomplete || recent != 1)) {
      throw new UsageException((allowIncomplete ? "--allow-incomplete" : "--recent") + " goes with"
          + " --fail-on-change; give both, or neither");
    }
    if (recent < 1) {
      throw new UsageException("--recent " + recent + ": give 1 or more");
    }
    if (link != null && html == null) {
      throw new UsageException("--link says where the page's runs link; it goes with --html FILE");
    }
    EDivisive.Settings detection;
    try {
      detection = new EDivisive.Settings(window, pValue, rule.minEffectPercent() / 100);
    } catch (IllegalArgumentException e) {
      throw new UsageException((window < 2 ? "--window " + window : "--p-value " + pValue) + ": " + e.getMessage(),
          e);
    }
    HistoryRule historyRule = new HistoryRule(ordering, revisionList(), rule.figure(), rule.noisyForks(), detection,
        annotations());
    OutputFile page = html == null ? null : HtmlHistory.outputFile(html, "--html " + html);
    RunLinks links;
    try {
      links = html == null ? null : new RunLinks(html, link);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--link " + e.getMessage(), e);
    }
    OutputFile jsonFile = json == null ? null : HistoryRecords.jsonFile(json, "--json " + json);
    OutputFiles.check(java.util.Arrays.asList(page, jsonFile), inputs);
    PrintWriter err = spec.commandLine().getErr();
    History history;
    try {
      List<RunResults> runs = new ReportInputs().read(inputs);
      // what reading skipped (damaged lines, copies), shown even where ordering then refuses a run
      runs.stream().flatMap(r -> r.warnings().stream()).forEach(w -> err.println("kvbench: warning: " + w));
      history = History.of(runs, historyRule);
      history.warnings().forEach(w -> err.println("kvbench: warning: " + w));
      err.flush();
    } catch (ReportInputException | IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
    HistoryRecords.Gate gate = failOnChange == null ? null
        : new HistoryRecords.Gate(failOnChange, recent, allowIncomplete);
    PrintWriter out = spec.commandLine().getOut();
    new HistoryPrinter(out).print(history, gate);
    if (page != null) {
      write(page, "--html " + html, HtmlHistory.render(history, gate, links));
      out.println("html: " + html);
    }
    if (jsonFile != null) {
      write(jsonFile, "--json " + json, HistoryRecords.json(history, gate));
      out.println("json: " + json);
    }
    out.flush();
    return gate != null && gate.fails(history) ? ExitCodes.BENCHMARK_FAILED : ExitCodes.OK;
  }

  private List<String> revisionList() {
    if (revisions == null) {
      return List.of();
    }
    try {
      return Files.readAllLines(revisions, StandardCharsets.UTF_8).stream().map(String::strip)
          .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    } catch (IOException e) {
      throw new UsageException("--revisions " + revisions + ": cannot read it (" + HostFiles.whyFailed(e)
          + "): give a file of revisions, one a line, oldest first", e);
    }
  }

  private Map<String, String> annotations() {
    Map<String, String> out = new LinkedHashMap<>();
    for (String a : annotations) {
      int eq = a.indexOf('=');
      if (eq <= 0 || eq == a.length() - 1) {
        throw new UsageException("--annotate " + a + ": give RUN=TEXT, RUN a run's number, revision or file, e.g."
            + " --annotate '20=new allocator'");
      }
      out.put(a.substring(0, eq).strip(), a.substring(eq + 1).strip());
    }
    return out;
  }

  private void write(OutputFile file, String role, String content) {
    OutputFiles.write(file, role, content, inputs);
  }
}
