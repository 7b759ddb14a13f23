package dev.kvbench.run.fork;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.CellResult.Diagnostics;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.run.CellExecutor;
import dev.kvbench.run.CellParams;
import dev.kvbench.run.CellResults;
import dev.kvbench.run.Failures;
import dev.kvbench.run.PhaseProgress;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.workload.ClassReferences;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.ValueContent;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
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
 * and options, and a diagnostics directory as its working directory, so a crash log never lands
 * in the user's directory. A cell whose JVM crashes, runs out of memory, is killed, or outlives
 * its timeout (thread dump first) is recorded as failed with the reason and the tail of its
 * output; its diagnostics are kept, a finished cell's are deleted.
 */
public final class ForkedCells implements CellExecutor {

  /** How long a child that has sent its result may take to exit before it is ended. */
  static final Duration EXIT_GRACE = Duration.ofSeconds(20);

  private static final int TAIL_LINES = 40;

  private final JvmOptions jvm;
  private final Duration timeout;
  private final Path diagnosticsRoot;
  private final RunListener listener;
  private final ObjectMapper json = JsonMapper.builder()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).addModule(UserCodeJson.module()).build();
  private volatile Process running;
  private volatile boolean stopped;
  private boolean createdRoot;

  /**
   * Why {@code cell} cannot run in a forked JVM, or null when it can: a key format, value format or
   * custom operation given as an object that a forked JVM cannot re-create from its class.
   */
  public static String whyNotForkable(CellParams cell) {
    // what the plan carries by class name (UserCodeJson): built-ins travel by their ids
    List<Map.Entry<String, Object>> userCode = new ArrayList<>();
    if (!(cell.keys() instanceof KeyEncoding)) {
      userCode.add(Map.entry("key format", cell.keys()));
    }
    if (!(cell.valueContent() instanceof ValueContent)) {
      userCode.add(Map.entry("value format", cell.valueContent()));
    }
    cell.custom().operations().forEach(e -> userCode.add(Map.entry("custom operation " + e.name(), e.operation())));
    for (Map.Entry<String, Object> code : userCode) {
      String why = ClassReferences.whyNotRecreatable(code.getValue(), code.getKey());
      if (why != null) {
        return why;
      }
    }
    return null;
  }


  /**
   * @param diagnosticsRoot where each cell's diagnostics directory is made (created on first use)
   */
  public ForkedCells(JvmOptions jvm, Duration timeout, Path diagnosticsRoot, RunListener listener) {
    this.jvm = jvm;
    this.timeout = timeout;
    this.diagnosticsRoot = diagnosticsRoot.toAbsolutePath();
    this.listener = listener;
  }

  /**
   * The flags that decide how a forked cell measures (heap, the stores' flags, the scenario's
   * options), as the result records them; the child's command adds only paths (crash log, temp and
   * home directories).
   */
  public static List<String> cellJvmFlags(JvmOptions jvm) {
    List<String> flags = new ArrayList<>();
    if (!jvm.heap().isEmpty()) {
      flags.add("-Xmx" + jvm.heap());
    }
    flags.addAll(storeJvmFlags());
    // an OutOfMemoryError ends the JVM at once with a line that names it, never a half-measured cell
    flags.add("-XX:+ExitOnOutOfMemoryError");
    flags.addAll(jvm.options());
    return flags;
  }

  /**
   * Flags for a child JVM whose working directory {@code ownDirectory} kvbench made and removes:
   * chronicle-core creates {@code java.io.tmpdir/target} when no "target" or "build" directory is
   * above the working directory, and {@code project.build.directory/tmp} when that is set, so it is
   * pointed at the child's own directory, which goes with it.
   */
  public static List<String> ownDirectoryFlags(Path ownDirectory) {
    return List.of("-Dproject.build.directory=" + ownDirectory.toAbsolutePath());
  }

  /** The flags every store's JVM needs (opens and exports for LmdbJava, Agrona, Chronicle Map). */
  public static List<String> storeJvmFlags() {
    return dev.kvbench.host.JvmFlags.required();
  }

  /** Runs one cell in a child JVM; see the class comment for what becomes of a failure. */
  @Override
  public CellResult run(StoreProvider provider, CellParams cell, Path directory, String name) {
    if (stopped) {
      return CellResults.ended(provider, cell, Outcome.INTERRUPTED, "not run: the run was stopped", null);
    }
    try {
      Path diag = newDiagnosticsDirectory(name);
      Path plan = diag.resolve("plan.json");
      Path link = diag.resolve("link.jsonl");
      Path output = diag.resolve("output.log");
      json.writeValue(plan.toFile(), new ForkPlan(ForkMessage.PROTOCOL, cell,
          directory.toAbsolutePath().toString(), link.toString()));
      Files.createFile(link);
      ProcessBuilder pb = new ProcessBuilder(command(diag, plan))
          .directory(diag.toFile())
          .redirectErrorStream(true)
          .redirectOutput(output.toFile());
      Process child = pb.start();
      running = child;
      CellResult result;
      try {
        result = watch(provider, cell, child, link, output, diag, directory);
      } finally {
        running = null;
        if (child.isAlive()) {
          child.destroyForcibly().waitFor();
        }
      }
      if (result.outcome() == Outcome.RAN) {
        deleteTree(diag);
      }
      return result;
    } catch (IOException e) {
      return CellResults.ended(provider, cell, Outcome.FAILED, "could not start the cell's JVM: " + e, null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CellResults.ended(provider, cell, Outcome.INTERRUPTED, "interrupted", null);
    }
  }

  /**
   * A new directory for a cell's diagnostics. A resumed run may run a cell again whose earlier
   * attempt left its diagnostics (the run was killed): those are kept, the new attempt gets
   * {@code name-2}, {@code name-3} ...
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
    Process p = running;
    if (p != null) {
      p.destroyForcibly();
    }
  }

  List<String> command(Path diag, Path plan) {
    List<String> cmd = new ArrayList<>();
    cmd.add(jvm.java().isEmpty() ? Path.of(System.getProperty("java.home"), "bin", "java").toString() : jvm.java());
    cmd.addAll(cellJvmFlags(jvm));
    cmd.add("-XX:ErrorFile=" + diag.resolve("hs_err_pid%p.log"));
    cmd.addAll(ownDirectoryFlags(diag));
    for (String property : List.of("java.io.tmpdir", "user.home")) {
      cmd.add("-D" + property + "=" + System.getProperty(property));
    }
    cmd.add("-cp");
    cmd.add(absoluteClassPath());
    cmd.add(ForkedCellMain.class.getName());
    cmd.add(plan.toString());
    return cmd;
  }

  /**
   * This JVM's class path with every entry absolute, for a child JVM that runs in a directory of
   * its own (a cell's diagnostics directory, a crash trial's).
   */
  public static String absoluteClassPath() {
    return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(s -> !s.isEmpty())
        .map(s -> Path.of(s).toAbsolutePath().toString())
        .reduce((a, b) -> a + File.pathSeparator + b).orElse(".");
  }

  private CellResult watch(StoreProvider provider, CellParams cell, Process child, Path link, Path output, Path diag,
      Path directory)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long graceEnd = Long.MAX_VALUE;
    LinkReader reader = new LinkReader(link);
    PhaseProgress[] progress = {null};
    CellResult[] result = {null};
    while (true) {
      boolean exited = child.waitFor(200, java.util.concurrent.TimeUnit.MILLISECONDS);
      for (ForkMessage m : reader.readNew()) {
        dispatch(cell, m, progress, result);
      }
      if (exited) {
        break;
      }
      if (stopped) {
        child.destroyForcibly().waitFor();
        return CellResults.ended(provider, cell, Outcome.INTERRUPTED, "interrupted: the run was stopped",
            diagnostics(diag, output, null));
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
        Path dump = threadDump(child, output, diag);
        child.destroyForcibly().waitFor();
        return CellResults.ended(provider, cell, Outcome.FAILED,
            "timed out after " + human(timeout) + " (cellTimeout); thread dump in " + dump,
            diagnostics(diag, output, dump));
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
          + (stopped ? "" : " (the cell's JVM got signal " + (exit - 128) + ")"), diagnostics(diag, output, null));
    }
    return CellResults.ended(provider, cell, Outcome.FAILED,
        Failures.labelled(whyItDied(exit, output, diag) + fullDisk(directory)),
        diagnostics(diag, output, null));
  }

  private void dispatch(CellParams cell, ForkMessage m, PhaseProgress[] progress, CellResult[] result) {
    if (m instanceof ForkMessage.PassStarted p) {
      progress[0] = new PhaseProgress(p.total());
      listener.passStarted(cell, p.pass(), progress[0]);
    } else if (m instanceof ForkMessage.Progress p && progress[0] != null) {
      progress[0].publish(p.done());
    } else if (m instanceof ForkMessage.PhaseFinished p) {
      listener.phaseFinished(cell, p.result());
    } else if (m instanceof ForkMessage.CellFinished c) {
      result[0] = c.result();
    }
  }

  /** The reason a child JVM that sent no result ended, in the words a user searches for. */
  static String whyItDied(int exitCode, Path output, Path diag) throws IOException {
    List<String> tail = tail(output, 200);
    String oom = tail.stream().filter(l -> l.contains("OutOfMemoryError")).findFirst().orElse(null);
    if (oom != null) {
      return "out of memory: " + oom.trim() + "; give the cell more with --heap (scenario jvm.heap)";
    }
    Path crash = crashLog(diag);
    if (crash != null) {
      return "the JVM crashed: " + crashSummary(crash) + "; crash log " + crash;
    }
    String noSpace = tail.stream().filter(l -> l.toLowerCase().contains("no space left on device")).findFirst()
        .orElse(null);
    if (noSpace != null) {
      return "no space left on device: " + noSpace.trim();
    }
    if (exitCode > 128) {
      int signal = exitCode - 128;
      return "killed by signal " + signal + signalName(signal);
    }
    return "the cell's JVM exited with code " + exitCode + " and no result";
  }

  /**
   * What the cell's file system looked like when its JVM died: a store writing through a memory
   * map gets SIGBUS, not an error, when the file system is full.
   */
  private static String fullDisk(Path directory) {
    try {
      var store = Files.getFileStore(directory);
      long free = store.getUsableSpace();
      if (free < Math.max(1L << 20, store.getTotalSpace() / 100)) {
        return String.format(java.util.Locale.ROOT, " (no space left on device: %,d bytes free on the work"
            + " directory's file system)", free);
      }
    } catch (IOException e) {
      // the directory is gone: nothing to say about it
    }
    return "";
  }

  private static String signalName(int signal) {
    return switch (signal) {
      case 6 -> " (SIGABRT)";
      case 7 -> " (SIGBUS)";
      case 9 -> " (SIGKILL)";
      case 11 -> " (SIGSEGV)";
      case 15 -> " (SIGTERM)";
      default -> "";
    };
  }

  private static Path crashLog(Path diag) throws IOException {
    try (Stream<Path> files = Files.list(diag)) {
      return files.filter(f -> f.getFileName().toString().startsWith("hs_err")).findFirst().orElse(null);
    }
  }

  /** The hs_err lines that say what happened: the signal and the problematic frame. */
  private static String crashSummary(Path crash) throws IOException {
    List<String> picked = new ArrayList<>();
    for (String line : Files.readAllLines(crash, StandardCharsets.ISO_8859_1)) {
      String t = line.replaceFirst("^#\\s*", "").trim();
      if (t.matches("(SIG[A-Z]+|EXCEPTION_[A-Z_]+) .*") || line.startsWith("# Problematic frame:")) {
        picked.add(t);
      } else if (picked.size() == 2 && line.startsWith("# ") && picked.get(1).startsWith("Problematic frame")) {
        picked.add(t);
      }
      if (picked.size() == 3) {
        break;
      }
    }
    return picked.isEmpty() ? "see the crash log" : String.join(" ", picked);
  }

  /** Asks the JVM for a thread dump (SIGQUIT prints it to its output), and keeps it. */
  private static Path threadDump(Process child, Path output, Path diag) throws IOException, InterruptedException {
    long before = Files.size(output);
    new ProcessBuilder("kill", "-3", Long.toString(child.pid())).inheritIO().start().waitFor();
    long until = System.nanoTime() + 3_000_000_000L;
    while (System.nanoTime() < until && Files.size(output) == before) {
      Thread.sleep(100);
    }
    Thread.sleep(500);
    Path dump = diag.resolve("thread-dump.txt");
    try (RandomAccessFile f = new RandomAccessFile(output.toFile(), "r")) {
      f.seek(before);
      byte[] bytes = new byte[(int) Math.min(f.length() - before, 4 << 20)];
      f.readFully(bytes);
      Files.write(dump, bytes);
    }
    return dump;
  }

  private static Diagnostics diagnostics(Path diag, Path output, Path dump) throws IOException {
    Path crash = crashLog(diag);
    return new Diagnostics(diag.toString(), String.join("\n", tail(output, TAIL_LINES)),
        crash == null ? null : crash.toString(), dump == null ? null : dump.toString());
  }

  /** The last {@code lines} lines of {@code file}, none when it does not exist: a child JVM's last words. */
  public static List<String> tail(Path file, int lines) throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    List<String> all = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    return all.subList(Math.max(0, all.size() - lines), all.size());
  }

  private static String human(Duration d) {
    return d.toSeconds() % 60 == 0 ? d.toMinutes() + " min" : d.toSeconds() + " s";
  }

  /** Deletes a finished cell's diagnostics, and the diagnostics root once empty if this run made it. */
  private void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
    if (createdRoot) {
      try (Stream<Path> rest = Files.list(diagnosticsRoot)) {
        if (rest.findAny().isEmpty()) {
          Files.delete(diagnosticsRoot);
          createdRoot = false;
        }
      }
    }
  }

  /** Reads the complete lines a child has appended to its link file since the last call. */
  private final class LinkReader {
    private final Path file;
    private long offset;

    LinkReader(Path file) {
      this.file = file;
    }

    List<ForkMessage> readNew() throws IOException {
      List<ForkMessage> out = new ArrayList<>();
      try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
        long length = f.length();
        if (length <= offset) {
          return out;
        }
        byte[] bytes = new byte[(int) (length - offset)];
        f.seek(offset);
        f.readFully(bytes);
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
          if (bytes[i] == '\n') {
            String line = new String(bytes, start, i - start, StandardCharsets.UTF_8);
            start = i + 1;
            try {
              out.add(json.readValue(line, ForkMessage.class));
            } catch (JsonProcessingException e) {
              // not a message: a line cut by a crash; the exit code tells what happened
            }
          }
        }
        offset += start;
      }
      return out;
    }
  }

}
