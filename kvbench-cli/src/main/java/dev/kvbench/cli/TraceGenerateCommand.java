package dev.kvbench.cli;

import dev.kvbench.workload.trace.MixgraphGenerator;
import dev.kvbench.workload.trace.MixgraphModel;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code kvbench trace generate}: a trace drawn from a mixgraph model, to replay on every store. */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    header = "Writes a trace drawn from a mixgraph model.",
    description = {"Draws operations from db_bench's mixgraph model, FAST'20's parameters as db_bench's documentation"
        + " gives them (--model fast20, the default) or one kvbench trace fit wrote, and writes them as a trace: each"
        + " get, put and seek in a transaction of its own, at the model's rate over time (the trace's clock is the"
        + " generator's, so it is written as fast as the disk takes it). Replay it with kvbench run --trace OUT (as"
        + " fast as each store goes) or --trace OUT@1x (at the model's rate)."})
final class TraceGenerateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "OUT", description = "The trace to write (a new file).")
  Path out;

  @Option(names = "--model", paramLabel = "fast20|MODEL.yaml", defaultValue = "fast20",
      description = "The model: fast20, or a file kvbench trace fit wrote (default: ${DEFAULT-VALUE}).")
  String model;

  @Option(names = "--operations", paramLabel = "N", required = true, description = "Operations to draw.")
  long operations;

  @Option(names = "--keys-times", paramLabel = "X", defaultValue = "1",
      description = "Scale the key space: X times the keys, each range X times as wide (default: ${DEFAULT-VALUE}).")
  double keysTimes;

  @Option(names = "--rate-times", paramLabel = "X", defaultValue = "1",
      description = "Scale the rate, its mean and its swing (default: ${DEFAULT-VALUE}).")
  double rateTimes;

  @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The draws' seed (default: ${DEFAULT-VALUE}).")
  long seed;

  @Override
  public Integer call() {
    if (operations < 1) {
      throw new UsageException("--operations " + operations + ": give 1 or more operations to draw");
    }
    if (!(keysTimes > 0) || !(rateTimes > 0)) {
      throw new UsageException("--keys-times and --rate-times are factors above 0, e.g. 10 or 0.5");
    }
    if (Files.exists(out)) {
      throw new UsageException(out + " exists: kvbench writes a trace to a new file; choose another name");
    }
    MixgraphModel m;
    if (model.equals("fast20")) {
      m = MixgraphModel.FAST20;
    } else if (!Files.isRegularFile(Path.of(model))) {
      throw new UsageException("--model " + model + ": give fast20, or the file of a model kvbench trace fit wrote");
    } else {
      try {
        m = MixgraphModel.read(Path.of(model));
      } catch (IllegalArgumentException e) {
        throw new UsageException("--model " + e.getMessage(), e);
      }
    }
    m = m.withKeysTimes(keysTimes).withRateTimes(rateTimes);
    long records;
    try {
      records = MixgraphGenerator.write(m, operations, seed, out);
    } catch (UncheckedIOException e) {
      throw new UsageException(e.getMessage(), e);
    }
    PrintWriter o = spec.commandLine().getOut();
    o.printf(Locale.ROOT, "trace %s: %,d mixgraph operations (%,d records) over %,d keys, model %s, seed %d%n", out,
        operations, records, m.keys(), model, seed);
    o.println("next: kvbench trace info " + out + "; kvbench run --trace " + out + " --stores lmdbjava-agrona,rocksdb,null");
    o.flush();
    return ExitCodes.OK;
  }
}
