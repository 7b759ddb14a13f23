package dev.kvbench.runner;

import dev.kvbench.run.WorkArea;
import dev.kvbench.run.CellExecutor;
import dev.kvbench.run.CellResults;
import dev.kvbench.run.CellRunner;
import dev.kvbench.run.ExpectedChecksums;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.host.CpuList;
import dev.kvbench.measure.CpuMeter;
import dev.kvbench.measure.NoiseMeter;
import dev.kvbench.measure.PassNoise;
import dev.kvbench.measure.RssMeter;
import dev.kvbench.measure.StorageMeter;
import dev.kvbench.measure.TimerCost;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.result.EnvironmentProbe;
import dev.kvbench.result.ForkMerge;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.RunHeader;
import dev.kvbench.result.RunJournal;
import dev.kvbench.runner.fork.ForkedCells;
import dev.kvbench.runner.versions.LibraryResolutionException;
import dev.kvbench.runner.versions.LibraryResolver;
import dev.kvbench.runner.versions.RunLibraries;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

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
   * @param maxCells the most cells a matrix may expand to before it is refused (see {@link
   *     Scenario#cellCount}): a typo in a sweep must not run for weeks or exhaust the heap
   * @param adaptive whether forks are added, after the scenario's, until the figures are precise
   *     enough ({@link AdaptiveForks#OFF}: none are)
   * @param noisyReruns how many times a fork the host disturbed (other processes, steal, its CPU
   *     held from outside: what a comparison leaves out) is run again at once, each attempt kept in
   *     the journal and the last one counted
   * @param waitQuiet the longest each fork waits, before it starts, for the host to be quiet ({@link
   *     Duration#ZERO}: forks start at once)
   */
  public record Options(Path workDir, Path output, Shard shard, List<String> command, String kvbenchVersion,
      long maxCells, AdaptiveForks adaptive, int noisyReruns, java.time.Duration waitQuiet) {

    /** Options whose forks start without waiting for a quiet host. */
    public Options(Path workDir, Path output, Shard shard, List<String> command, String kvbenchVersion,
        long maxCells, AdaptiveForks adaptive, int noisyReruns) {
      this(workDir, output, shard, command, kvbenchVersion, maxCells, adaptive, noisyReruns, java.time.Duration.ZERO);
    }

    /** These options with each fork waiting up to {@code most} for a quiet host. */
    public Options withWaitQuiet(java.time.Duration most) {
      return new Options(workDir, output, shard, command, kvbenchVersion, maxCells, adaptive, noisyReruns, most);
    }

    /** The most reruns of one fork: a host that disturbs every attempt is not made quiet by more. */
    public static final int MAX_NOISY_RERUNS = 10;

    /** Forks the host disturbed are run again once, unless the caller says. */
    public static final int DEFAULT_NOISY_RERUNS = 1;

    /** Options whose disturbed forks are run again {@link #DEFAULT_NOISY_RERUNS} times. */
    public Options(Path workDir, Path output, Shard shard, List<String> command, String kvbenchVersion,
        long maxCells, AdaptiveForks adaptive) {
      this(workDir, output, shard, command, kvbenchVersion, maxCells, adaptive, DEFAULT_NOISY_RERUNS);
    }

    /** These options with a fork the host disturbed run again up to {@code times} times (0: never). */
    public Options withNoisyReruns(int times) {
      return new Options(workDir, output, shard, command, kvbenchVersion, maxCells, adaptive, times, waitQuiet);
    }

    /** A run that allows up to {@link Scenario#DEFAULT_MAX_CELLS} cells. */
    public Options(Path workDir, Path output, Shard shard, List<String> command, String kvbenchVersion) {
      this(workDir, output, shard, command, kvbenchVersion, Scenario.DEFAULT_MAX_CELLS);
    }

    /** A run of the scenario's forks, none added. */
    public Options(Path workDir, Path output, Shard shard, List<String> command, String kvbenchVersion,
        long maxCells) {
      this(workDir, output, shard, command, kvbenchVersion, maxCells, AdaptiveForks.OFF);
    }

    /** These options with forks added as {@code how} says. */
    public Options withAdaptive(AdaptiveForks how) {
      return new Options(workDir, output, shard, command, kvbenchVersion, maxCells, how, noisyReruns, waitQuiet);
    }

    public Options {
      waitQuiet = waitQuiet == null ? java.time.Duration.ZERO : waitQuiet;
      if (waitQuiet.isNegative()) {
        throw new IllegalArgumentException("the wait for a quiet host must not be negative, got " + waitQuiet);
      }
      if (noisyReruns < 0 || noisyReruns > MAX_NOISY_RERUNS) {
        throw new IllegalArgumentException("noisy reruns must be 0 to " + MAX_NOISY_RERUNS + ", got " + noisyReruns);
      }
      adaptive = adaptive == null ? AdaptiveForks.OFF : adaptive;
      shard = shard == null ? Shard.ALL : shard;
      command = command == null ? List.of() : List.copyOf(command);
      if (maxCells < 1) {
        throw new IllegalArgumentException("maxCells must be at least 1, got " + maxCells);
      }
      if (output != null && RunJournal.whyNotADocumentName(output) != null) {
        throw new IllegalArgumentException("output " + RunJournal.whyNotADocumentName(output));
      }
    }
  }

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
  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile boolean stopped;
  private volatile CellExecutor executor;
  private volatile RunJournal journal;
  private volatile CellInFlight inFlight;
  private volatile WorkArea work;
  private final LibraryResolver resolver;
  private volatile RunLibraries libraries = RunLibraries.NONE;
  /** How many times the run in progress runs a fork the host disturbed again. */
  private volatile int noisyReruns;
  /** The forks of the round in progress, and how many of them the host disturbed (after their reruns). */
  private int roundForks;
  private int roundDisturbed;
  /** Reruns in a row that the host disturbed again. */
  private int wastedReruns;
  /**
   * Whether the host disturbs most forks whatever is done (a busy loop that never stops): then
   * reruns do not help, nor do forks added for a figure compared with nothing, and the run stops
   * spending time on them (forks added for a paired comparison still count).
   */
  private volatile String hostStaysBusy;
  /** How long each fork of the run in progress waits for a quiet host, at most. */
  private volatile java.time.Duration waitQuiet = java.time.Duration.ZERO;
  /** Watches the host for the quiet wait; set with the run's meters. */
  private volatile QuietHost quietHost;

  private record CellInFlight(StoreProvider provider, CellParams cell) {}

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
   * {@code jvm} as the cells run it: with {@code --counters} where perf can count here, else without
   * them, which the run says once with the reason (a VM without hardware counters); it goes on.
   */
  private dev.kvbench.scenario.JvmOptions countingJvm(dev.kvbench.scenario.JvmOptions jvm) {
    if (!jvm.counters().on()) {
      return jvm;
    }
    String why = dev.kvbench.runner.fork.PerfCounters.unavailableReason(jvm.counters().perf());
    if (why != null) {
      listener.warning("counters: not available: " + why + "; the run goes on without them");
      return jvm.withCounters(dev.kvbench.scenario.Counters.OFF);
    }
    listener.notice("counters: " + String.join(", ", dev.kvbench.runner.fork.PerfCounters.EVENTS)
        + " per op over each measured pass, counted by " + jvm.counters().perf() + " stat");
    return jvm;
  }

  /** The journal of the run in progress, or null before one has started: where a stopped run's results are. */
  public Path journalPath() {
    RunJournal j = journal;
    return j == null ? null : j.journalPath();
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
  public RunPlan plan(Scenario scenario, Options options) {
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
  public RunOutcome run(Scenario scenario, Options options) throws IOException {
    return run(plan(scenario, options), options);
  }

  /** Runs the cells of {@code plan}, as {@link #run(Scenario, Options)} does. */
  public RunOutcome run(RunPlan plan, Options options) throws IOException {
    Scenario scenario = plan.scenario();
    List<CellParams> cells = plan.cells();
    Path output = options.output() != null ? options.output() : defaultOutput(scenario.name());
    Preflight.requireStartable(scenario, cells, output, options.workDir());
    libraries = resolveLibraries(cells);
    WorkArea area = RunWorkArea.open(options.workDir(), listener);
    try {
      RunHeader header = new RunHeader(ResultDocument.SCHEMA_VERSION, options.kvbenchVersion(),
          OffsetDateTime.now().toString(), scenario.name(), scenario.seed(), options.command(), files.write(scenario),
          options.shard().toString(), probe(area, scenario.repetitions().forks() == 0
              ? java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
              : dev.kvbench.runner.fork.CellJvm.flags(scenario.jvm())), area.record());
      RunJournal j;
      try {
        j = RunJournal.create(output, header);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        throw new IllegalArgumentException("output " + e.getFile() + " " + e.getReason(), e);
      } catch (IOException e) {
        // before any cell ran: the output is unusable, which is the user's to fix
        throw new IllegalArgumentException("output " + output + ": " + dev.kvbench.host.HostFiles.whyFailed(e), e);
      }
      return execute(scenario, cells, j, area, options);
    } finally {
      area.close();
    }
  }

  /**
   * Finishes the run whose results are at {@code results}: runs only the cells it has no result
   * for, after removing the work directories earlier attempts of it left when they were killed.
   * Throws IllegalArgumentException, having written nothing, for results it cannot resume.
   */
  public RunOutcome resume(Path results, Options options) throws IOException {
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
      Scenario scenario = files.parse(header.scenario(), j.journalPath() + " (its scenario)", header.scenarioName(),
          null);
      // the matrix was accepted when the run started: its size is not refused now
      List<CellParams> cells = Shard.parse(header.shard()).select(scenario.cells(registry, Long.MAX_VALUE));
      if (scenario.repetitions().forks() > 0) {
        Preflight.requireJvmStarts(scenario);
      }
      libraries = resolveLibraries(cells);
      RunWorkArea.removeLeftovers(j.earlierWorkDirectories(), listener);
      WorkArea area = RunWorkArea.open(options.workDir(), listener);
      try {
        j.markResumed(options.command(), area.record());
        return execute(scenario, cells, j, area, options);
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
    listener.runStopping();
    stopped = true;
    CellExecutor e = executor;
    if (e != null) {
      e.stop();
    }
    try {
      if (ended.await(15, TimeUnit.SECONDS)) {
        listener.runStopped(journalPath());
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
    listener.runStopped(journalPath());
  }

  /** How long the run watches the host before its first cell, to say whether it is busy. */
  private static final long BUSY_HOST_SAMPLE_MILLIS = 300;

  /**
   * Says before the first cell when other processes (or the hypervisor) already take CPU the cells
   * would run on: the CPUs they are pinned to, else those kvbench may use.
   */
  private void noticeBusyHost(CpuMeter cpu, CpuList pinned) {
    try {
      NoiseMeter meter = pinned.pins() ? new NoiseMeter(cpu, pinned) : NoiseMeter.ofThisProcess(cpu);
      PassNoise now = meter.whileIdle(BUSY_HOST_SAMPLE_MILLIS);
      if (now.marks().contains(PassNoise.Mark.OTHER_PROCESSES) || now.marks().contains(PassNoise.Mark.STEAL)) {
        String cpus = meter.watched().pins() ? meter.watched().cpus().size() + " (CPUs " + meter.watched() + ")"
            : Integer.toString(Runtime.getRuntime().availableProcessors());
        listener.notice(String.format(Locale.ROOT, "host busy: over %d ms before the first cell other processes"
                + " used %.2f CPU and the hypervisor stole %.2f CPU, of %s: passes they disturb are marked NOISY"
                + " and counted at the end; stop the other work, or give the cells CPUs of their own with --cpus",
            BUSY_HOST_SAMPLE_MILLIS, now.otherProcessesCpuMillis() / BUSY_HOST_SAMPLE_MILLIS,
            now.stealMillis() / BUSY_HOST_SAMPLE_MILLIS, cpus));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Runs every cell without a result, journaling each before the next starts. Stops early, the
   * run incomplete and resumable, when the run is stopped, when the work directory is removed from
   * under it, or when the results cannot be written (then throws {@link RunJournal.NotWritten}
   * once the journal is closed, whole).
   */
  private RunOutcome execute(Scenario scenario, List<CellParams> cells, RunJournal j, WorkArea area,
      Options options) throws IOException {
    AdaptiveForks adaptive = options.adaptive();
    noisyReruns = scenario.repetitions().forks() > 0 ? options.noisyReruns() : 0;
    hostStaysBusy = null;
    wastedReruns = 0;
    waitQuiet = options.waitQuiet();
    journal = j;
    j.orderCells(cells.stream().map(CellParams::id).toList());
    work = area;
    listener.notice("results: " + j.documentPath() + " (journal " + j.journalPath() + ", one line per finished cell"
        + (scenario.repetitions().forks() > 1 ? " and per fork)" : ")"));
    Map<String, CellResult> done = j.finishedCells();
    CpuMeter cpu = new CpuMeter();
    noticeBusyHost(cpu, scenario.jvm().cpus());
    quietHost = new QuietHost(scenario.jvm().cpus().pins() ? new NoiseMeter(cpu, scenario.jvm().cpus())
        : NoiseMeter.ofThisProcess(cpu), listener);
    CellRunner runner = new CellRunner(cpu, new RssMeter(), new StorageMeter(), new ExpectedChecksums(),
        listener, TimerCost.pairNanos());
    executor = scenario.repetitions().forks() == 0 ? new InProcessCells(runner)
        : new ForkedCells(countingJvm(scenario.jvm()), scenario.cellTimeout(), diagnosticsRoot(j.documentPath()),
            listener, libraries);
    Thread stopHook = new Thread(this::stop, "kvbench-stop");
    Runtime.getRuntime().addShutdownHook(stopHook);
    RunJournal.NotWritten notWritten = null;
    try {
      int already = (int) cells.stream().filter(c -> done.containsKey(c.id())).count();
      listener.runStarted(cells.size(), already);
      boolean complete = true;
      int fixedRounds = Math.max(1, scenario.repetitions().forks());
      // forks are added only to forked cells: in-process cells share one JVM, whose figures are not samples
      AdaptiveForks adding = scenario.repetitions().forks() > 0 ? adaptive : AdaptiveForks.OFF;
      int rounds = adding.on() ? Math.max(fixedRounds, adding.maxForks()) : fixedRounds;
      if (adding.on()) {
        listener.notice("forks: " + fixedRounds + " a cell, then one more a round for the cells not yet precise: "
            + adding.describe());
      }
      long started = System.nanoTime();
      long lastRoundNanos = 0;
      java.util.Set<String> ended = new java.util.HashSet<>(done.keySet());
      // every cell's fork 1, then every cell's fork 2 ...: drift of the host falls on all cells alike; the
      // order turns round every other round (A B, B A), so neither variant of a workload always runs first
      rounds:
      for (int round = 1; round <= rounds; round++) {
        if (round > fixedRounds) {
          // no round is started that the last one's length says would end past the budget
          boolean budgetSpent = java.time.Duration.ofNanos(System.nanoTime() - started + lastRoundNanos)
              .compareTo(adding.timeBudget()) > 0;
          if (!addForks(cells, ended, adding, budgetSpent, round)) {
            break;
          }
        }
        long roundStart = System.nanoTime();
        roundForks = 0;
        roundDisturbed = 0;
        List<Integer> todo = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
          CellParams cell = cells.get(i);
          if (!ended.contains(cell.id()) && j.forksOf(cell.id()).size() < round) {
            todo.add(i);
          }
        }
        if (round % 2 == 0) {
          java.util.Collections.reverse(todo);
        }
        if (rounds > 1 && !todo.isEmpty()) {
          listener.roundStarted(round, rounds, todo.size());
        }
        for (int i : todo) {
          CellParams cell = cells.get(i);
          if (stopped || workAreaGone(area)) {
            complete = false;
            break rounds;
          }
          try {
            // with forks to add, no fork is known to be the last: each is journaled, the cell ended by addForks
            CellResult result = runFork(scenario, cell, i, area, round, adding.on() ? Integer.MAX_VALUE : rounds);
            if (round == rounds && !adding.on() || result.outcome() != Outcome.RAN) {
              ended.add(cell.id());
            }
            listener.cellFinished(cell, result);
            if (result.outcome() == Outcome.INTERRUPTED) {
              complete = false;
              break rounds;
            }
          } catch (RunJournal.NotWritten e) {
            notWritten = e;
            complete = false;
            break rounds;
          }
        }
        lastRoundNanos = System.nanoTime() - roundStart;
        judgeHost(round);
      }
      if (complete && notWritten == null) {
        try {
          // the cells still adding forks when the rounds ran out: as precise as they got
          addForks(cells, ended, adding, true, rounds + 1);
        } catch (RunJournal.NotWritten e) {
          notWritten = e;
          complete = false;
        }
      }
      if (notWritten != null) {
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
      ended.countDown();
    }
  }

  /**
   * Ends, with their forks combined and why they stopped, the cells that need no more forks (every
   * cell when {@code stopAll}: the time budget is spent, or the rounds ran out); returns whether any
   * cell still needs one, and says how many and why. Only for a run that adds forks.
   */
  private boolean addForks(List<CellParams> cells, java.util.Set<String> ended, AdaptiveForks adding,
      boolean stopAll, int round) throws IOException {
    Map<String, List<CellResult>> forks = new java.util.LinkedHashMap<>();
    for (CellParams c : cells) {
      if (!ended.contains(c.id())) {
        List<CellResult> ran = journal.forksOf(c.id());
        if (!ran.isEmpty()) {
          forks.put(c.id(), ran);
        }
      }
    }
    if (forks.isEmpty()) {
      return false;
    }
    if (!adding.on()) {
      // a run resumed from one that added forks: its cells end with the forks they have
      for (Map.Entry<String, List<CellResult>> f : forks.entrySet()) {
        journal.add(ForkMerge.combine(f.getValue()));
        ended.add(f.getKey());
      }
      return false;
    }
    Map<String, CellResult> finished = journal.finishedCells();
    List<CellResult> partners = cells.stream().map(c -> finished.get(c.id())).filter(java.util.Objects::nonNull)
        .toList();
    Map<String, ForkJudge.Decision> decisions = adding.judge().judge(forks, partners, adding);
    int more = 0;
    String widest = null;
    for (Map.Entry<String, List<CellResult>> f : forks.entrySet()) {
      // a cell the judge leaves out is done
      Map.Entry<String, ForkJudge.Decision> d = Map.entry(f.getKey(),
          decisions.getOrDefault(f.getKey(), new ForkJudge.Decision(ForkJudge.Next.DONE, "")));
      List<CellResult> ran = f.getValue();
      boolean anotherFork = d.getValue().next().wantsFork();
      // on a host that stays busy the next fork would be disturbed as the last were: only a paired
      // comparison, which counts a pair disturbed on both sides, still gains from it
      boolean uselessHere = hostStaysBusy != null && d.getValue().next() == ForkJudge.Next.ANOTHER_UNDISTURBED_FORK;
      if (anotherFork && !uselessHere && !stopAll && ran.size() < adding.maxForks()) {
        more++;
        widest = widest == null ? d.getValue().detail() : widest;
        continue;
      }
      dev.kvbench.result.ForkStop.Reason why = d.getValue().next() == ForkJudge.Next.OUT_OF_REACH
          ? dev.kvbench.result.ForkStop.Reason.OUT_OF_REACH
          : !anotherFork ? dev.kvbench.result.ForkStop.Reason.PRECISE
          : uselessHere ? dev.kvbench.result.ForkStop.Reason.HOST_BUSY
          : ran.size() >= adding.maxForks() ? dev.kvbench.result.ForkStop.Reason.MAX_FORKS
          : dev.kvbench.result.ForkStop.Reason.TIME_BUDGET;
      CellResult result = ForkMerge.combine(ran).withForkStop(new dev.kvbench.result.ForkStop(why, ran.size(),
          why == dev.kvbench.result.ForkStop.Reason.HOST_BUSY ? hostStaysBusy : d.getValue().detail()));
      journal.add(result);
      ended.add(d.getKey());
    }
    if (more > 0) {
      listener.notice(String.format(Locale.ROOT, "round %d: %d of %d cells get another fork (e.g. %s)", round, more,
          forks.size(), widest));
    } else if (stopAll && decisions.values().stream().anyMatch(d -> d.next().wantsFork())) {
      listener.notice("forks: " + (round > adding.maxForks() ? "the most forks a cell is given were reached"
          : "the time budget is spent") + "; cells not yet precise say so in the result (forkStop)");
    }
    return more > 0;
  }

  private static void removeStopHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException alreadyStopping) {
      // the JVM is going down and the hook is running: it waits for this run to end
    }
  }

  /** True, and said once, when the work directory was removed from under the run: no further cell can run. */
  private boolean workAreaGone(WorkArea area) {
    if (!area.gone()) {
      return false;
    }
    listener.warning("the work directory " + area.root() + " was removed while the run went on; stopped. Every"
        + " finished cell is kept; finish the run with --resume");
    return true;
  }

  /**
   * Runs fork {@code fork} of {@code forks} of {@code cell} and journals it: the fork alone while
   * more are to come, else the cell, its forks combined (a fork that did not run to its end, or a
   * cell the store cannot run, ends the cell at once). Returns what was journaled.
   */
  private CellResult runFork(Scenario scenario, CellParams cell, int index, WorkArea area, int fork, int forks)
      throws IOException {
    StoreProvider provider = RunLibraries.recordedAs(cell, registry.require(cell.storeId()));
    listener.cellStarted(cell);
    String unsupported = cell.unsupportedReason(provider);
    if (unsupported != null) {
      CellResult result = CellResults.unsupported(provider, cell, unsupported);
      journal.add(result);
      return result;
    }
    inFlight = new CellInFlight(provider, cell);
    String name = String.format(Locale.ROOT, WorkArea.CELL_PREFIX + "%04d-%s", index + 1,
        cell.label().replace(' ', '-').replace('/', '-'));
    CellResult ran = runOnce(provider, cell, area, name, fork, forks);
    for (int rerun = 1; rerun <= noisyReruns && ran.outcome() == Outcome.RAN && !stopped && hostStaysBusy == null;
        rerun++) {
      String disturbed = hostDisturbed(ran);
      if (disturbed == null) {
        break;
      }
      if (wastedReruns >= WASTED_RERUNS_LIMIT) {
        hostStaysBusy = wastedReruns + " forks run again in a row were disturbed again";
        listener.warning("the host stays busy: " + hostStaysBusy + "; " + BUSY_HOST_CONSEQUENCES);
        break;
      }
      // kept in the journal (nothing measured is lost), then replaced by the attempt run now
      journal.addFork(fork, ran);
      listener.notice(String.format(Locale.ROOT, "%s fork %d: %s; run again (%d of %d)", cell.label(), fork, disturbed,
          rerun, noisyReruns));
      ran = runOnce(provider, cell, area, name, fork, forks);
      wastedReruns = ran.outcome() == Outcome.RAN && hostDisturbed(ran) != null ? wastedReruns + 1 : 0;
    }
    if (ran.outcome() == Outcome.RAN) {
      roundForks++;
      roundDisturbed += hostDisturbed(ran) != null ? 1 : 0;
    }
    if (ran.outcome() == Outcome.RAN && fork < forks) {
      journal.addFork(fork, ran);
      return ran;
    }
    List<CellResult> all = new ArrayList<>(journal.forksBefore(cell.id(), fork));
    all.add(ran);
    CellResult result = finalResult(ForkMerge.combine(all), area);
    journal.add(result);
    return result;
  }

  /** One attempt at fork {@code fork} of {@code cell}, in a directory of its own that is removed after. */
  private CellResult runOnce(StoreProvider provider, CellParams cell, WorkArea area, String name, int fork,
      int forks) {
    if (!waitQuiet.isZero() && quietHost != null) {
      try {
        quietHost.await(waitQuiet, "fork " + fork + " of " + cell.label());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    inFlight = new CellInFlight(provider, cell);
    try {
      Path directory = area.newDirectory(name + (forks > 1 ? "-fork" + fork : ""));
      try {
        return executor.run(provider, cell, directory, directory.getFileName().toString());
      } finally {
        area.delete(directory);
      }
    } catch (java.io.UncheckedIOException e) {
      if (!area.gone()) {
        throw e;
      }
      return CellResults.ended(provider, cell, Outcome.INTERRUPTED, "interrupted: the work directory "
          + area.root() + " was removed while the cell ran", null);
    } finally {
      inFlight = null;
    }
  }

  /** As a comparison's: a phase shorter than this a pass is not judged. */
  private static final double SHORTEST_JUDGED_MILLIS = 0.01;

  /** What a host that stays busy changes, said once when the run notices it. */
  private static final String BUSY_HOST_CONSEQUENCES = "no fork is run again for the rest of the run, and forks are"
      + " added only where variants of a workload are compared pair by pair (a pair the host disturbed on both sides"
      + " counts). Rows with too few undisturbed forks will be too noisy to judge: run on a quieter host, give the"
      + " cells CPUs of their own (--cpus), wait for quiet (--wait-quiet), or judge with --noisy-forks keep";

  /** Reruns in a row the host disturbed again before the run stops rerunning. */
  private static final int WASTED_RERUNS_LIMIT = 3;

  /**
   * After each round: the host stays busy when it disturbed more than half the round's forks
   * (reruns included), and has quieted down when it disturbed none of a round's.
   */
  private void judgeHost(int round) {
    if (roundForks >= 2 && 2 * roundDisturbed > roundForks && hostStaysBusy == null) {
      hostStaysBusy = roundDisturbed + " of " + roundForks + " forks of round " + round + " were disturbed by the host";
      listener.warning("the host stays busy: " + hostStaysBusy + (noisyReruns > 0 ? " after being run again" : "")
          + "; " + BUSY_HOST_CONSEQUENCES);
    } else if (roundForks > 0 && roundDisturbed == 0 && hostStaysBusy != null) {
      hostStaysBusy = null;
      wastedReruns = 0;
      listener.notice("the host is quiet again (no fork of round " + round + " was disturbed): forks the host"
          + " disturbs are run again, and added, as before");
    }
  }

  /**
   * Why a compare would leave out this fork (one of its judged phases the host disturbed: other
   * processes, steal, its CPU held from outside), said; null when it would not.
   */
  private static String hostDisturbed(CellResult fork) {
    for (dev.kvbench.result.PhaseResult p : fork.phases()) {
      // a phase too short to judge (under 10 µs a pass) is never compared: its noise costs nothing
      if (p.status() == dev.kvbench.result.PhaseStatus.OK && p.passMillis() >= SHORTEST_JUDGED_MILLIS
          && !p.hostDisturbedForks().isEmpty()) {
        java.util.Set<String> marks = new java.util.TreeSet<>();
        p.passes().stream().filter(x -> x.noise() != null).flatMap(x -> x.noise().marks().stream())
            .filter(dev.kvbench.measure.PassNoise.Mark::fromHost).forEach(m -> marks.add(m.id()));
        return "the host disturbed " + p.phase() + (marks.isEmpty() ? " (its passes together)"
            : " (" + String.join(", ", marks) + ")");
      }
    }
    return null;
  }

  /** {@code result}, or interrupted when it failed because the work directory went from under it. */
  private static CellResult finalResult(CellResult result, WorkArea area) {
    if (result.outcome() == Outcome.FAILED && area.gone()) {
      // its store lost its files with the directory: not the store's failure, and worth running again
      return new CellResult(result.cellId(), result.store(), result.library(), result.libraryVersion(),
          result.capabilities(), result.settings(), result.nativeSettings(), result.parameters(), result.phases(),
          result.storage(), Outcome.INTERRUPTED, "interrupted: the work directory " + area.root()
              + " was removed while the cell ran (" + result.error() + ")", result.diagnostics(), result.libraryJars(),
          result.profiles(), result.placement());
    }
    return result;
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
