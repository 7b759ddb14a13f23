package dev.kvbench.cli;

import dev.kvbench.workload.trace.MixgraphModel;
import dev.kvbench.workload.trace.TraceFit;
import dev.kvbench.workload.trace.TraceFormatException;
import java.io.IOException;
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

/** {@code kvbench trace fit}: db_bench's mixgraph model fitted to a trace, to scale up or share instead of the trace. */
@Command(
    name = "fit",
    mixinStandardHelpOptions = true,
    header = "Fits db_bench's mixgraph model to a trace.",
    description = {"Reads the trace once and fits the mixgraph model (Cao et al., FAST 2020) to it: the key space (keys"
        + " read as numbers, their first 8 bytes big-endian) cut into equal ranges whose shares of the keyed operations"
        + " follow a two-term exponential, hottest first, with the ranges' order as the trace had it; a power law within"
        + " the hottest range; the op mix of gets, puts and seeks; value sizes and seek lengths as generalized Pareto"
        + " draws; the rate over time as a sine. It prints the model and how far the model's keys are from the trace's"
        + " (the two-sample Kolmogorov-Smirnov D over the key space), and writes the model as YAML with --out, for"
        + " kvbench trace generate (which scales it: --keys-times, --rate-times) and kvbench run --trace MODEL.yaml:N;"
        + " with --scenario also a scenario file that replays the model's draws on every store (kvbench run"
        + " SCENARIO.yaml; --scale scales its operations)."})
final class TraceFitCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "The trace.")
  Path file;

  @Option(names = "--ranges", paramLabel = "N", defaultValue = "30",
      description = "Key ranges to cut the key space into (default: ${DEFAULT-VALUE}, FAST'20's).")
  int ranges;

  @Option(names = "--keys", paramLabel = "N", defaultValue = "0",
      description = "Keys in the key space (default: the largest key the trace names, plus one).")
  long keys;

  @Option(names = "--out", paramLabel = "MODEL.yaml", description = "Write the fitted model here (a new file).")
  Path out;

  @Option(names = "--scenario", paramLabel = "SCENARIO.yaml", description = "Also write a scenario file that draws"
      + " as many operations as the trace holds from the model (--out) and replays them on every store (a new file;"
      + " it names the model by the path --out gives, from the directory kvbench runs in).")
  Path scenario;

  @Override
  public Integer call() {
    if (scenario != null && out == null) {
      throw new UsageException("--scenario " + scenario + " names the model it replays: give the model's file with"
          + " --out MODEL.yaml too");
    }
    if (scenario != null && Files.exists(scenario)) {
      throw new UsageException("--scenario " + scenario + " exists: kvbench writes a scenario to a new file; choose"
          + " another name");
    }
    if (!Files.isRegularFile(file)) {
      throw new UsageException("no trace at " + file + ": give the path of a trace file");
    }
    if (ranges < 1) {
      throw new UsageException("--ranges " + ranges + ": give 1 or more key ranges (FAST'20 used 30)");
    }
    if (keys < 0) {
      throw new UsageException("--keys " + keys + ": give the key space's size, or 0 for the largest key the trace"
          + " names");
    }
    if (out != null && Files.exists(out)) {
      throw new UsageException("--out " + out + " exists: kvbench writes a model to a new file; choose another name");
    }
    TraceFit.Result fit;
    try {
      fit = TraceFit.fit(file, ranges, keys);
    } catch (TraceFormatException | UncheckedIOException | IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
    PrintWriter o = spec.commandLine().getOut();
    describe(o, file, fit);
    if (out != null) {
      writeNew(out, fit.model().yaml());
      o.println("model: " + out + " (kvbench trace generate --model " + out + " --operations N OUT.kvbtrace makes a"
          + " trace of it; --keys-times 10 and --rate-times 2 scale it)");
    }
    if (scenario != null) {
      writeNew(scenario, scenarioYaml(file, out, fit));
      o.println("scenario: " + scenario + " (kvbench run " + scenario + " replays " + String.format(Locale.ROOT, "%,d",
          fit.keyedOperations()) + " operations drawn from the model on every store)");
    }
    o.flush();
    return ExitCodes.OK;
  }

  /** Writes {@code text} to {@code file} by temp + rename: never a half-written file under its name. */
  private static void writeNew(Path file, String text) {
    Path tmp = file.resolveSibling(file.getFileName() + ".partial");
    try {
      Files.writeString(tmp, text);
      Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  /** A scenario that replays the trace's count of operations drawn from {@code model} on every store. */
  static String scenarioYaml(Path trace, Path model, TraceFit.Result fit) {
    String stem = trace.getFileName().toString().replaceFirst("\\.kvbtrace$", "");
    java.util.Map<String, Object> y = new java.util.LinkedHashMap<>();
    y.put("name", "fitted-" + stem);
    y.put("description", String.format(Locale.ROOT, "db_bench's mixgraph model fitted to %s by kvbench trace fit"
        + " (%,d operations with a key; the model's keys %.4f from the trace's, two-sample Kolmogorov-Smirnov D):"
        + " as many operations drawn from it (seed %d) in each cell and replayed on every store, every read checked.",
        trace.getFileName(), fit.keyedOperations(), fit.keyDistance(), dev.kvbench.workload.trace.DrawnTrace.SEED));
    // the model by its absolute path: a scenario file's paths are resolved from where kvbench runs, which may be elsewhere
    y.put("matrix", java.util.Map.of("traces", java.util.List.of(model.toAbsolutePath().normalize() + ":"
        + fit.keyedOperations()),
        "durability", java.util.List.of("nosync")));
    y.put("phases", java.util.List.of("replay"));
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
          .writeValueAsString(y);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a scenario did not write as YAML: " + e.getMessage(), e);
    }
  }

  static void describe(PrintWriter o, Path file, TraceFit.Result fit) {
    MixgraphModel m = fit.model();
    MixgraphModel.KeyRanges r = m.ranges();
    o.printf(Locale.ROOT, "db_bench's mixgraph model fitted to %s (%,d operations with a key):%n", file,
        fit.keyedOperations());
    o.printf(Locale.ROOT, "  keys:          %,d of %d bytes, in %d ranges of %,d%n", m.keys(), m.keySize(), r.count(),
        m.keys() / r.count());
    int hottest = r.order().isEmpty() ? 0 : r.order().get(0);
    o.printf(Locale.ROOT, "  ranges:        share at place x (1 the hottest) %.4g*e^(%.4g*x) + %.4g*e^(%.4g*x);"
        + " the hottest is range %d (%.1f %% of the operations)%n", r.a(), r.b(), r.c(), r.d(), hottest,
        100 * fit.rangeShares().get(hottest));
    o.printf(Locale.ROOT, "  in a range:    %s%n", m.keyDist().uniform() ? "every key alike"
        : String.format(Locale.ROOT, "its hottest s keys take %.4g*s^%.4g of its operations", m.keyDist().a(),
            m.keyDist().b()));
    double sum = m.mix().get() + m.mix().put() + m.mix().seek();
    o.printf(Locale.ROOT, "  mix:           %.2f %% gets, %.2f %% puts, %.2f %% seeks%n", 100 * m.mix().get() / sum,
        100 * m.mix().put() / sum, 100 * m.mix().seek() / sum);
    o.printf(Locale.ROOT, "  value sizes:   %s%n", pareto(m.valueSize()));
    o.printf(Locale.ROOT, "  seek lengths:  %s%n", pareto(m.scanLength()));
    MixgraphModel.Sine s = m.rate();
    o.printf(Locale.ROOT, "  rate:          %s%n", s.a() == 0 ? String.format(Locale.ROOT, "%,.0f ops/s", s.d())
        : String.format(Locale.ROOT, "%,.0f*sin(%.4g*t + %.3f) + %,.0f ops/s at t s (a period of %.4g s), held %,d ms",
            s.a(), s.b(), s.c(), s.d(), 2 * Math.PI / s.b(), s.intervalMillis()));
    o.printf(Locale.ROOT, "  fit:           the model's keys against the trace's over the key space: KS D = %.4f (%,d"
        + " keys each)%n", fit.keyDistance(), fit.comparedKeys());
    fit.notes().forEach(n -> o.println("  note: " + n));
  }

  private static String pareto(MixgraphModel.Pareto p) {
    return p.sigma() == 0 ? String.format(Locale.ROOT, "%,.0f (one size)", p.theta())
        : String.format(Locale.ROOT, "generalized Pareto, k %.4g, sigma %.4g, theta %.4g; at most %,d", p.k(), p.sigma(),
            p.theta(), p.max());
  }
}
