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
    out.print(RunClosing.of(outcome.document(), outcome.documentPath(), outcome.journalPath(), outcome.completed(),
        width));
    out.flush();
    if (outcome.completed() && !outcome.document().cells().isEmpty() && !outcome.measuredSomething()) {
      List<String> why = outcome.document().cells().stream().flatMap(c -> c.outcome()
          != dev.kvbench.result.CellResult.Outcome.RAN ? java.util.stream.Stream.of(c.cellId() + ": " + c.error())
          : c.phases().stream().map(p -> c.cellId() + " " + p.phase() + ": " + p.note())).distinct().limit(3).toList();
      err.println("kvbench: no cell measured anything, so the run did not do what it was for (exit "
          + ExitCodes.BENCHMARK_FAILED + "): every cell or phase was unsupported, e.g. " + String.join("; ", why));
      err.flush();
    }
    return outcome.succeeded() ? ExitCodes.OK : ExitCodes.BENCHMARK_FAILED;
  }
}
