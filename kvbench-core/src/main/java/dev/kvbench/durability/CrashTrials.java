package dev.kvbench.durability;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.run.WorkArea;
import dev.kvbench.runner.fork.ForkedCells;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.store.StoreSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs the crash test: for every store, durability mode it claims and kind of crash, {@code
 * trials} times: a fresh store in a directory of its own, a writer JVM that acknowledges each
 * commit over its stdout pipe, a SIGKILL at a seeded moment, then (for a power cut, on a copy of
 * the device as it stood) a checker JVM that reopens the store and reports what it kept. Each
 * trial's directory, image and mounts are this runner's own and are removed after the trial.
 */
public final class CrashTrials {

  /** The loop image for a power cut: sparse, so only what the store writes takes space. */
  static final long IMAGE_BYTES = 4L << 30;

  private static final Duration WRITER_START = Duration.ofSeconds(60);
  private static final Duration CHECK_TIMEOUT = Duration.ofMinutes(5);

  /**
   * What to run.
   *
   * @param stores store ids
   * @param modes durability modes; a store is tried in each it claims, the rest are skipped
   * @param kinds process and/or power
   * @param trials kills per store, mode and kind
   * @param seed decides every kill's moment
   * @param killAfterMin the earliest kill, after the writer's first acknowledged commit
   * @param killAfterMax the latest
   * @param settings each store's -o settings, by store id
   * @param workDir where each trial's directory is made: an empty or new directory, or null for a new
   *     private one kvbench makes under /dev/shm (or the temp directory) and removes afterwards
   */
  public record Plan(List<String> stores, List<Durability> modes, List<CrashKind> kinds, int trials, long seed,
      Duration killAfterMin, Duration killAfterMax, CrashWorkload workload, Map<String, Map<String, String>> settings,
      Path workDir) {

    public Plan {
      if (trials < 1) {
        throw new IllegalArgumentException("trials must be at least 1, got " + trials);
      }
      if (killAfterMin.isNegative() || killAfterMax.compareTo(killAfterMin) < 0) {
        throw new IllegalArgumentException("killAfter: the earliest kill must be >= 0 and not after the latest ("
            + killAfterMin.toMillis() + " ms to " + killAfterMax.toMillis() + " ms)");
      }
      stores = List.copyOf(stores);
      modes = List.copyOf(modes);
      kinds = List.copyOf(kinds);
      settings = Map.copyOf(settings);
    }
  }

  /** Told of each trial as it ends, for progress. */
  public interface Listener {
    Listener NONE = (result, trial) -> {};

    void trialDone(DurabilityResult combination, DurabilityResult.Trial trial);
  }

  private final StoreRegistry registry;
  private final Listener listener;
  private final ObjectMapper json = new ObjectMapper();

  public CrashTrials(StoreRegistry registry, Listener listener) {
    this.registry = registry;
    this.listener = listener;
  }

  /**
   * Runs {@code plan} and makes its report: the results with the host they ran on, the command
   * ({@code command}, as given) and kvbench's version.
   */
  public DurabilityReport report(Plan plan, List<String> command, String kvbenchVersion) {
    String startedAt = java.time.Instant.now().toString();
    List<DurabilityResult> results = run(plan);
    return new DurabilityReport(DurabilityReport.SCHEMA_VERSION, kvbenchVersion, startedAt, List.copyOf(command),
        plan.seed(), plan.trials(), new DurabilityReport.KillWindow(plan.killAfterMin().toMillis(),
        plan.killAfterMax().toMillis()), plan.workload(),
        dev.kvbench.result.EnvironmentProbe.probe(plan.workDir() != null ? plan.workDir() : WorkArea.defaultBase(),
            "n/a", false, 0, dev.kvbench.runner.fork.CellJvm.storeJvmFlags()), results);
  }

  /** Every combination's result, in the plan's order; a combination that cannot run says why. */
  public List<DurabilityResult> run(Plan plan) {
    // like a run's: a fresh private directory, or the user's empty one, never a fixed name in a
    // shared directory that another user could have planted a link at; removed afterwards
    try (WorkArea area = WorkArea.open(plan.workDir(), "kvbench-crash-")) {
      area.claim();
      return run(plan, area);
    }
  }

  private List<DurabilityResult> run(Plan plan, WorkArea area) {
    String powerUnavailable = plan.kinds().contains(CrashKind.POWER) ? LoopDisk.unavailableReason(area.root()) : null;
    List<DurabilityResult> results = new ArrayList<>();
    for (String storeId : plan.stores()) {
      StoreProvider provider = registry.require(storeId);
      Map<String, String> given = plan.settings().getOrDefault(storeId, Map.of());
      Map<String, String> resolved = StoreSettings.resolve(storeId, provider.settings(), given).asText();
      for (Durability mode : plan.modes()) {
        for (CrashKind kind : plan.kinds()) {
          String why = !provider.capabilities().retainsData() ? storeId + " keeps nothing, so it has nothing to lose"
              : !provider.capabilities().durabilities().contains(mode) ? storeId + " does not claim " + mode.id()
              : !provider.availability().available() ? provider.availability().reason()
              : kind == CrashKind.POWER ? powerUnavailable : null;
          if (why != null) {
            results.add(DurabilityResult.skipped(storeId, provider.library(), provider.libraryVersion(), mode.id(),
                kind.id(), why));
            continue;
          }
          List<DurabilityResult.Trial> trials = new ArrayList<>();
          for (int t = 1; t <= plan.trials(); t++) {
            DurabilityResult.Trial trial = trial(plan, area, storeId, given, mode, kind, t);
            trials.add(trial);
            listener.trialDone(DurabilityResult.of(storeId, provider.library(), provider.libraryVersion(), mode.id(),
                kind.id(), resolved, trials), trial);
          }
          results.add(DurabilityResult.of(storeId, provider.library(), provider.libraryVersion(), mode.id(), kind.id(),
              resolved, trials));
        }
      }
    }
    return results;
  }

  private DurabilityResult.Trial trial(Plan plan, WorkArea area, String storeId, Map<String, String> given,
      Durability mode, CrashKind kind, int number) {
    // the kill's moment depends on the seed and on which trial this is, not on what ran before it
    SplittableRandom random = new SplittableRandom(plan.seed() ^ (storeId + "/" + mode + "/" + kind + "/" + number)
        .hashCode() * 0x9E37_79B9_7F4A_7C15L);
    long min = plan.killAfterMin().toMillis();
    long killAfter = min + random.nextLong(plan.killAfterMax().toMillis() - min + 1);
    Path trialDir = area.newDirectory(WorkArea.TRIAL_PREFIX + storeId + "-" + mode.id() + "-" + kind.id() + "-"
        + number);
    try {
      return kind == CrashKind.POWER ? powerCut(plan, storeId, given, mode, number, killAfter, trialDir)
          : processCrash(plan, storeId, given, mode, number, killAfter, trialDir);
    } catch (IOException e) {
      return new DurabilityResult.Trial(number, killAfter, false, null, e.getMessage(), null);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new DurabilityResult.Trial(number, killAfter, false, null, "interrupted", null);
    } finally {
      area.delete(trialDir);
    }
  }

  private DurabilityResult.Trial processCrash(Plan plan, String storeId, Map<String, String> given, Durability mode,
      int number, long killAfter, Path trialDir) throws IOException, InterruptedException {
    Path store = Files.createDirectories(trialDir.resolve("store"));
    Killed killed = writeAndKill(plan, storeId, given, mode, store, killAfter, trialDir);
    if (killed.failure != null) {
      return new DurabilityResult.Trial(number, killAfter, false, null, killed.failure, null);
    }
    return new DurabilityResult.Trial(number, killAfter, killed.finishedFirst,
        check(plan, storeId, given, mode, store, killed.acknowledged, trialDir), null, nativeSettings(killed));
  }

  private DurabilityResult.Trial powerCut(Plan plan, String storeId, Map<String, String> given, Durability mode,
      int number, long killAfter, Path trialDir) throws IOException, InterruptedException {
    Killed killed;
    Path cut = trialDir.resolve("cut.img");
    try (LoopDisk disk = LoopDisk.create(trialDir.resolve("disk.img"), IMAGE_BYTES, trialDir.resolve("mnt"))) {
      Path store = Files.createDirectories(disk.mountPoint().resolve("store"));
      disk.syncSetup();
      killed = writeAndKill(plan, storeId, given, mode, store, killAfter, trialDir);
      if (killed.failure != null) {
        return new DurabilityResult.Trial(number, killAfter, false, null, killed.failure, null);
      }
      disk.cut(cut); // at once: before the kernel writes back what the store left unsynced
    }
    try (LoopDisk after = LoopDisk.mount(cut, trialDir.resolve("mnt-after"))) {
      return new DurabilityResult.Trial(number, killAfter, killed.finishedFirst,
          check(plan, storeId, given, mode, after.mountPoint().resolve("store"), killed.acknowledged, trialDir), null,
          nativeSettings(killed));
    }
  }

  private record Killed(long acknowledged, boolean finishedFirst, String failure, String nativeSettings) {}

  /** The writer's store's native settings as it reported them, or null. */
  private Map<String, Object> nativeSettings(Killed killed) throws IOException {
    return killed.nativeSettings == null ? null
        : json.readValue(killed.nativeSettings, new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() {});
  }

  /**
   * Starts the writer, kills it {@code killAfter} ms after its first acknowledged commit, and counts its
   * acknowledgements. The clock starts at the first commit, not when the store opened: on a busy host a
   * writer can be killed before it commits anything, and such a trial checks nothing.
   */
  private Killed writeAndKill(Plan plan, String storeId, Map<String, String> given, Durability mode, Path store,
      long killAfter, Path trialDir) throws IOException, InterruptedException {
    Path log = trialDir.resolve("writer.log");
    Process writer = new ProcessBuilder(command("write", plan, storeId, given, mode, store, 0, trialDir))
        .directory(trialDir.toFile()).redirectError(log.toFile()).start();
    AtomicLong acked = new AtomicLong();
    CountDownLatch ready = new CountDownLatch(1);
    CountDownLatch firstAck = new CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean sawReady = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
    java.util.concurrent.atomic.AtomicReference<String> nativeSettings = new java.util.concurrent.atomic.AtomicReference<>();
    Thread reader = new Thread(() -> {
      // byte by byte through a buffer: a line counts only once its newline arrived, so an ack the
      // kill cut short ("...ack 1016" of 101656) is never taken for an earlier commit's
      try (java.io.InputStream in = new java.io.BufferedInputStream(writer.getInputStream())) {
        StringBuilder line = new StringBuilder();
        for (int c; (c = in.read()) >= 0; ) {
          if (c != '\n') {
            line.append((char) c);
            continue;
          }
          String text = line.toString();
          line.setLength(0);
          if (text.startsWith(CrashChild.ACK)) {
            acked.accumulateAndGet(Long.parseLong(text.substring(CrashChild.ACK.length())), Math::max);
            firstAck.countDown();
          } else if (text.startsWith(CrashChild.SETTINGS)) {
            nativeSettings.set(text.substring(CrashChild.SETTINGS.length()));
          } else if (text.equals(CrashChild.READY)) {
            sawReady.set(true);
            ready.countDown();
          } else if (text.equals(CrashChild.DONE)) {
            done.set(true);
          }
        }
      } catch (IOException | NumberFormatException e) {
        // the pipe broke: what was read stands
      }
      ready.countDown();
      firstAck.countDown();
    }, "crash-acks");
    reader.start();
    try {
      // the latch also opens when the pipe ends: a writer that died before its store opened
      if (!ready.await(WRITER_START.toSeconds(), TimeUnit.SECONDS) || !sawReady.get()) {
        writer.destroyForcibly().waitFor();
        reader.join();
        return new Killed(0, false, "the writer did not open the store: " + tail(log), null);
      }
      // the latch also opens when the pipe ends: a writer that died before its first commit
      if (!firstAck.await(WRITER_START.toSeconds(), TimeUnit.SECONDS) || acked.get() == 0 && !done.get()) {
        writer.destroyForcibly().waitFor();
        reader.join();
        return new Killed(0, false, "the writer acknowledged no commit within " + WRITER_START.toSeconds()
            + " s of opening its store: " + tail(log), null);
      }
      Thread.sleep(killAfter);
      boolean finishedFirst = !writer.isAlive();
      // SIGKILL through the handle: Process.destroyForcibly would also close our end of the pipe,
      // dropping the acknowledgements still in it
      writer.toHandle().destroyForcibly();
      writer.waitFor();
      reader.join();
      return new Killed(acked.get(), finishedFirst && done.get(), null, nativeSettings.get());
    } finally {
      if (writer.isAlive()) {
        writer.destroyForcibly().waitFor();
      }
    }
  }

  private CrashCheck check(Plan plan, String storeId, Map<String, String> given, Durability mode, Path store,
      long acknowledged, Path trialDir) throws IOException, InterruptedException {
    Path log = trialDir.resolve("checker.log");
    Process checker = new ProcessBuilder(command("check", plan, storeId, given, mode, store, acknowledged, trialDir))
        .directory(trialDir.toFile()).redirectError(log.toFile()).start();
    String result = null;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(checker.getInputStream(),
        StandardCharsets.UTF_8))) {
      for (String line; (line = in.readLine()) != null; ) {
        if (line.startsWith(CrashChild.CHECKED)) {
          result = line.substring(CrashChild.CHECKED.length());
        }
      }
    }
    if (!checker.waitFor(CHECK_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      checker.destroyForcibly().waitFor();
      return CrashCheck.failed(acknowledged, "the check took over " + CHECK_TIMEOUT.toMinutes() + " minutes");
    }
    if (result == null) {
      return CrashCheck.failed(acknowledged, "the checker JVM died (exit " + checker.exitValue() + "): " + tail(log));
    }
    return json.readValue(result, CrashCheck.class);
  }

  private static List<String> command(String mode, Plan plan, String storeId, Map<String, String> given,
      Durability durability, Path store, long acknowledged, Path trialDir) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(dev.kvbench.runner.fork.CellJvm.storeJvmFlags());
    cmd.addAll(dev.kvbench.runner.fork.CellJvm.ownDirectoryFlags(trialDir));
    cmd.add("-XX:+ExitOnOutOfMemoryError");
    cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
    cmd.add("-cp");
    cmd.add(dev.kvbench.runner.fork.CellJvm.absoluteClassPath());
    cmd.add(CrashChild.class.getName());
    CrashWorkload w = plan.workload();
    cmd.addAll(List.of(mode, storeId, store.toString(), durability.id(), Long.toString(w.seed()),
        Integer.toString(w.putsPerCommit()), Integer.toString(w.valueSize()), Long.toString(w.maxCommits()),
        Long.toString(acknowledged)));
    given.forEach((k, v) -> cmd.add(k + "=" + v));
    return cmd;
  }

  /**
   * The exception a child JVM reported first (its message, which a stack trace's last lines leave
   * out) and the last lines it wrote to {@code log}, on one line.
   */
  static String tail(Path log) {
    try {
      // every line, read once: the first error may lie far above the last five
      List<String> all = dev.kvbench.runner.fork.ChildDeath.tail(log, Integer.MAX_VALUE);
      if (all.isEmpty()) {
        return "(no output)";
      }
      List<String> lines = all.subList(Math.max(0, all.size() - 5), all.size());
      String first = dev.kvbench.runner.fork.ChildDeath.firstError(all);
      String last = String.join(" | ", lines);
      return first == null || lines.contains(first) ? last : first.trim() + " | ... | " + last;
    } catch (IOException e) {
      return "(its log could not be read: " + e.getMessage() + ")";
    }
  }
}
