package dev.kvbench.cli;

import dev.kvbench.report.ReportInputException;
import dev.kvbench.report.ReportWriter;
import dev.kvbench.summary.TextWrap;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    header = "Writes a report folder: index.html, README.md, charts, CSV and JMH JSON.",
    description = {"Writes a report folder from result files: index.html (one self-contained page for a browser,"
        + " opened from disk: sortable, filterable tables, charts with each figure's interval and samples, a page"
        + " per cell), README.md with the seeds' tables (times, storage,"
        + " latency percentiles, CPU and memory, cells that did not run) and how the results were measured,"
        + " charts as PNG and SVG, HdrHistogram interval logs (.hlog, one interval per measured pass), results.csv (one row per cell, phase and pass) and jmh-result.json (JMH's"
        + " result format). The same inputs give the same files, but for one timestamp line."})
final class ReportCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "RESULTS",
      description = "Result documents (.json), journals (.jsonl) or folders of them, as kvbench run wrote them.")
  List<Path> results;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Folder to write (new, empty, or an earlier report, which is replaced). Default:"
          + " kvbench-results/NAME-report for one input NAME.json or NAME.jsonl, kvbench-results/report-TIME for"
          + " several.")
  Path out;

  @Option(names = "--notes", paramLabel = "FILE",
      description = "A Markdown file of notes and findings to include in README.md as given (for published reports,"
          + " which are never edited by hand).")
  Path notes;

  @Option(names = "--with-inputs",
      description = "Copy the result files (to inputs/) and the notes (to notes.md) into the folder, and name those"
          + " copies in README.md: a folder to publish, which can be made again from itself.")
  boolean withInputs;

  @Option(names = "--merge",
      description = "Put the cells of every host in one section (the same cell from several hosts or runs becomes"
          + " one, its passes and histograms merged); by default each host has its own.")
  boolean merge;

  @Override
  public Integer call() throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    ReportWriter.Written w;
    try {
      Path folder = out != null ? out : DefaultOutputs.report(results);
      w = new ReportWriter(KvbenchCommand.version(), Clock.systemUTC()).write(results, folder, merge, notes,
          withInputs);
    } catch (ReportInputException e) {
      throw new UsageException(e.getMessage(), e);
    }
    PrintWriter err = spec.commandLine().getErr();
    w.warnings().forEach(warning -> err.println("kvbench: warning: " + warning));
    err.flush();
    // wrapped in a terminal only: in a log each stays one line, the path right after its label, for scripts
    int width = Terminal.attached() ? Terminal.pageWidth() : Integer.MAX_VALUE;
    o.println(TextWrap.wrap(String.format("report: %s (%d cells, %d charts, %d interval logs, hosts: %s)", w.readme(),
        w.cells(), w.charts(), w.intervalLogs(), String.join(", ", w.hosts())), width, "        "));
    o.println(TextWrap.wrap(String.format("html:   %s (one page, opens from disk in a browser)",
        w.readme().resolveSibling("index.html")), width, "        "));
    return ExitCodes.OK;
  }
}
