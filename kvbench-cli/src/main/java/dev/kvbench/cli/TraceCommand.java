package dev.kvbench.cli;

import dev.kvbench.report.trace.TraceSummary;
import dev.kvbench.workload.trace.TraceFormatException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kvbench trace}: what a recorded trace of an application's operations holds. */
@Command(
    name = "trace",
    mixinStandardHelpOptions = true,
    header = "Describes traces: recordings of what an application did to a store.",
    description = {"A trace is what kvbench's Recording wrapper wrote while an application used a store: each get,"
        + " put, delete, scan and transaction, with its session, time, key and sizes (never a value)."},
    subcommands = {TraceCommand.Info.class, TraceFitCommand.class, TraceGenerateCommand.class})
final class TraceCommand implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new UsageException("say what to do with a trace: kvbench trace info FILE, kvbench trace fit FILE or kvbench"
        + " trace generate OUT");
  }

  @Command(
      name = "info",
      mixinStandardHelpOptions = true,
      header = "Prints what a trace holds.",
      description = {"Reads the whole trace once (in bounded memory) and prints its operations by kind, sessions,"
          + " duration and rate, distinct keys, key and value sizes, value classes, how often gets found their key,"
          + " scan lengths, and its locality (the share of the hottest keys, puts in key order). A file that is not a"
          + " whole trace (another tool's, a newer version, truncated or damaged) is named with the byte where"
          + " reading stopped, and nothing is printed of it."})
  static final class Info implements Callable<Integer> {

    @Spec CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The trace.")
    Path file;

    @Override
    public Integer call() {
      if (!Files.isRegularFile(file)) {
        throw new UsageException("no trace at " + file + ": give the path of a trace file");
      }
      TraceSummary summary;
      try {
        summary = TraceSummary.of(file);
      } catch (TraceFormatException e) {
        throw new UsageException(e.getMessage());
      } catch (UncheckedIOException e) {
        throw new UsageException(e.getMessage());
      }
      PrintWriter out = spec.commandLine().getOut();
      summary.lines().forEach(out::println);
      out.flush();
      return ExitCodes.OK;
    }
  }
}
