package dev.kvbench.cli;

import dev.kvbench.report.ShellWords;
import dev.kvbench.host.PageCache;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.RunJournal;
import dev.kvbench.runner.CellEstimate;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.ReadCache;
import dev.kvbench.summary.RunSummary;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.Shard;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Axis;
import dev.kvbench.scenario.Counts;
import dev.kvbench.scenario.Presets;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RequestDistribution;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs a scenario file or a preset (default: quick): every cell of its matrix in a fresh JVM,"
          + " warm-up then measured passes of each phase; prints the seeds' tables and keeps every result"
          + " in a JSON Lines journal and a JSON document.",
      "Flags override the scenario. A comma always separates the values of a sweep (--value-size 2026,2027);"
          + " write thousands as 1000000, 1_000_000 or 1m. Giving the same setting twice is an error."
    })
final class RunCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", arity = "0..1", paramLabel = "FILE|PRESET",
      description = "A scenario YAML file or a preset (kvbench list presets); default: quick.")
  String source;

  @Option(names = "--stores", split = ",", paramLabel = "ID",
      description = "Stores to run (default: the scenario's; quick runs every available store, with null as the harness's reference row). See `kvbench list`.")
  List<String> stores;

  @Option(names = {"-o", "--store-option"}, paramLabel = "STORE.KEY=V[,V...]",
      description = "A store-specific setting, repeatable for different keys; a comma list sweeps, e.g. -o lmdbjava-bb.writeMap=true,false. `kvbench list` shows each store's settings.")
  List<String> storeOptions = new ArrayList<>();

  @Option(names = "--phases", split = ",", paramLabel = "PHASE",
      description = "Phases to report (default: the scenario's; quick: write, readKey, readSeq, readRev, readCrc, readXxh64). The store is always loaded first.")
  List<String> phases;

  @Option(names = "--scale", paramLabel = "FACTOR",
      description = "Multiplies the scenario's entry counts (and batch sizes), e.g. 0.01 for a quick look at a big preset.")
  Double scale;

  @Option(names = "--seed", paramLabel = "LONG",
      description = "Master seed for key order, values and latency sampling (default: 20160710).")
  Long seed;

  @Option(names = "--forks", paramLabel = "N",
      description = "Fresh JVMs per cell (default: 1); 0 runs every cell inside this JVM, without crash isolation.")
  Integer forks;

  @Option(names = "--warmup", paramLabel = "MS",
      description = "At least this many milliseconds of untimed passes before each phase's measured passes (default: 1000).")
  Long warmupMillis;

  @Option(names = "--warmup-passes", paramLabel = "N",
      description = "At least this many untimed passes before each phase's measured passes (default: 2).")
  Integer warmupPasses;

  @Option(names = "--measured", paramLabel = "N",
      description = "Measured passes per phase; tables show their median with min-max (default: 3).")
  Integer measured;

  @Option(names = "--drop-caches",
      description = "Write dirty pages back and drop the page cache before each measured read pass (readKey, "
          + "readSeq, readRev, readCrc, readXxh64), untimed, so read amplification is a cold cache's; needs root.")
  boolean dropCaches;

  @Option(names = "--trace-commits",
      description = "Record every commit of each measured write pass: its latency, the bytes the process wrote for it "
          + "(/proc/self/io; a tmpfs counts none) and, for LMDB via LmdbJava, its pages; the probes' time is left out "
          + "of the pass time.")
  boolean traceCommits;

  @Option(names = "--heap", paramLabel = "SIZE",
      description = "Maximum heap of each cell's JVM, as -Xmx takes it (default: the JVM's).")
  String heap;

  @Option(names = "--jvm-option", paramLabel = "OPTION",
      description = "A further option for each cell's JVM, repeatable, e.g. --jvm-option=-XX:+UseParallelGC.")
  List<String> jvmOptions;

  @Option(names = "--timeout", paramLabel = "DURATION",
      description = "A cell running longer is killed after a thread dump and recorded failed, e.g. 30m (default: 1h).")
  String cellTimeout;

  @Option(names = "--latency-sample", paramLabel = "N",
      description = "Time about one op in N for the latency percentiles of write and readKey (default: 64); 1 times every op and slows the pass.")
  Integer latencySample;

  @Option(names = "--rate", paramLabel = "OPS/S",
      description = "Target ops per second over all client threads of the threaded phases: each op is issued on a schedule and its latency counts from its intended start, so a stall shows in the percentiles; the achieved rate is reported beside it (default: none; latencies are then service times).")
  Double rate;

  @Option(names = "--duration", paramLabel = "DURATION",
      description = "Each pass of a threaded phase lasts this long (e.g. 500ms, 10s, 5m) instead of a count of ops; ops per interval are recorded for the throughput-over-time chart.")
  String duration;

  @Option(names = "--operations", paramLabel = "N",
      description = "Ops per pass of a ycsb phase over all client threads, YCSB's operationcount (default: the entry count).")
  String operations;

  @Option(names = "--writer-rate", paramLabel = "PUTS/S",
      description = "Puts per second of readwhilewriting's writer (default: as fast as it can).")
  Double writerRate;

  @Option(names = "--zipfian-constant", paramLabel = "THETA",
      description = "Constant of the zipfian and latest request distributions, above 0 and below 1 (default: 0.99, YCSB's).")
  Double zipfianConstant;

  @Option(names = "--distribution", paramLabel = "uniform|zipfian|latest|hotspot",
      description = "Request distribution of every ycsb phase instead of its own (YCSB's requestdistribution).")
  String distribution;

  // test-only: shows what a stalled writer does to the readers' latencies (coordinated omission)
  @Option(names = "--writer-stall", paramLabel = "DURATION", hidden = true)
  String writerStall;

  @Option(names = "--work-dir", paramLabel = "DIR",
      description = "Empty or new directory for the stores' files (default: a new directory under /dev/shm when it is tmpfs, else the temp dir; removed afterwards).")
  Path workDir;

  @Option(names = "--output", paramLabel = "FILE",
      description = "Result document (default: kvbench-results/<scenario>-<time>-<pid>.json); its journal is FILE with .jsonl. Never overwritten.")
  Path output;

  @Option(names = "--shard", paramLabel = "i/n",
      description = "Run only shard i of n: cells i, i+n, i+2n ... of the expanded matrix (for fleets).")
  String shard;

  @Option(names = "--resume", paramLabel = "RESULTS",
      description = "Finish the run whose results (.json or .jsonl) these are: only cells without a result run.")
  Path resume;

  @Option(names = "--max-cells", paramLabel = "N",
      description = "Refuse a matrix of more cells than this, before expanding it (default: 100,000): each sweep"
          + " multiplies the others, and a mistyped one should not run for weeks.")
  Long maxCells;

  @Option(names = "--dry-run",
      description = "Print the expanded cells, the data and disk each needs and a rough time; run nothing.")
  boolean dryRun;

  @Option(names = {"-q", "--quiet"}, description = "No progress on stderr.")
  boolean quiet;

  private final ScenarioFiles files = new ScenarioFiles();

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    refuseRepeatedOptions();
    StoreRegistry registry = StoreRegistry.load();
    ScenarioRunner.Options options;
    try {
      options = new ScenarioRunner.Options(workDir, output, shard == null ? null : Shard.parse(shard),
          spec.commandLine().getParseResult().originalArgs(), KvbenchCommand.version(),
          maxCells == null ? Scenario.DEFAULT_MAX_CELLS : maxCells);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
    if (resume != null) {
      return resumeRun(registry, options, out, err);
    }
    Scenario scenario = scenario(registry);
    if (scenario.repetitions().readCache() == ReadCache.COLD && PageCache.unavailableReason() != null) {
      throw new UsageException("--drop-caches (repetitions.readCache: cold): " + PageCache.unavailableReason());
    }
    ScenarioRunner probe = new ScenarioRunner(registry, dev.kvbench.run.RunListener.NONE);
    ScenarioRunner.RunPlan plan;
    try {
      plan = probe.plan(scenario, options);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
    List<CellParams> cells = plan.cells();
    if (cells.stream().allMatch(c -> c.unsupportedReason(registry.require(c.storeId())) != null)) {
      throw new UsageException("no cell of this matrix can run: "
          + cells.get(0).unsupportedReason(registry.require(cells.get(0).storeId())));
    }
    if (dryRun) {
      String spaceProblem = probe.spaceProblem(cells, workDir);
      printPlan(scenario, cells, spaceProblem, out);
      return spaceProblem == null ? ExitCodes.OK : ExitCodes.USAGE;
    }
    try (ProgressPrinter progress = new ProgressPrinter(err, quiet)) {
      ScenarioRunner runner = new ScenarioRunner(registry, progress);
      return runAndReport(runner, err, () -> runner.run(plan, options), out);
    }
  }

  private int resumeRun(StoreRegistry registry, ScenarioRunner.Options options, PrintWriter out, PrintWriter err) {
    if (source != null || scenarioFlagsGiven()) {
      throw new UsageException("--resume finishes the run as it was started; leave out the scenario and its flags"
          + " (only --work-dir and --quiet go with it)");
    }
    try (ProgressPrinter progress = new ProgressPrinter(err, quiet)) {
      ScenarioRunner runner = new ScenarioRunner(registry, progress);
      return runAndReport(runner, err, () -> runner.resume(resume, options), out);
    }
  }

  private interface RunAction {
    ScenarioRunner.RunOutcome run() throws IOException;
  }

  /**
   * Runs, and prints what the run kept. Ctrl-C and SIGTERM are core's to handle (the runner's own
   * shutdown hook ends the cell in flight as interrupted and closes the results); the progress
   * printer says what was kept. A results file system that fills stops the run cleanly, once.
   */
  private int runAndReport(ScenarioRunner runner, PrintWriter err, RunAction action, PrintWriter out) {
    ScenarioRunner.RunOutcome outcome;
    try {
      outcome = action.run();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    } catch (RunJournal.NotWritten e) {
      // the run's journal; a resume that could not even record itself has none yet: the file it wrote to
      Path journal = runner.journalPath() != null ? runner.journalPath() : RunJournal.journalOf(e.path());
      err.println("kvbench: " + e.getMessage() + ". Stopped: every cell finished before is kept in " + journal
          + " and " + RunJournal.documentOf(journal) + "; make room there, then finish the run with: kvbench run"
          + " --resume " + ShellWords.quote(journal.toString()));
      err.flush();
      return ExitCodes.RESULTS_NOT_WRITTEN;
    } catch (IOException e) {
      throw new IllegalStateException("cannot write results: " + e.getMessage(), e);
    }
    printTables(outcome.document(), out);
    out.println("results: " + outcome.documentPath() + " (journal " + outcome.journalPath() + ")"
        + (outcome.completed() ? "" : "; incomplete: finish with kvbench run --resume "
            + ShellWords.quote(outcome.journalPath().toString())));
    out.flush();
    return outcome.succeeded() ? ExitCodes.OK : ExitCodes.BENCHMARK_FAILED;
  }

  static void printTables(ResultDocument doc, PrintWriter out) {
    out.print(RunSummary.of(doc));
  }

  /** The scenario from the file or preset, with every flag applied. */
  private Scenario scenario(StoreRegistry registry) {
    Presets presets = new Presets();
    Scenario s;
    try {
      String name = source == null ? "quick" : source;
      if (presets.exists(name)) {
        s = presets.load(name, registry);
      } else if (Files.exists(Path.of(name)) || name.endsWith(".yaml") || name.endsWith(".yml")) {
        s = files.read(Path.of(name), registry);
      } else {
        throw new UsageException("'" + name + "' is neither a scenario file nor a preset; presets: "
            + String.join(", ", Presets.NAMES));
      }
      return overrides().applyTo(s);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
  }

  /** The scenario's changes that the flags ask for. */
  private ScenarioOverrides overrides() {
    ScenarioOverrides o = new ScenarioOverrides();
    if (stores != null) {
      o.stores(stores);
    }
    for (Axis<?> axis : Axes.ALL) {
      axisFlag(o, axis);
    }
    if (!storeOptions.isEmpty()) {
      o.settings(storeSettings());
    }
    if (scale != null) {
      o.scale(scale);
    }
    traffic(o);
    if (phases != null) {
      o.phases(each("--phases", phases, Phase::fromId));
    }
    if (seed != null) {
      o.seed(seed);
    }
    if (forks != null) {
      o.forks(forks);
    }
    if (warmupPasses != null) {
      o.warmupPasses(warmupPasses);
    }
    if (warmupMillis != null) {
      o.warmupMillis(warmupMillis);
    }
    if (measured != null) {
      o.measuredPasses(measured);
    }
    if (dropCaches) {
      o.readCache(ReadCache.COLD);
    }
    if (traceCommits) {
      o.traceCommits(true);
    }
    if (heap != null) {
      o.heap(heap);
    }
    if (jvmOptions != null) {
      o.jvmOptions(jvmOptions);
    }
    if (cellTimeout != null) {
      o.cellTimeout(ScenarioFiles.duration(cellTimeout));
    }
    if (latencySample != null) {
      o.latencySample(latencySample);
    }
    return o;
  }

  /** The values of {@code axis}'s flag, when given, parsed by the axis. */
  private <T> void axisFlag(ScenarioOverrides o, Axis<T> axis) {
    List<String> texts = AxisOptions.texts(spec, axis);
    if (texts != null) {
      o.axis(axis, each(axis.flags().get(0), texts, axis::parse));
    }
  }

  private void traffic(ScenarioOverrides o) {
    try {
      if (rate != null) {
        double r = positive("--rate", rate);
        o.traffic(t -> t.withRate(r));
      }
      if (duration != null) {
        long ms = ScenarioFiles.millis(duration);
        o.traffic(t -> t.withDurationMillis(ms));
      }
      if (operations != null) {
        long n = Counts.parse(operations);
        o.traffic(t -> t.withOperations(n));
      }
      if (writerRate != null) {
        double r = positive("--writer-rate", writerRate);
        o.traffic(t -> t.withWriterRate(r));
      }
      if (zipfianConstant != null) {
        o.traffic(t -> t.withZipfianConstant(zipfianConstant));
      }
      if (distribution != null) {
        RequestDistribution d = RequestDistribution.fromId(distribution);
        o.traffic(t -> t.withDistribution(d));
      }
      if (writerStall != null) {
        long ms = ScenarioFiles.millis(writerStall);
        o.traffic(t -> t.withWriterStallMillis(ms));
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
  }

  private static double positive(String flag, double v) {
    if (!(v > 0)) {
      throw new UsageException(flag + " must be above 0, got " + v + "; leave it out for no target");
    }
    return v;
  }

  private static <T> List<T> each(String flag, List<String> texts, Function<String, T> parse) {
    List<T> out = new ArrayList<>();
    for (String t : texts) {
      try {
        out.add(parse.apply(t));
      } catch (IllegalArgumentException e) {
        throw new UsageException(flag + ": " + e.getMessage(), e);
      }
    }
    return out;
  }

  /** Splits -o store.key=v1,v2 into the matrix's settings sweep. */
  private Map<String, List<String>> storeSettings() {
    Map<String, List<String>> settings = new LinkedHashMap<>();
    for (String option : storeOptions) {
      int eq = option.indexOf('=');
      int dot = option.lastIndexOf('.', eq < 0 ? option.length() : eq);
      if (eq < 0 || dot <= 0) {
        throw new UsageException("-o " + option + ": expected STORE.KEY=VALUE, e.g. -o lmdbjava-bb.writeMap=false");
      }
      String key = option.substring(0, eq);
      if (settings.containsKey(key)) {
        throw new UsageException("-o " + key + " is given twice; give it once, with a comma list to sweep"
            + " (e.g. -o " + key + "=true,false)");
      }
      settings.put(key, List.of(option.substring(eq + 1).split(",", -1)));
    }
    return settings;
  }

  /** The same option twice is an error, not "last wins" (and list options would silently add up). */
  private void refuseRepeatedOptions() {
    Map<String, Integer> seen = new HashMap<>();
    List<String> args = spec.commandLine().getParseResult().originalArgs();
    for (String arg : args) {
      if (!arg.startsWith("-") || arg.equals("-o") || arg.equals("--store-option") || arg.startsWith("-o")
          || arg.startsWith("--store-option=") || arg.startsWith("--jvm-option")) {
        continue;
      }
      String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      var option = spec.findOption(name);
      if (option == null) {
        continue;
      }
      String longest = option.longestName();
      if (seen.merge(longest, 1, Integer::sum) > 1) {
        throw new UsageException(longest + " is given twice; give it once (a comma list sweeps several values)");
      }
    }
    for (Axis<?> counted : List.of(Axes.ENTRIES, Axes.BATCH_SIZES, Axes.VALUE_SIZES)) {
      List<String> values = AxisOptions.texts(spec, counted);
      if (values == null) {
        continue;
      }
      for (int i = 0; i + 1 < values.size(); i++) {
        if (values.get(i).matches("\\d{1,3}") && values.get(i + 1).matches("\\d{3}")) {
          throw new UsageException("'" + String.join(",", values) + "' looks like a number with a thousands"
              + " separator, but a comma separates the values of a sweep; write 1000000, 1_000_000 or 1m");
        }
      }
    }
  }

  private boolean scenarioFlagsGiven() {
    if (shard != null || output != null || dryRun || maxCells != null) {
      return true;
    }
    try {
      return !overrides().isEmpty();
    } catch (IllegalArgumentException e) {
      return true; // a flag was given, and a bad one at that
    }
  }

  private void printPlan(Scenario scenario, List<CellParams> cells, String spaceProblem, PrintWriter out) {
    out.printf(Locale.ROOT, "scenario %s: %d cells%s%n", scenario.name(), cells.size(),
        scenario.description().isEmpty() ? "" : " - " + scenario.description().trim().replaceAll("\\s+", " "));
    out.printf(Locale.ROOT, "passes per phase: %d warm-up (at least %,d ms) + %d measured; %s%n",
        scenario.repetitions().warmupPasses(), scenario.repetitions().warmupMillis(),
        scenario.repetitions().measuredPasses(),
        scenario.repetitions().forks() == 0 ? "in this JVM" : scenario.repetitions().forks() + " fresh JVM(s) per cell");
    dev.kvbench.summary.TextTable t = new dev.kvbench.summary.TextTable(
        List.of("#", "Cell", "Flat data", "Disk (rough)", "Time (rough)"), true, false, true, true, true);
    long maxDisk = 0;
    double seconds = 0;
    for (int i = 0; i < cells.size(); i++) {
      CellParams c = cells.get(i);
      CellEstimate e = CellEstimate.of(c);
      maxDisk = Math.max(maxDisk, e.estimatedBytes());
      seconds += e.estimatedSeconds();
      t.row(Integer.toString(i + 1), c.id(), bytes(e.flatBytes()), bytes(e.estimatedBytes()),
          duration(e.estimatedSeconds()));
    }
    out.print(t.render());
    out.printf(Locale.ROOT, "largest cell needs about %s in the work directory; the whole run takes roughly %s"
        + " (estimates from per-op costs on an in-memory work directory; real times vary by store and host)%n",
        bytes(maxDisk), duration(seconds));
    long free = ScenarioRunner.freeBytes(workDir);
    if (spaceProblem == null && free >= 0 && maxDisk > free) {
      out.printf(Locale.ROOT, "WARNING: the largest cell will likely need %s but the work directory has %s free;"
          + " --scale %s would fit the estimate%n", bytes(maxDisk), bytes(free), ScenarioRunner.scaleToFit(maxDisk, free));
    }
    out.println();
    out.println("# the scenario as YAML: save it to a file, edit it, and run it with kvbench run FILE");
    out.print(files.write(scenario));
    if (spaceProblem != null) {
      out.println();
      out.println("REFUSED: " + spaceProblem);
    }
    out.flush();
  }

  private static String bytes(long b) {
    return b >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", b / (double) (1L << 30))
        : String.format(Locale.ROOT, "%.1f MiB", b / (double) (1L << 20));
  }

  private static String duration(double s) {
    return s >= 3600 ? String.format(Locale.ROOT, "%.1f h", s / 3600)
        : s >= 60 ? String.format(Locale.ROOT, "%.1f min", s / 60) : String.format(Locale.ROOT, "%.0f s", s);
  }
}
