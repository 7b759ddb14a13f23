package dev.kvbench.runner.fork;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.Diagnostics;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.run.CellExecutor;
import dev.kvbench.scenario.Axes;
import dev.kvbench.runner.versions.RunLibraries;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.run.CellResults;
import dev.kvbench.run.Failures;
import dev.kvbench.run.PhaseProgress;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.workload.ClassReferences;
import dev.kvbench.workload.KeyFormats;
import dev.kvbench.workload.ValueFormats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs each cell in a fresh JVM, as JMH forks do: one store's JIT profile, heap, native crash or
 * hang cannot touch the next cell. The child gets the flags its store needs, the scenario's heap
 * and options, its plan on its standard input, and a directory of its own inside the cell's in the
 * work area as its working directory, so a crash log never lands in the user's directory; it
 * sends its messages over a loopback connection ({@link LinkServer}) and the parent keeps its
 * output in memory ({@link ChildOutput}). Nothing of a healthy cell touches the results' file
 * system but its result. A cell whose JVM crashes, runs out of memory, is killed, or outlives its
 * timeout (thread dump first) is recorded as failed with the reason and the tail of its output,
 * and its evidence is kept beside the results, in {@code <results>-diagnostics/}, where it can be.
 */
public final class ForkedCells implements CellExecutor {

  /** How long a child that has sent its result may take to exit before it is ended. */
  static final Duration EXIT_GRACE = Duration.ofSeconds(20);

  private static final int TAIL_LINES = 40;

  private final JvmOptions jvm;
  private final List<CellMeter> meters;
  private final Duration timeout;
  private final Path diagnosticsRoot;
  private final RunListener listener;
  private final RunLibraries libraries;
  private final ObjectMapper json = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).addModule(UserCodeJson.module()).build();
  private volatile Process running;
  private volatile boolean stopped;
  private boolean createdRoot;
  /** Where this executor's measured passes wait for duet partners', or null for forks alone. */
  private final PassBarrier.Side barrier;
  /** The duet sides made of this executor that are running: stopping it stops them. */
  private final List<ForkedCells> sides = new java.util.concurrent.CopyOnWriteArrayList<>();

  /**
   * Why {@code cell} cannot run in a forked JVM, or null when it can: a key format, value format or
   * custom operation given as an object that a forked JVM cannot re-create from its class.
   */
  public static String whyNotForkable(CellParams cell) {
    // what the plan carries by class name (UserCodeJson): built-ins travel by their ids
    List<Map.Entry<String, Object>> userCode = new ArrayList<>();
    if (!KeyFormats.builtIn(cell.data().keys())) {
      userCode.add(Map.entry("key format", cell.data().keys()));
    }
    if (!ValueFormats.builtIn(cell.data().valueContent())) {
      userCode.add(Map.entry("value format", cell.data().valueContent()));
    }
    cell.load().custom().operations().forEach(e -> userCode.add(Map.entry("custom operation " + e.name(), e.operation())));
    for (Map.Entry<String, Object> code : userCode) {
      String why = ClassReferences.whyNotRecreatable(code.getValue(), code.getKey());
      if (why != null) {
        return why;
      }
    }
    return null;
  }


  /**
   * Cells in JVMs started with {@code jvm}, wrapped and watched by the meters it asks for.
   *
   * @param diagnosticsRoot where each cell's diagnostics directory is made (created on first use)
   */
  public ForkedCells(JvmOptions jvm, Duration timeout, Path diagnosticsRoot, RunListener listener) {
    this(jvm, CellMeters.of(jvm, listener), timeout, diagnosticsRoot, listener, RunLibraries.NONE);
  }

  /**
   * Cells whose JVMs load the library versions {@code libraries} resolved for them, wrapped and
   * watched by {@code meters} ({@link CellMeters#of}).
   */
  public ForkedCells(JvmOptions jvm, List<CellMeter> meters, Duration timeout, Path diagnosticsRoot,
      RunListener listener, RunLibraries libraries) {
    this(jvm, meters, timeout, diagnosticsRoot, listener, libraries, null);
  }

  private ForkedCells(JvmOptions jvm, List<CellMeter> meters, Duration timeout, Path diagnosticsRoot,
      RunListener listener, RunLibraries libraries, PassBarrier.Side barrier) {
    this.barrier = barrier;
    this.jvm = jvm;
    this.meters = List.copyOf(meters);
    this.timeout = timeout;
    this.diagnosticsRoot = diagnosticsRoot.toAbsolutePath();
    this.listener = listener;
    this.libraries = libraries;
  }

  /**
   * One side of a duet, for one fork: its cell runs as this executor runs them, but pinned to
   * {@code cpus}, its measured passes started when every side of {@code barrier}'s (joined before
   * any side starts) is at one, and reporting to {@code listener}. Stopping this executor stops
   * the side; {@link #sideEnded} forgets it.
   */
  public ForkedCells duetSide(dev.kvbench.host.CpuList cpus, PassBarrier.Side barrier, RunListener listener) {
    ForkedCells side = new ForkedCells(jvm.with(dev.kvbench.scenario.JvmSettings.CPUS, cpus), meters, timeout,
        diagnosticsRoot, listener, libraries, barrier);
    sides.add(side);
    if (stopped) {
      side.stop();
    }
    return side;
  }

  /** A duet side made by {@link #duetSide} is done. */
  public void sideEnded(ForkedCells side) {
    sides.remove(side);
  }

  /** Runs one cell in a child JVM; see the class comment for what becomes of a failure. */
  @Override
  public CellResult run(StoreProvider provider, CellParams cell, Path directory, String name) {
    try {
      return runForked(provider, cell, directory, name);
    } finally {
      if (barrier != null) {
        barrier.left(); // however it ended, this side holds no partner back
      }
    }
  }

  private CellResult runForked(StoreProvider provider, CellParams cell, Path directory, String name) {
    if (stopped) {
      return CellResults.ended(provider, cell, Outcome.INTERRUPTED, "not run: the run was stopped", null);
    }
    // the child's own directory (its working directory, crash log and temp files) and its store's,
    // both inside the cell's directory of the work area, which the caller deletes
    Path jvmDir = directory.resolve("jvm");
    CellMeter.Fork fork = new CellMeter.Fork(jvmDir, diagnosticsRoot.resolve(name));
    try (LinkServer link = LinkServer.open(json, barrier)) {
      Files.createDirectory(jvmDir);
      String recording = ForkPlan.NO_RECORDING;
      for (CellMeter meter : meters) {
        Path self = meter.selfRecording(fork);
        recording = self == null ? recording : self.toString();
      }
      ProcessBuilder pb = new ProcessBuilder(command(fork, cell))
          .directory(jvmDir.toFile())
          .redirectErrorStream(true);
      long launched = System.currentTimeMillis();
      Process child = pb.start();
      running = child;
      ChildOutput output = ChildOutput.drain(child.getInputStream());
      CellResult result;
      try {
        sendPlan(child, new ForkPlan(ForkMessage.PROTOCOL, cell, directory.resolve("store").toAbsolutePath()
            .toString(), link.host(), link.port(), link.token(), libraries.libraryOf(cell), recording,
            barrier == null ? ForkPlan.PassStart.AT_ONCE : ForkPlan.PassStart.WITH_PARTNERS));
        result = watch(provider, cell, child, link, output, jvmDir, directory, name);
      } finally {
        running = null;
        if (child.isAlive()) {
          child.destroyForcibly().waitFor();
        }
      }
      for (CellMeter meter : meters) {
        result = meter.recorded(result, fork, launched);
      }
      return result;
    } catch (IOException e) {
      return CellResults.ended(provider, cell, Outcome.FAILED, "could not start the cell's JVM: " + e, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CellResults.ended(provider, cell, Outcome.INTERRUPTED, "interrupted", null);
    } finally {
      release(fork);
    }
  }

  /** Has every meter undo what it made for {@code fork}; one that cannot is said, and the result stands. */
  private void release(CellMeter.Fork fork) {
    for (CellMeter meter : meters) {
      try {
        meter.release(fork);
      } catch (IOException e) {
        listener.warning(e.getMessage());
      }
    }
  }

  /** The plan goes on the child's standard input, which is then closed: no file to write, none to leave. */
  private void sendPlan(Process child, ForkPlan plan) {
    try (var stdin = child.getOutputStream()) {
      stdin.write(json.writeValueAsBytes(plan));
    } catch (IOException e) {
      // the child died before reading it: its exit code and output tell why
    }
  }

  /**
   * A new directory for a failed cell's diagnostics. A resumed run may run a cell again whose
   * earlier attempt left its diagnostics: those are kept, the new attempt gets {@code name-2},
   * {@code name-3} ...
   */
  private Path newDiagnosticsDirectory(String name) throws IOException {
    if (!Files.isDirectory(diagnosticsRoot)) {
      Files.createDirectories(diagnosticsRoot);
      createdRoot = true;
    }
    for (int attempt = 1; ; attempt++) {
      Path dir = diagnosticsRoot.resolve(attempt == 1 ? name : name + "-" + attempt);
      try {
        return Files.createDirectory(dir);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        // an earlier attempt's evidence: keep it, try the next name
      }
    }
  }

  /** Ends the cell in flight (the run is being stopped); it is recorded as interrupted. */
  @Override
  public void stop() {
    stopped = true;
    sides.forEach(ForkedCells::stop);
    Process p = running;
    if (p != null) {
      p.destroyForcibly();
    }
  }

  /** The child JVM's command line for {@code cell}, its meters' launchers and options included. */
  List<String> command(CellMeter.Fork fork, CellParams cell) throws IOException {
    List<String> cmd = new ArrayList<>();
    for (CellMeter meter : meters) {
      cmd.addAll(meter.launcher(fork));
    }
    cmd.add(CellJvm.java(jvm));
    cmd.addAll(CellJvm.flags(jvm));
    for (CellMeter meter : meters) {
      cmd.addAll(meter.jvmOptions(fork));
    }
    cmd.addAll(Axes.jvmFlagsOf(cell.value(Axes.GC)));
    cmd.add("-XX:ErrorFile=" + fork.jvmDirectory().toAbsolutePath().resolve("hs_err_pid%p.log"));
    cmd.addAll(CellJvm.ownDirectoryFlags(fork.jvmDirectory()));
    for (String property : List.of("java.io.tmpdir", "user.home")) {
      cmd.add("-D" + property + "=" + System.getProperty(property));
    }
    cmd.add("-cp");
    cmd.add(CellJvm.absoluteClassPath());
    cmd.add(ForkedCellMain.class.getName());
    return cmd;
  }

  private CellResult watch(StoreProvider provider, CellParams cell, Process child, LinkServer link, ChildOutput output,
      Path jvmDir, Path directory, String name)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long graceEnd = Long.MAX_VALUE;
    PhaseProgress[] progress = {null};
    dev.kvbench.run.PassLabel[] pass = {null};
    CellResult[] result = {null};
    while (true) {
      boolean exited = child.waitFor(200, java.util.concurrent.TimeUnit.MILLISECONDS);
      if (exited) {
        link.awaitEnd(Duration.ofSeconds(5)); // the messages it sent just before exiting
      }
      for (ForkMessage m : link.drain()) {
        dispatch(cell, m, progress, pass, result);
      }
      if (exited) {
        break;
      }
      if (stopped) {
        child.destroyForcibly().waitFor();
        return CellResults.ended(provider, cell, Outcome.INTERRUPTED, "interrupted: the run was stopped",
            tailOnly(output));
      }
      if (result[0] != null && graceEnd == Long.MAX_VALUE) {
        graceEnd = System.nanoTime() + EXIT_GRACE.toNanos();
      }
      if (System.nanoTime() > graceEnd) {
        // the result is complete; a store's lingering non-daemon thread only keeps the JVM up
        child.destroyForcibly().waitFor();
        return result[0];
      }
      if (System.nanoTime() > deadline) {
        String dump = output.printedAfter(() -> threadDump(child));
        child.destroyForcibly().waitFor();
        Kept kept = keep(name, output, jvmDir, child.pid(), dump);
        return CellResults.ended(provider, cell, Outcome.FAILED,
            "timed out after " + human(timeout) + " (cellTimeout)" + ChildDeath.whereItStood(pass[0], progress[0])
                + "; give a longer cellTimeout, or less data; thread dump "
                + (kept.diagnostics().threadDump() != null ? "in " + kept.diagnostics().threadDump()
                    : "not kept" + kept.notKept()), kept.diagnostics());
      }
    }
    if (result[0] != null) {
      return result[0];
    }
    int exit = child.exitValue();
    // Ctrl-C reaches the whole process group: the cell's JVM may end by SIGINT before the parent's
    // own stop begins; a cell ended by SIGINT or SIGTERM was interrupted, not failed
    if (stopped || exit == 128 + 2 || exit == 128 + 15) {
      return CellResults.ended(provider, cell, Outcome.INTERRUPTED, "interrupted: the run was stopped"
          + (stopped ? "" : " (the cell's JVM got signal " + (exit - 128) + ")"), tailOnly(output));
    }
    Path crash = ChildDeath.crashLog(jvmDir, child.pid());
    String why = ChildDeath.whyItDied(exit, output.tail(200), crash);
    if (exit == ChildDeath.KILLED && crash == null) {
      // not kvbench, which sends SIGKILL only past the timeout or when stopped, and says so: who, then?
      why += ChildDeath.whoKilled(dev.kvbench.host.KernelLog.of(child.pid()), child.pid())
          + ChildDeath.whereItStood(pass[0], progress[0]);
    }
    if (output.tail(1).isEmpty()) {
      why += "; the cell's JVM printed nothing";
    }
    Kept kept = keep(name, output, jvmDir, child.pid(), null);
    String crashLog = kept.diagnostics().crashLog() == null ? "" : "; crash log " + kept.diagnostics().crashLog();
    return CellResults.ended(provider, cell, Outcome.FAILED,
        Failures.labelled(why + crashLog + ChildDeath.fullDisk(directory)) + kept.notKept(), kept.diagnostics());
  }

  private void dispatch(CellParams cell, ForkMessage m, PhaseProgress[] progress, dev.kvbench.run.PassLabel[] pass,
      CellResult[] result) {
    if (m instanceof ForkMessage.PassStarted p) {
      progress[0] = new PhaseProgress(p.total());
      pass[0] = p.pass();
      listener.passStarted(cell, p.pass(), progress[0]);
    } else if (m instanceof ForkMessage.Progress p && progress[0] != null) {
      progress[0].publish(p.done());
    } else if (m instanceof ForkMessage.PhaseFinished p) {
      listener.phaseFinished(cell, p.result());
    } else if (m instanceof ForkMessage.CellFinished c) {
      result[0] = c.result();
    }
  }

  /** Asks the JVM for a thread dump: SIGQUIT makes it print one to its output. */
  private static void threadDump(Process child) {
    try {
      new ProcessBuilder("kill", "-3", Long.toString(child.pid())).inheritIO().start().waitFor();
    } catch (IOException e) {
      // no dump, then; the timeout is reported all the same
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A failed cell's evidence as kept beside the results, and why not, if it could not be ({@code ""} when it was). */
  private record Kept(Diagnostics diagnostics, String notKept) {}

  /** The output's last lines, with no file: for an interrupted cell, whose run is being stopped. */
  private static Diagnostics tailOnly(ChildOutput output) {
    return new Diagnostics(null, String.join("\n", output.tail(TAIL_LINES)), null, null);
  }

  /**
   * Keeps a failed cell's evidence in its own folder beside the results (its output, crash log and
   * thread dump), now that the cell's directory in the work area is about to go. Best effort: when
   * the results' file system cannot take it (full), the result still holds the output's last lines.
   */
  private Kept keep(String name, ChildOutput output, Path jvmDir, long pid, String threadDump) {
    String tail = String.join("\n", output.tail(TAIL_LINES));
    Path crash = ChildDeath.crashLog(jvmDir, pid);
    Path diag = null;
    try {
      diag = newDiagnosticsDirectory(name);
      Files.write(diag.resolve("output.log"), output.tail(ChildOutput.KEPT_LINES), StandardCharsets.ISO_8859_1);
      Path keptCrash = null;
      if (crash != null) {
        keptCrash = diag.resolve(crash.getFileName());
        Files.copy(crash, keptCrash);
        if (!crash.startsWith(jvmDir)) {
          Files.deleteIfExists(crash); // the child's, written to the temp directory for want of room
        }
      }
      Path dump = null;
      if (threadDump != null) {
        dump = Files.writeString(diag.resolve("thread-dump.txt"), threadDump, StandardCharsets.ISO_8859_1);
      }
      return new Kept(new Diagnostics(diag.toString(), tail, keptCrash == null ? null : keptCrash.toString(),
          dump == null ? null : dump.toString()), "");
    } catch (IOException e) {
      if (diag != null) {
        deleteQuietly(diag);
      }
      return new Kept(new Diagnostics(null, tail, null, null),
          " (its diagnostics could not be kept in " + diagnosticsRoot + ": " + e.getMessage() + ")");
    }
  }

  /** A timeout as a person writes it: 2 h, 30 min, 8 s or 1500 ms, never rounded to a number it is not. */
  static String human(Duration d) {
    if (d.toMillis() % 1000 != 0) {
      return d.toMillis() + " ms";
    }
    long s = d.toSeconds();
    return s % 3600 == 0 ? s / 3600 + " h" : s % 60 == 0 ? s / 60 + " min" : s + " s";
  }

  /** Deletes a diagnostics folder that could not be filled, and the diagnostics root once empty if this run made it. */
  private void deleteQuietly(Path dir) {
    try {
      dev.kvbench.run.WorkArea.deleteTree(dir);
    } catch (java.io.UncheckedIOException e) {
      return;
    }
    if (createdRoot) {
      try (Stream<Path> rest = Files.list(diagnosticsRoot)) {
        if (rest.findAny().isEmpty()) {
          Files.delete(diagnosticsRoot);
          createdRoot = false;
        }
      } catch (IOException e) {
        // left for the user: an empty folder kvbench made
      }
    }
  }
}
