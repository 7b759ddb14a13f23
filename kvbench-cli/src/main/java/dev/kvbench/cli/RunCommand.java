package dev.kvbench.cli;

import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.TimerCost;
import dev.kvbench.report.SeedTables;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.EnvironmentProbe;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.run.CellParams;
import dev.kvbench.run.CellRunner;
import dev.kvbench.run.ExpectedChecksums;
import dev.kvbench.run.WorkArea;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Runs the seed workloads (write, readKey, readSeq, readRev, readCrc, readXxh64) for each store,"
          + " key type and order; prints the seeds' tables and writes a JSON result.",
      "With no options: every available store, 100,000 int keys x 100-byte values, seq and rnd order."
    })
final class RunCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--stores", split = ",", paramLabel = "ID",
      description = "Stores to run, comma-separated (default: every available store, with null as the harness's reference row). See `kvbench list`.")
  List<String> stores;

  @Option(names = "--entries", converter = CountConverter.class, defaultValue = "100000", paramLabel = "N",
      description = "Entries to write and read (default: ${DEFAULT-VALUE}); 1m = 1,000,000.")
  long entries;

  @Option(names = "--value-size", defaultValue = "100", paramLabel = "BYTES",
      description = "Bytes per value (default: ${DEFAULT-VALUE}).")
  int valueSize;

  @Option(names = "--keys", split = ",", defaultValue = "int", paramLabel = "int|str",
      description = "Key type: int (4-byte big-endian) or str (16-byte zero-padded decimal); a comma list runs each (default: ${DEFAULT-VALUE}).")
  List<String> keys;

  @Option(names = "--order", split = ",", defaultValue = "seq,rnd", paramLabel = "seq|rnd",
      description = "Write and readKey order: seq (0..N-1) or rnd (seeded permutation); a comma list runs each (default: ${DEFAULT-VALUE}).")
  List<String> orders;

  @Option(names = "--batch-size", converter = CountConverter.class, paramLabel = "N",
      description = "Entries per write transaction or batch (default: all entries in one).")
  Long batchSize;

  @Option(names = "--phases", split = ",", paramLabel = "PHASE",
      description = "Phases to report, comma-separated (default: all: write, readKey, readSeq, readRev, readCrc, readXxh64). The store is always loaded first.")
  List<String> phases;

  @Option(names = "--seed", defaultValue = "20160710", paramLabel = "LONG",
      description = "Master seed for key order, values and latency sampling (default: ${DEFAULT-VALUE}).")
  long seed;

  @Option(names = {"--sync", "--durability"}, defaultValue = "nosync", paramLabel = "sync|lazy|nosync",
      description = "Durability (default: ${DEFAULT-VALUE}): sync = flushed on every commit; lazy = logged or partly flushed; nosync = left to the OS, the seeds' setting. Each store records the native flags used.")
  String durability;

  @Option(names = "--work-dir", paramLabel = "DIR",
      description = "Empty or new directory for the stores' files (default: a new directory under /dev/shm when it is tmpfs, else the temp dir; removed afterwards).")
  Path workDir;

  @Option(names = "--output", paramLabel = "FILE",
      description = "Result JSON (default: kvbench-results/<timestamp>.json). Never overwritten.")
  Path output;

  @Option(names = {"-o", "--store-option"}, paramLabel = "STORE.KEY=VALUE",
      description = "A store-specific setting, repeatable, e.g. -o lmdbjava-bb.writeMap=false. `kvbench list` shows each store's settings.")
  List<String> storeOptions = new ArrayList<>();

  @Option(names = "--latency-sample", defaultValue = "16", paramLabel = "N",
      description = "Time about one op in N for the latency percentiles of write and readKey (default: ${DEFAULT-VALUE}); 1 times every op and slows the pass.")
  int latencySample;

  @Option(names = "--warmup", defaultValue = "1000", paramLabel = "MS",
      description = "Milliseconds of untimed passes (at least one) before each timed pass: reads repeat on the loaded store, writes load throw-away stores; so no timed pass measures the JIT warming up (default: ${DEFAULT-VALUE}; 0 = one cold shot).")
  long warmup;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    StoreRegistry registry = StoreRegistry.load();
    List<CellParams> cells = plan(registry);
    Map<String, StoreProvider> providers = new LinkedHashMap<>();
    for (CellParams c : cells) {
      StoreProvider p = registry.require(c.storeId());
      providers.put(c.storeId(), p);
      try {
        c.validateFor(p);
      } catch (IllegalArgumentException e) {
        throw new UsageException(e.getMessage(), e);
      }
    }
    Path resultPath = resolveOutput();
    ResultFiles files = new ResultFiles();
    WorkArea work;
    try {
      work = WorkArea.open(workDir);
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage(), e);
    }
    Thread cleanup = new Thread(work::close, "kvbench-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    CpuMeter cpu = new CpuMeter();
    RssMeter rss = new RssMeter();
    rss.resetPeak();
    double timerPair = TimerCost.pairNanos();
    String fsType = EnvironmentProbe.fileSystemType(work.root());
    err.printf("work directory: %s (%s%s)%n", work.root(), fsType,
        "tmpfs".equals(fsType) ? ", in memory" : ", on disk: results include this file system's costs");
    ResultDocument doc = new ResultDocument(
        ResultDocument.SCHEMA_VERSION, KvbenchCommand.version(), OffsetDateTime.now().toString(), seed,
        spec.commandLine().getParseResult().originalArgs(),
        EnvironmentProbe.probe(work.root(), cpu.source(), rss.resettable(), timerPair),
        List.of());
    List<CellResult> results = new ArrayList<>();
    try (ProgressPrinter progress = new ProgressPrinter(err, cells.size())) {
      CellRunner runner = new CellRunner(cpu, rss, new StorageMeter(), new ExpectedChecksums(), progress, timerPair);
      for (CellParams cell : cells) {
        CellResult result = runner.run(providers.get(cell.storeId()), cell, work);
        results.add(result);
        doc = doc.withCell(result);
        write(files, doc, resultPath);
      }
    } finally {
      work.close();
      Runtime.getRuntime().removeShutdownHook(cleanup);
    }
    for (Map.Entry<String, List<CellResult>> group : SeedTables.byWorkload(results).entrySet()) {
      out.println();
      out.println(group.getKey());
      out.println();
      out.print(SeedTables.timings(group.getValue()));
      out.println();
      out.println("Storage (bytes allocated after close, as du -B1; overhead against a flat array of keys + values)");
      out.print(SeedTables.storage(group.getValue()));
    }
    out.println();
    out.println("results: " + resultPath);
    out.flush();
    return results.stream().allMatch(CellResult::succeeded) ? ExitCodes.OK : ExitCodes.BENCHMARK_FAILED;
  }

  private List<CellParams> plan(StoreRegistry registry) {
    List<String> storeIds = stores;
    if (storeIds == null || storeIds.isEmpty()) {
      storeIds = registry.all().stream()
          .filter(p -> p.availability().available())
          .map(StoreProvider::id).toList();
    }
    for (String id : storeIds) {
      if (registry.find(id).isEmpty()) {
        throw new UsageException("unknown store '" + id + "' in --stores; valid stores: " + registry.ids());
      }
    }
    Map<String, Map<String, String>> settings = storeSettings(registry, storeIds);
    List<Phase> phaseList;
    try {
      phaseList = phases == null ? Arrays.asList(Phase.values()) : phases.stream().map(Phase::fromId).toList();
    } catch (IllegalArgumentException e) {
      throw new UsageException("--phases: " + e.getMessage());
    }
    Durability dur;
    List<KeyEncoding> keyTypes;
    List<KeyOrder> orderList;
    try {
      dur = Durability.fromId(durability);
      keyTypes = keys.stream().distinct().map(KeyEncoding::fromId).toList();
      orderList = orders.stream().distinct().map(KeyOrder::fromId).toList();
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    long batch = batchSize == null ? entries : batchSize;
    List<CellParams> cells = new ArrayList<>();
    try {
      for (KeyEncoding k : keyTypes) {
        for (KeyOrder o : orderList) {
          for (String id : storeIds) {
            cells.add(new CellParams(id, entries, k, o, valueSize, batch,
                dur, seed, phaseList, settings.getOrDefault(id, Map.of()), latencySample, warmup));
          }
        }
      }
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
    return cells;
  }

  /** Splits -o store.key=value into per-store maps; a store not being run is an error too. */
  private Map<String, Map<String, String>> storeSettings(StoreRegistry registry, List<String> storeIds) {
    Map<String, Map<String, String>> byStore = new LinkedHashMap<>();
    for (String option : storeOptions) {
      int eq = option.indexOf('=');
      int dot = option.lastIndexOf('.', eq < 0 ? option.length() : eq);
      if (eq < 0 || dot <= 0) {
        throw new UsageException("-o " + option + ": expected STORE.KEY=VALUE, e.g. -o lmdbjava-bb.writeMap=false");
      }
      String store = option.substring(0, dot);
      String key = option.substring(dot + 1, eq);
      if (registry.find(store).isEmpty()) {
        throw new UsageException("-o " + option + ": unknown store '" + store + "'; valid stores: " + registry.ids());
      }
      if (!storeIds.contains(store)) {
        throw new UsageException("-o " + option + ": store '" + store + "' is not in this run (--stores " + String.join(",", storeIds) + ")");
      }
      byStore.computeIfAbsent(store, s -> new LinkedHashMap<>()).put(key, option.substring(eq + 1));
    }
    return byStore;
  }

  private Path resolveOutput() {
    Path path = output != null ? output
        : Path.of("kvbench-results", LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".json");
    if (Files.exists(path)) {
      throw new UsageException("--output " + path + " already exists; kvbench never overwrites results. Choose another file");
    }
    try {
      Files.createDirectories(path.toAbsolutePath().getParent());
    } catch (IOException e) {
      throw new UsageException("--output " + path + ": cannot create its directory: " + e.getMessage());
    }
    if (!Files.isWritable(path.toAbsolutePath().getParent())) {
      throw new UsageException("--output " + path + ": directory is not writable");
    }
    return path;
  }

  private static void write(ResultFiles files, ResultDocument doc, Path path) {
    try {
      files.write(doc, path);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write results to " + path + ": " + e.getMessage(), e);
    }
  }
}
