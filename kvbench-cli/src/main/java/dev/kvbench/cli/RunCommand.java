package dev.kvbench.cli;

import dev.kvbench.report.ShellWords;
import dev.kvbench.host.PageCache;
import dev.kvbench.summary.SeedTables;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.RunJournal;
import dev.kvbench.run.CellEstimate;
import dev.kvbench.run.CellParams;
import dev.kvbench.run.ReadCache;
import dev.kvbench.summary.RunSummary;
import dev.kvbench.run.ScenarioRunner;
import dev.kvbench.run.Shard;
import dev.kvbench.scenario.Counts;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Presets;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.KeyFormats;
import dev.kvbench.workload.ValueFormats;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.Traffic;
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

  @Option(names = "--entries", split = ",", paramLabel = "N",
      description = "Entries to write and read; a comma list sweeps (quick: 100000); 1m = 1,000,000.")
  List<String> entries;

  @Option(names = "--value-size", split = ",", paramLabel = "BYTES",
      description = "Bytes per value; a comma list sweeps (quick: 100).")
  List<String> valueSizes;

  @Option(names = "--value-content", split = ",", paramLabel = "random|zeros|compressible:R|uniform-length",
      description = "What the values are: random (the default, the 2016 reports' values), zeros, compressible:R, db_bench's values compressible to about R (0.5 is db_bench's default), or uniform-length, random values of lengths uniform from 1 to --value-size (YCSB's fieldlengthdistribution=uniform); every kind keeps an 8-byte head per value so every read is still checked. A ValueFormat's class name on the class path works too. A comma list sweeps.")
  List<String> valueContents;

  @Option(names = "--codec", split = ",", paramLabel = "none|deflate|...",
      description = "Value codec the harness applies to each value before put and after get, as the Symas compression benchmark did (default: none); `kvbench list codecs` names them. A comma list sweeps.")
  List<String> codecs;

  @Option(names = "--keys", split = ",", paramLabel = "int|str|uuid4|uuid7",
      description = "Key type: int (4-byte big-endian), str (16-byte zero-padded decimal), uuid4 (16-byte random "
          + "UUIDs: index order is not key order) or uuid7 (16-byte time-ordered UUIDs); a comma list sweeps "
          + "(quick: int).")
  List<String> keys;

  @Option(names = "--order", split = ",", paramLabel = "seq|rnd",
      description = "Write and readKey order: seq (0..N-1) or rnd (seeded permutation); a comma list sweeps (quick: seq,rnd).")
  List<String> orders;

  @Option(names = "--batch-size", split = ",", paramLabel = "N|all",
      description = "Entries per write transaction or batch; all = every entry in one (quick: all); a comma list sweeps.")
  List<String> batchSizes;

  @Option(names = {"--sync", "--durability"}, split = ",", paramLabel = "sync|lazy|nosync",
      description = "Durability (quick: nosync): sync = flushed on every commit; lazy = logged or partly flushed; nosync = left to the OS, the seeds' setting. Each store records the native flags used; a store that cannot honour one is reported unsupported for it.")
  List<String> durability;

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

  @Option(names = "--threads", split = ",", paramLabel = "T",
      description = "Client threads of the threaded phases (readers, readwhilewriting, ycsb-a ... ycsb-f), each with its own session; a comma list sweeps, e.g. 1,2,4 (default: the scenario's; 1).")
  List<String> threads;

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
    List<CellParams> cells;
    ScenarioRunner probe = new ScenarioRunner(registry, dev.kvbench.run.RunListener.NONE);
    try {
      cells = probe.cells(scenario, options.shard(), options.maxCells());
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
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
      return runAndReport(runner, err, () -> runner.run(scenario, options), out);
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
      return applyFlags(s);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
  }

  private Scenario applyFlags(Scenario s) {
    Matrix m = s.matrix();
    if (stores != null) {
      m = m.withStores(stores);
    }
    if (entries != null) {
      m = m.withEntries(each("--entries", entries, Counts::parse));
    }
    if (valueSizes != null) {
      m = m.withValueSizes(each("--value-size", valueSizes, Counts::parseBytes));
    }
    if (codecs != null) {
      m = m.withCodecs(each("--codec", codecs, ScenarioFiles::codec));
    }
    if (valueContents != null) {
      m = m.withValueContents(each("--value-content", valueContents, ValueFormats::of));
    }
    if (keys != null) {
      m = m.withKeys(each("--keys", keys, KeyFormats::of));
    }
    if (orders != null) {
      m = m.withOrders(each("--order", orders, KeyOrder::fromId));
    }
    if (batchSizes != null) {
      m = m.withBatchSizes(each("--batch-size", batchSizes, ScenarioFiles::batchSize));
    }
    if (durability != null) {
      m = m.withDurability(each("--sync", durability, Durability::fromId));
    }
    if (!storeOptions.isEmpty()) {
      m = m.withSettings(storeSettings());
    }
    if (threads != null) {
      m = m.withThreads(each("--threads", threads, ScenarioFiles::threads));
    }
    if (scale != null) {
      m = m.scaled(scale);
    }
    s = s.withMatrix(m);
    s = s.withTraffic(traffic(s.traffic()));
    if (phases != null) {
      s = s.withPhases(each("--phases", phases, Phase::fromId));
    }
    if (seed != null) {
      s = s.withSeed(seed);
    }
    Repetitions r = s.repetitions();
    if (forks != null || warmupPasses != null || warmupMillis != null || measured != null) {
      s = s.withRepetitions(new Repetitions(forks != null ? forks : r.forks(),
          warmupPasses != null ? warmupPasses : r.warmupPasses(),
          warmupMillis != null ? warmupMillis : r.warmupMillis(), measured != null ? measured : r.measuredPasses(),
          r.readCache(), r.traceCommits()));
    }
    if (dropCaches) {
      s = s.withRepetitions(s.repetitions().withReadCache(ReadCache.COLD));
    }
    if (traceCommits) {
      s = s.withRepetitions(s.repetitions().withTraceCommits(true));
    }
    if (heap != null || jvmOptions != null) {
      s = s.withJvm(new JvmOptions(s.jvm().java(), heap != null ? heap : s.jvm().heap(),
          jvmOptions != null ? jvmOptions : s.jvm().options()));
    }
    if (cellTimeout != null) {
      s = s.withCellTimeout(ScenarioFiles.duration(cellTimeout));
    }
    if (latencySample != null) {
      s = s.withLatencySample(latencySample);
    }
    return s;
  }

  private Traffic traffic(Traffic t) {
    try {
      if (rate != null) {
        t = t.withRate(positive("--rate", rate));
      }
      if (duration != null) {
        t = t.withDurationMillis(ScenarioFiles.millis(duration));
      }
      if (operations != null) {
        t = t.withOperations(Counts.parse(operations));
      }
      if (writerRate != null) {
        t = t.withWriterRate(positive("--writer-rate", writerRate));
      }
      if (zipfianConstant != null) {
        t = t.withZipfianConstant(zipfianConstant);
      }
      if (distribution != null) {
        t = t.withDistribution(RequestDistribution.fromId(distribution));
      }
      if (writerStall != null) {
        t = t.withWriterStallMillis(ScenarioFiles.millis(writerStall));
      }
      return t;
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
    for (List<String> values : java.util.Arrays.asList(entries, batchSizes, valueSizes)) {
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
    return stores != null || entries != null || valueSizes != null || keys != null || orders != null
        || batchSizes != null || durability != null || !storeOptions.isEmpty() || phases != null || scale != null
        || seed != null || forks != null || warmupMillis != null || warmupPasses != null || measured != null || dropCaches || traceCommits
        || heap != null || jvmOptions != null || cellTimeout != null || latencySample != null || shard != null
        || threads != null || rate != null || duration != null || operations != null || writerRate != null
        || zipfianConstant != null || distribution != null || writerStall != null
        || output != null || dryRun || maxCells != null;
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
