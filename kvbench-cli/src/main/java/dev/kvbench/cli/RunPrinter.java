package dev.kvbench.cli;

import dev.kvbench.report.ShellWords;
import dev.kvbench.result.RunJournal;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.summary.RunSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** What {@code kvbench run} prints of a run it started or resumed: its tables and closing, or what stopped it. */
final class RunPrinter {

  /** A run or a resume, started when called. */
  interface RunAction {
    ScenarioRunner.RunOutcome run() throws IOException;
  }

  private final PrintWriter out;
  private final PrintWriter err;

  RunPrinter(PrintWriter out, PrintWriter err) {
    this.out = out;
    this.err = err;
  }

  /**
   * Runs, and prints what the run kept; returns the exit code. Ctrl-C and SIGTERM are core's to
   * handle (the runner's own shutdown hook ends the cell in flight as interrupted and closes the
   * results); the progress printer says what was kept. A results file system that fills stops the
   * run cleanly, once.
   */
  int runAndPrint(ScenarioRunner runner, RunAction action) {
    ScenarioRunner.RunOutcome outcome;
    try {
      outcome = action.run();
    } catch (RunJournal.NotWritten e) {
      // the run's journal; a resume that could not even record itself has none yet: the file it wrote to
      Path journal = runner.journalPath() != null ? runner.journalPath() : RunJournal.journalOf(e.path());
      err.println("kvbench: " + e.getMessage() + ". Stopped: every cell finished before is kept in " + journal
          + " and " + RunJournal.documentOf(journal) + "; make room there, then finish the run with: "
          + Launcher.command() + " run --resume " + ShellWords.quote(journal.toString()));
      err.flush();
      return ExitCodes.RESULTS_NOT_WRITTEN;
    } catch (IOException e) {
      throw new IllegalStateException("cannot write results: " + e.getMessage(), e);
    }
    int width = Terminal.pageWidth();
    out.print(FlagNames.inText(RunSummary.of(outcome.document(), width)));
    out.print(FlagNames.inText(RunClosing.of(outcome.document(), outcome.documentPath(), outcome.journalPath(),
        outcome.completed(), width)));
    out.flush();
    if (outcome.completed() && !outcome.document().cells().isEmpty() && !outcome.measuredSomething()) {
      err.println(FlagNames.inText(nothingMeasured(outcome.document().cells())));
      err.flush();
    }
    return outcome.succeeded() ? ExitCodes.OK : ExitCodes.BENCHMARK_FAILED;
  }

  /**
   * Why a run measured nothing, in the words that fit: its cells failed (named above in the summary),
   * or every cell or phase was unsupported, with why; a few examples of each.
   */
  static String nothingMeasured(List<dev.kvbench.result.CellResult> cells) {
    List<String> failed = dev.kvbench.summary.RunSummary.failures(cells);
    List<String> unsupported = cells.stream().flatMap(c -> c.outcome() == dev.kvbench.result.CellResult.Outcome.UNSUPPORTED
        ? java.util.stream.Stream.of(c.cellId() + ": " + c.error())
        : c.phases().stream().filter(p -> p.status() == dev.kvbench.result.PhaseStatus.UNSUPPORTED)
            .map(p -> c.cellId() + " " + p.phase() + ": " + p.note())).distinct().toList();
    StringBuilder b = new StringBuilder("kvbench: no cell measured anything, so the run did not do what it was for (exit "
        + ExitCodes.BENCHMARK_FAILED + "): ");
    if (!failed.isEmpty()) {
      b.append(failed.size()).append(failed.size() == 1 ? " cell or phase failed" : " cells or phases failed")
          .append(" (the summary's failed: lines say why), e.g. ").append(failed.get(0));
    }
    if (!unsupported.isEmpty()) {
      b.append(failed.isEmpty() ? "every cell or phase was unsupported, e.g. " : "; " + unsupported.size()
          + " unsupported, e.g. ").append(String.join("; ", unsupported.subList(0, Math.min(3, unsupported.size()))));
    }
    return b.toString();
  }
}
