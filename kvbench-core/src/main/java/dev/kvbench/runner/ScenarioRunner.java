package dev.kvbench.runner;

import dev.kvbench.run.WorkArea;
import dev.kvbench.run.CellRunner;
import dev.kvbench.run.ExpectedChecksums;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.NoiseMeter;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.TimerCost;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.EnvironmentProbe;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.RunHeader;
import dev.kvbench.result.RunJournal;
import dev.kvbench.runner.fork.CellMeter;
import dev.kvbench.runner.fork.CellMeters;
import dev.kvbench.runner.fork.ForkedCells;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.RunLibraries;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.store.StoreRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.HashSet;

/**
 * Runs a scenario: expands its matrix, takes its shard, opens and locks the work area, probes the
 * host, and runs each cell (in a fresh JVM by default, in this one with {@code forks: 0}),
 * appending each result to the run's journal before the next cell starts. What {@code kvbench
 * run} does, for any embedding program: the command line only parses and prints.
 */
public final class ScenarioRunner {

  /** What a run left: the result document, where it is, and whether every cell has a result. */
  public record RunOutcome(ResultDocument document, Path documentPath, Path journalPath, boolean completed) {

    /**
     * Whether every cell has a result, every one of them succeeded, and something was measured:
     * {@code kvbench run}'s exit 0. A run whose every cell or phase was unsupported measured nothing,
     * which a CI job must not take for a pass.
     */
    public boolean succeeded() {
      return completed && document.cells().stream().allMatch(CellResult::succeeded)
          && (document.cells().isEmpty() || measuredSomething());
    }

    /** Whether at least one phase of one cell was measured. */
    public boolean measuredSomething() {
      return document.cells().stream().anyMatch(c -> c.outcome() == CellResult.Outcome.RAN
          && c.phases().stream().anyMatch(p -> p.status() == dev.kvbench.result.PhaseStatus.OK));
    }
  }

  private final StoreRegistry registry;
  private final RunListener listener;
  private final ScenarioFiles files = new ScenarioFiles();
  private final RunSession session = new RunSession();
  private final LibraryResolver resolver;
  private volatile RunLibraries libraries = RunLibraries.NONE;

  public ScenarioRunner(StoreRegistry registry, RunListener listener) {
    this(registry, listener, LibraryResolver.NONE);
  }

  /**
   * A runner whose cells may ask for other versions of their stores' libraries ({@code -o
   * STORE.version=...}), found through {@code resolver} before the first cell runs.
   */
  public ScenarioRunner(StoreRegistry registry, RunListener listener, LibraryResolver resolver) {
    this.registry = registry;
    this.listener = listener;
    this.resolver = resolver;
  }

  /** Every library version the cells ask for, before anything runs; one that cannot be had is the user's to fix. */
  private RunLibraries resolveLibraries(List<CellParams> cells) {
    try {
      return RunLibraries.resolve(cells, registry, resolver, listener::notice);
    } catch (LibraryResolutionException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /**
   * What wraps and watches each forked cell's JVM ({@link CellMeters}), checked against this host
   * before anything is written; none for cells run in this JVM.
   */
  private List<CellMeter> meters(Scenario scenario) {
    return scenario.repetitions().forks() == 0 ? List.of() : CellMeters.of(scenario.jvm(), listener);
  }

  /** The journal of the run in progress, or null before one has started: where a stopped run's results are. */
  public Path journalPath() {
    return session.journalPath();
  }

  /** The cells {@code scenario} expands to, in run order, and this shard's part of them. */
  public List<CellParams> cells(Scenario scenario, Shard shard) {
    return cells(scenario, shard, Scenario.DEFAULT_MAX_CELLS);
  }

  /** {@link #cells(Scenario, Shard)}, refusing a matrix of more than {@code maxCells} before expanding it. */
  public List<CellParams> cells(Scenario scenario, Shard shard, long maxCells) {
    return shard.select(scenario.cells(registry, maxCells));
  }

  /**
   * A scenario and the cells it expands to, this shard's part of them in run order: the matrix is
   * expanded once per run, by {@link #plan}, and what a caller shows (a dry run) is what runs.
   */
  public record RunPlan(Scenario scenario, List<CellParams> cells) {
    public RunPlan {
      cells = List.copyOf(cells);
    }
  }

  /** {@code scenario}'s cells for {@code options}' shard, refusing more than its maximum before expanding. */
  public RunPlan plan(Scenario scenario, RunOptions options) {
    List<CellParams> cells = cells(scenario, options.shard(), options.maxCells());
    Preflight.requireRunnable(scenario, cells, registry);
    try {
      RunLibraries.requireInRange(cells, registry, resolver);
    } catch (LibraryResolutionException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    return new RunPlan(scenario, cells);
  }

  /**
   * Runs {@code scenario}. Throws IllegalArgumentException for bad input (nothing has run then)
   * and IOException when the results cannot be written.
   */
  public RunOutcome run(Scenario scenario, RunOptions options) throws IOException {
    return run(plan(scenario, options), options);
  }

  /** Runs the cells of {@code plan}, as {@link #run(Scenario, RunOptions)} does. */
  public RunOutcome run(RunPlan plan, RunOptions options) throws IOException {
    Scenario scenario = plan.scenario();
    List<CellParams> cells = plan.cells();
    Path output = options.output() != null ? options.output() : defaultOutput(scenario.name());
    Preflight.requireStartable(scenario, cells, output, options.workDir());
    Preflight.requireRecordable(scenario, options.recordTo());
    Duet duet = duetOf(scenario, cells); // a duet the host cannot seat is refused before anything is written
    // what wraps and watches each forked cell's JVM, checked against this host before anything is written
    List<CellMeter> meters = meters(scenario);
    libraries = resolveLibraries(cells);
    WorkArea area = RunWorkArea.open(options.workDir(), listener);
    try {
      RunHeader header = new RunHeader(ResultDocument.SCHEMA_VERSION, options.kvbenchVersion(),
          OffsetDateTime.now().toString(), scenario.name(), scenario.seed(), options.command(), files.write(scenario),
          options.shard().toString(), probe(area, scenario.repetitions().forks() == 0
              ? java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
              : dev.kvbench.runner.fork.CellJvm.flags(scenario.jvm())), area.record(), options.label());
      RunJournal j;
      try {
        j = RunJournal.create(output, header);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        throw new IllegalArgumentException("output " + e.getFile() + " " + e.getReason(), e);
      } catch (IOException e) {
        // before any cell ran: the output is unusable, which is the user's to fix
        throw new IllegalArgumentException("output " + output + ": " + dev.kvbench.host.HostFiles.whyFailed(e), e);
      }
      return execute(scenario, cells, meters, j, area, options, duet);
    } finally {
      area.close();
    }
  }

  /**
   * Finishes the run whose results are at {@code results}: runs only the cells it has no result
   * for, after removing the work directories earlier attempts of it left when they were killed.
   * Throws IllegalArgumentException, having written nothing, for results it cannot resume.
   */
  public RunOutcome resume(Path results, RunOptions options) throws IOException {
    RunJournal j;
    try {
      j = RunJournal.resume(results, options.command());
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IllegalArgumentException("resume " + results + ": " + e.getReason(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("resume " + e.getMessage(), e);
    } catch (IOException e) {
      throw new IllegalArgumentException("resume " + results + ": cannot read it: " + dev.kvbench.host.HostFiles.whyFailed(e), e);
    }
    try {
      j.warnings().forEach(listener::warning);
      RunHeader header = j.header();
      // no registry: its cells, expanded once below, check it against this host's stores
      Scenario scenario = files.parse(header.run().scenario(), j.journalPath() + " (its scenario)", header.run().scenarioName(),
          null);
      // the matrix was accepted when the run started: its size is not refused now
      List<CellParams> cells = Shard.parse(header.run().shard()).select(scenario.cells(registry, Long.MAX_VALUE));
      if (scenario.repetitions().forks() > 0) {
        Preflight.requireJvmStarts(scenario);
      }
      Duet duet = duetOf(scenario, cells);
      List<CellMeter> meters = meters(scenario);
      libraries = resolveLibraries(cells);
      RunWorkArea.removeLeftovers(j.earlierWorkDirectories(), listener);
      WorkArea area = RunWorkArea.open(options.workDir(), listener);
      try {
        j.markResumed(options.command(), area.record());
        return execute(scenario, cells, meters, j, area, options, duet);
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
    session.stop(listener);
  }

  /**
   * Runs every cell without a result, journaling each before the next starts. Stops early, the
   * run incomplete and resumable, when the run is stopped, when the work directory is removed from
   * under it, or when the results cannot be written (then throws {@link RunJournal.NotWritten}
   * once the journal is closed, whole).
   */
  private RunOutcome execute(Scenario scenario, List<CellParams> cells, List<CellMeter> meters, RunJournal j,
      WorkArea area, RunOptions options, Duet duet) throws IOException {
    session.started(j, area);
    j.orderCells(cells.stream().map(CellParams::id).toList());
    listener.notice("results: " + j.documentPath() + " (journal " + j.journalPath() + ", one line per finished cell"
        + (scenario.repetitions().forks() > 1 ? " and per fork)" : ")"));
    Map<String, CellResult> done = j.finishedCells();
    CpuMeter cpu = new CpuMeter();
    // the CPUs the cells are pinned to, else those kvbench may use: before the first cell, and before each fork
    NoiseMeter host = scenario.jvm().cpus().pins() ? new NoiseMeter(cpu, scenario.jvm().cpus())
        : NoiseMeter.ofThisProcess(cpu);
    boolean busy = BusyHost.noticeBeforeTheFirstCell(host, listener);
    noticeEstimate(scenario, cells, done.keySet(), options, busy);
    QuietHost quietHost = new QuietHost(host, listener);
    CellRunner runner = new CellRunner(cpu, new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
        listener, TimerCost.pairNanos()).recordingTo(options.recordTo());
    session.runsCellsWith(scenario.repetitions().forks() == 0 ? new InProcessCells(runner)
        : new ForkedCells(scenario.jvm(), meters, scenario.cellTimeout(), diagnosticsRoot(j.documentPath()),
            listener, libraries));
    Thread stopHook = new Thread(this::stop, "kvbench-stop");
    Runtime.getRuntime().addShutdownHook(stopHook);
    try {
      boolean complete;
      try {
        ForkRounds rounds = new ForkRounds(session, registry, listener, scenario, options, quietHost, duet);
        if (scenario.searchesRates()) {
          complete = new CapacitySearch(scenario.search(), scenario.sla(), cells).run(rounds, j, listener);
        } else {
          int already = (int) cells.stream().filter(c -> done.containsKey(c.id())).count();
          listener.runStarted(cells.size(), already);
          complete = rounds.run(cells, new HashSet<>(done.keySet()));
        }
      } catch (RunJournal.NotWritten notWritten) {
        try {
          j.finish(false);
        } catch (IOException alsoFull) {
          // the journal ends at its last whole line: a resume reads it as incomplete anyway
        }
        throw notWritten;
      }
      ResultDocument doc = j.finish(complete);
      return new RunOutcome(doc, j.documentPath(), j.journalPath(), complete);
    } finally {
      j.close();
      area.close();
      removeStopHook(stopHook);
      session.ended();
    }
  }

  /** Runs this long or more are told their estimate at the start, whatever the host. */
  private static final double SAID_FROM_SECONDS = 120;

  /**
   * Says, before the first cell, about how long the run will take (the rough per-op estimate, as
   * the dry run's) and its budget, where it has one, the host is busy, or the run is long.
   */
  private void noticeEstimate(Scenario scenario, List<CellParams> cells, java.util.Set<String> done, RunOptions options,
      boolean busy) {
    int forks = Math.max(1, scenario.repetitions().forks());
    double seconds = cells.stream().filter(c -> !done.contains(c.id()))
        .mapToDouble(c -> CellEstimate.of(c, registry.require(c.storeId()).footprint(),
            scenario.jvm().get(dev.kvbench.scenario.JvmSettings.MEMORY_LIMIT)).estimatedSeconds()).sum() * forks;
    if (options.budget().isZero() && !busy && seconds < SAID_FROM_SECONDS) {
      return;
    }
    String estimate = String.format(java.util.Locale.ROOT, "estimate: about %s for %d cells x %d fork%s (rough, from"
            + " per-op costs on a quiet host%s)", ForkRounds.human(Duration.ofMillis((long) (seconds * 1000))),
        cells.size() - done.size(), forks, forks == 1 ? "" : "s", busy ? "; this busy host will likely take longer"
            : "");
    if (!options.budget().isZero()) {
      double round = seconds / forks;
      long rounds = round > 0 ? (long) (options.budget().toSeconds() / round) : Long.MAX_VALUE;
      estimate += "; budget " + ForkRounds.human(options.budget()) + ": " + (rounds >= forks
          ? "forks are added where a comparison is still undecided, none started that would end past it"
          : "about " + rounds + " round" + (rounds == 1 ? "" : "s") + " of the " + forks + " a verdict needs fit"
              + " in it, so it will decide little: the forks that fit run round by round and the summary says what"
              + " they decided; for verdicts in this budget run fewer cells (fewer stores or phases), or give a budget"
              + " of about " + ForkRounds.human(Duration.ofSeconds((long) Math.ceil(round * Math.max(3, forks))))
              + " or more");
    } else if (busy) {
      estimate += "; a first answer sooner: give the run a budget (runBudget, e.g. 5m)";
    }
    listener.notice(estimate);
  }

  /** How a duet run seats its forks (jvm.duet), refused where the CPUs are too few; null for a run without. */
  private static Duet duetOf(Scenario scenario, List<CellParams> cells) {
    if (!scenario.jvm().duet() || scenario.repetitions().forks() == 0) {
      return null;
    }
    if (scenario.searchesRates()) {
      // each store's search goes its own way through the rates: no two cells share a point to run side by side
      throw new IllegalArgumentException(dev.kvbench.scenario.JvmSettings.DUET.name() + " runs the variants of a"
          + " workload at once, and a rate search (rate auto) visits each store's own rates, so no two cells share a"
          + " point: leave out " + dev.kvbench.scenario.JvmSettings.DUET.name() + ", or sweep fixed rates (e.g. rate"
          + " 5k,10k,20k) to run the stores side by side at each");
    }
    return Duet.of(cells, scenario.jvm().cpus());
  }

  private static void removeStopHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException alreadyStopping) {
      // the JVM is going down and the hook is running: it waits for this run to end
    }
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
