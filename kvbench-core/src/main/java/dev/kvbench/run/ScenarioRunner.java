package dev.kvbench.run;

import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.HistogramCodec;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.TimerCost;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.result.EnvironmentProbe;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.RunHeader;
import dev.kvbench.result.RunJournal;
import dev.kvbench.run.fork.ForkedCells;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Runs a scenario: expands its matrix, takes its shard, opens and locks the work area, probes the
 * host, and runs each cell (in a fresh JVM by default, in this one with {@code forks: 0}),
 * appending each result to the run's journal before the next cell starts. What {@code kvbench
 * run} does, for any embedding program: the command line only parses and prints.
 */
public final class ScenarioRunner {

  /**
   * Where a run puts things and how it is described.
   *
   * @param workDir empty or new directory for the stores' files; null for a new one under
   *     /dev/shm (tmpfs) or the temp directory
   * @param output the result document; null for {@code kvbench-results/<scenario>-<time>-<pid>.json}
   * @param command the arguments the run was started with, recorded to rerun it
   * @param kvbenchVersion recorded in the result
   */
  public record Options(Path workDir, Path output, Shard shard, List<String> command, String kvbenchVersion) {
    public Options {
      shard = shard == null ? Shard.ALL : shard;
      command = command == null ? List.of() : List.copyOf(command);
    }
  }

  /** What a run left: the result document, where it is, and whether every cell has a result. */
  public record RunOutcome(ResultDocument document, Path documentPath, Path journalPath, boolean completed) {

    /** Whether every cell has a result and every one of them succeeded: {@code kvbench run}'s exit 0. */
    public boolean succeeded() {
      return completed && document.cells().stream().allMatch(CellResult::succeeded);
    }
  }

  private final StoreRegistry registry;
  private final RunListener listener;
  private final ScenarioFiles files = new ScenarioFiles();
  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile boolean stopped;
  private volatile CellExecutor executor;
  private volatile RunJournal journal;
  private volatile CellInFlight inFlight;
  private volatile WorkArea work;

  private record CellInFlight(StoreProvider provider, CellParams cell) {}

  public ScenarioRunner(StoreRegistry registry, RunListener listener) {
    this.registry = registry;
    this.listener = listener;
  }

  /** The journal of the run in progress, or null before one has started: where a stopped run's results are. */
  public Path journalPath() {
    RunJournal j = journal;
    return j == null ? null : j.journalPath();
  }

  /** The cells {@code scenario} expands to, in run order, and this shard's part of them. */
  public List<CellParams> cells(Scenario scenario, Shard shard) {
    return shard.select(scenario.cells(registry));
  }

  /**
   * Runs {@code scenario}. Throws IllegalArgumentException for bad input (nothing has run then)
   * and IOException when the results cannot be written.
   */
  public RunOutcome run(Scenario scenario, Options options) throws IOException {
    List<CellParams> cells = cells(scenario, options.shard());
    if (scenario.repetitions().forks() > 0) {
      for (CellParams cell : cells) {
        String notForkable = ForkedCells.whyNotForkable(cell);
        if (notForkable != null) {
          throw new IllegalArgumentException(notForkable);
        }
      }
    }
    Path output = options.output() != null ? options.output() : defaultOutput(scenario.name());
    String noRoom = spaceProblem(cells, options.workDir());
    if (noRoom != null) {
      throw new IllegalArgumentException(noRoom);
    }
    if (java.nio.file.Files.exists(output) || java.nio.file.Files.exists(RunJournal.journalOf(output))) {
      // checked again, exclusively, when the journal is created; this only spares opening a work area
      throw new IllegalArgumentException("--output " + output + " already exists: another run is writing it, or an"
          + " earlier one wrote it; kvbench never overwrites results. Choose another --output, or --resume it");
    }
    WorkArea area = openWorkArea(options.workDir());
    try {
      RunHeader header = new RunHeader(ResultDocument.SCHEMA_VERSION, options.kvbenchVersion(),
          OffsetDateTime.now().toString(), scenario.name(), scenario.seed(), options.command(), files.write(scenario),
          options.shard().toString(), probe(area, scenario.repetitions().forks() == 0
              ? java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
              : ForkedCells.cellJvmFlags(scenario.jvm())));
      RunJournal j;
      try {
        j = RunJournal.create(output, header);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        throw new IllegalArgumentException("--output " + e.getFile() + " " + e.getReason(), e);
      }
      return execute(scenario, cells, j, area);
    } finally {
      area.close();
    }
  }

  /** Finishes the run whose results are at {@code results}: runs only the cells it has no result for. */
  public RunOutcome resume(Path results, Options options) throws IOException {
    RunJournal j;
    try {
      j = RunJournal.resume(results, options.command());
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IllegalArgumentException("--resume " + results + ": " + e.getReason(), e);
    }
    try {
      RunHeader header = j.header();
      Scenario scenario = files.parse(header.scenario(), j.journalPath() + " (its scenario)", header.scenarioName(),
          registry);
      List<CellParams> cells = Shard.parse(header.shard()).select(scenario.cells(registry));
      WorkArea area = openWorkArea(options.workDir());
      try {
        return execute(scenario, cells, j, area);
      } finally {
        area.close();
      }
    } catch (RuntimeException | IOException e) {
      j.close();
      throw e;
    }
  }

  /**
   * Stops the run from another thread (a signal handler): the cell in flight is ended and
   * recorded as interrupted, the journal and document are closed as incomplete, and the work
   * directory is removed. Returns once that is done, or after a few seconds.
   */
  public void stop() {
    stopped = true;
    CellExecutor e = executor;
    if (e != null) {
      e.stop();
    }
    try {
      if (ended.await(15, TimeUnit.SECONDS)) {
        return;
      }
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
    }
    // the cell runs in this JVM and cannot be ended from outside: record it ourselves
    RunJournal j = journal;
    CellInFlight c = inFlight;
    try {
      if (j != null) {
        if (c != null) {
          j.add(CellResults.ended(c.provider(), c.cell(), Outcome.INTERRUPTED, "interrupted: the run was stopped",
              null));
        }
        j.finish(false);
        j.close();
      }
    } catch (IOException ignored) {
      // the JVM is going down; the journal holds every line written before
    }
    WorkArea w = work;
    if (w != null) {
      w.close();
    }
  }

  private RunOutcome execute(Scenario scenario, List<CellParams> cells, RunJournal j, WorkArea area)
      throws IOException {
    journal = j;
    work = area;
    listener.notice("results: " + j.documentPath() + " (journal " + j.journalPath() + ", one line per finished cell)");
    Map<String, CellResult> done = j.finishedCells();
    CellRunner runner = new CellRunner(new CpuMeter(), new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
        listener, TimerCost.pairNanos());
    executor = scenario.repetitions().forks() == 0 ? new InProcessCells(runner)
        : new ForkedCells(scenario.jvm(), scenario.cellTimeout(), diagnosticsRoot(j.documentPath()), listener);
    try {
      int already = (int) cells.stream().filter(c -> done.containsKey(c.id())).count();
      listener.runStarted(cells.size(), already);
      boolean complete = true;
      for (int i = 0; i < cells.size(); i++) {
        CellParams cell = cells.get(i);
        if (done.containsKey(cell.id())) {
          continue;
        }
        if (stopped) {
          complete = false;
          break;
        }
        CellResult result = runCell(scenario, cell, i, area);
        j.add(result);
        listener.cellFinished(cell, result);
        if (result.outcome() == Outcome.INTERRUPTED) {
          complete = false;
          break;
        }
      }
      ResultDocument doc = j.finish(complete);
      return new RunOutcome(doc, j.documentPath(), j.journalPath(), complete);
    } finally {
      j.close();
      ended.countDown();
    }
  }

  private CellResult runCell(Scenario scenario, CellParams cell, int index, WorkArea area) {
    StoreProvider provider = registry.require(cell.storeId());
    listener.cellStarted(cell);
    String unsupported = cell.unsupportedReason(provider);
    if (unsupported != null) {
      return CellResults.unsupported(provider, cell, unsupported);
    }
    inFlight = new CellInFlight(provider, cell);
    String name = String.format(Locale.ROOT, "cell-%04d-%s", index + 1, cell.label().replace(' ', '-').replace('/', '-'));
    List<CellResult> forks = new ArrayList<>();
    int count = Math.max(1, scenario.repetitions().forks());
    for (int fork = 1; fork <= count; fork++) {
      Path directory = area.newDirectory(name + (count > 1 ? "-fork" + fork : ""));
      try {
        forks.add(executor.run(provider, cell, directory, directory.getFileName().toString()));
      } finally {
        area.delete(directory);
      }
      if (forks.get(forks.size() - 1).outcome() != Outcome.RAN) {
        break;
      }
    }
    inFlight = null;
    return combineForks(forks);
  }

  /**
   * One result from the forks of a cell: each phase's passes from every fork together (the median
   * is over all of them), latency histograms added, storage from the last fork. A fork that did
   * not run to the end is the cell's result.
   */
  static CellResult combineForks(List<CellResult> forks) {
    CellResult last = forks.get(forks.size() - 1);
    if (forks.size() == 1 || last.outcome() != Outcome.RAN) {
      return last;
    }
    Map<String, List<PhaseResult>> byPhase = new LinkedHashMap<>();
    for (CellResult f : forks) {
      for (PhaseResult p : f.phases()) {
        byPhase.computeIfAbsent(p.phase(), k -> new ArrayList<>()).add(p);
      }
    }
    List<PhaseResult> phases = new ArrayList<>();
    for (Map.Entry<String, List<PhaseResult>> e : byPhase.entrySet()) {
      List<PhaseResult> runs = e.getValue();
      PhaseResult failed = runs.stream().filter(p -> p.status() != PhaseStatus.OK).findFirst().orElse(null);
      if (failed != null) {
        phases.add(failed);
        continue;
      }
      List<PassResult> passes = new ArrayList<>();
      runs.forEach(p -> passes.addAll(p.passes()));
      PhaseResult first = runs.get(0);
      phases.add(PhaseResult.measured(e.getKey(), passes,
          new PhaseResult.Latency(merge(runs, PhaseResult::latencyHistogram),
              merge(runs, PhaseResult::commitLatencyHistogram), first.latencySampling()),
          runs.stream().allMatch(PhaseResult::verified), null, first.note()));
    }
    return new CellResult(last.cellId(), last.store(), last.library(), last.libraryVersion(), last.capabilities(),
        last.settings(), last.nativeSettings(), last.parameters(), phases, last.storage(), Outcome.RAN, null, null);
  }

  private static Histogram merge(List<PhaseResult> runs, java.util.function.Function<PhaseResult, String> field) {
    Histogram sum = null;
    for (PhaseResult p : runs) {
      String encoded = field.apply(p);
      if (encoded == null) {
        continue;
      }
      Histogram h = HistogramCodec.decode(encoded);
      if (sum == null) {
        sum = h;
      } else {
        sum.add(h);
      }
    }
    return sum;
  }

  /**
   * Why the largest of {@code cells} cannot fit in the work directory's free space even as a flat
   * array of its keys and values, with the {@code --scale} that would fit; null when it may fit.
   */
  public String spaceProblem(List<CellParams> cells, Path workDir) {
    long free = freeBytes(workDir);
    if (free < 0 || cells.isEmpty()) {
      return null;
    }
    CellParams largest = cells.stream().max(java.util.Comparator.comparingLong(c -> c.sizing().flatBytes())).get();
    long flat = largest.sizing().flatBytes();
    if (flat <= free) {
      return null;
    }
    return String.format(Locale.ROOT, "the largest cell (%s, %,d entries x %,d-byte values) needs at least %,d bytes"
        + " but the work directory has %,d bytes free; run with --scale %s, or point --work-dir at a larger file"
        + " system", largest.storeId(), largest.entries(), largest.valueSize(), flat, free, scaleToFit(flat, free));
  }

  /** A --scale that brings {@code needed} bytes within {@code free}, with a fifth to spare. */
  public static String scaleToFit(long needed, long free) {
    double scale = Math.floor(free * 0.8 / needed * 1000) / 1000;
    return scale > 0 ? Double.toString(scale) : "0.001";
  }

  /** Usable bytes of the file system the work directory is (or will be) on; -1 when unknown. */
  public static long freeBytes(Path workDir) {
    return dev.kvbench.host.HostFiles.usableBytes(workDir == null ? WorkArea.defaultBase() : workDir);
  }

  private WorkArea openWorkArea(Path requested) {
    Path base = requested == null ? WorkArea.defaultBase() : requested.toAbsolutePath().getParent();
    if (base != null) {
      for (WorkArea.Stale s : WorkArea.staleDirectories(base, new StorageMeter())) {
        listener.notice(String.format(Locale.ROOT,
            "stale kvbench work directory %s (%,d bytes) from a run that was killed; remove it with rm -r %s",
            s.directory(), s.allocatedBytes(), s.directory()));
      }
    }
    WorkArea area = WorkArea.open(requested);
    area.claim();
    String fsType = EnvironmentProbe.fileSystemType(area.root());
    listener.notice("work directory: " + area.root() + " (" + fsType
        + ("tmpfs".equals(fsType) ? ", in memory)" : ", on disk: results include this file system's costs)"));
    return area;
  }

  private static dev.kvbench.result.Environment probe(WorkArea area, List<String> cellJvmFlags) {
    CpuMeter cpu = new CpuMeter();
    RssMeter rss = new RssMeter();
    return EnvironmentProbe.probe(area.root(), cpu.source(), rss.resettable(), TimerCost.pairNanos(), cellJvmFlags);
  }

  /** Unique even for two runs started in the same millisecond: the pid is part of it. */
  static Path defaultOutput(String scenario) {
    return Path.of("kvbench-results", scenario + "-"
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSS")) + "-"
        + ProcessHandle.current().pid() + ".json");
  }

  /** Failed cells' diagnostics go beside the results: {@code x.json} keeps them in {@code x-diagnostics/}. */
  static Path diagnosticsRoot(Path document) {
    String name = document.getFileName().toString().replaceFirst("\\.json$", "");
    return document.toAbsolutePath().resolveSibling(name + "-diagnostics");
  }
}
