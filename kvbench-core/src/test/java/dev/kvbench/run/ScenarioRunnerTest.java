package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.RunJournal;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scenario runner end to end, with tiny cells of the test-only stores, in-process and forked. */
class ScenarioRunnerTest {

  @TempDir Path temp;

  private final StoreRegistry registry = StoreRegistry.load();

  private static Scenario scenario(int forks, Map<String, List<String>> settings, List<Durability> durability) {
    Matrix m = new Matrix(List.of("null", "misbehaving"), List.of(500L), List.of(20), List.of(KeyEncoding.INT),
        List.of(KeyOrder.RND), List.of(Matrix.ALL_IN_ONE), durability, settings);
    return Scenario.defaults("test").withMatrix(m)
        .withRepetitions(new Repetitions(forks, 1, 0, 2))
        .withCellTimeout(Duration.ofSeconds(8))
        .withJvm(new JvmOptions("", "96m", List.of()));
  }

  private ScenarioRunner.Options options(String output) {
    return new ScenarioRunner.Options(temp.resolve("work"), temp.resolve(output), Shard.ALL, List.of("test"), "dev");
  }

  /** Counts the cells the runner starts, to see what a resumed run runs. */
  private static final class Started implements RunListener {
    final List<String> cells = new ArrayList<>();

    @Override
    public void cellStarted(CellParams cell) {
      cells.add(cell.id());
    }
  }

  @Test
  void inProcessRunJournalsEveryCellWithItsPassesAndLeavesNoWorkDirectory() throws Exception {
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(registry, RunListener.NONE)
        .run(scenario(0, Map.of(), List.of(Durability.NOSYNC)), options("a.json"));
    assertThat(outcome.completed()).isTrue();
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    assertThat(doc.completed()).isTrue();
    assertThat(doc.cells()).extracting(CellResult::store).containsExactly("null", "misbehaving");
    CellResult real = doc.cells().get(1);
    assertThat(real.outcome()).isEqualTo(Outcome.RAN);
    assertThat(real.phases()).allSatisfy(p -> {
      assertThat(p.status()).isEqualTo(PhaseStatus.OK);
      assertThat(p.passes()).hasSize(2);
      assertThat(p.passMillis()).isBetween(p.minPassMillis(), p.maxPassMillis());
    });
    assertThat(real.phases().stream().filter(p -> !p.phase().equals("write"))).allMatch(p -> p.verified());
    assertThat(real.phases().get(0).latencyHistogram()).isNotBlank();
    assertThat(RunJournal.read(outcome.journalPath())).hasSize(4); // header, two cells, end
    assertThat(temp.resolve("work")).doesNotExist();
  }

  @Test
  void aCombinationTheStoreCannotHonourIsUnsupportedAndTheRestRuns() throws Exception {
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(registry, RunListener.NONE)
        .run(scenario(0, Map.of(), List.of(Durability.NOSYNC, Durability.SYNC)), options("u.json"));
    Map<String, Outcome> byId = new java.util.HashMap<>();
    outcome.document().cells().forEach(c -> byId.put(c.store() + "/" + c.parameters().durability(), c.outcome()));
    assertThat(byId).containsEntry("misbehaving/sync", Outcome.UNSUPPORTED)
        .containsEntry("misbehaving/nosync", Outcome.RAN).containsEntry("null/sync", Outcome.RAN);
    CellResult unsupported = outcome.document().cells().stream()
        .filter(c -> c.outcome() == Outcome.UNSUPPORTED).findFirst().orElseThrow();
    assertThat(unsupported.error()).contains("cannot honour --sync sync", "nosync");
    assertThat(unsupported.succeeded()).isTrue();
  }

  @Test
  void forkedCellsThatCrashDieHangOrRunOutOfMemoryFailAloneWithTheirReasonAndDiagnostics() throws Exception {
    Path cwdBefore = Path.of("").toAbsolutePath();
    Set<Path> cwdFiles = list(cwdBefore);
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(registry, RunListener.NONE).run(
        scenario(1, Map.of("misbehaving.failure", List.of("none", "segv", "kill", "hang", "oom", "exit")),
            List.of(Durability.NOSYNC)).withMatrix(new Matrix(List.of("misbehaving"), List.of(500L), List.of(20),
            List.of(KeyEncoding.INT), List.of(KeyOrder.RND), List.of(Matrix.ALL_IN_ONE), List.of(Durability.NOSYNC),
            Map.of("misbehaving.failure", List.of("none", "segv", "kill", "hang", "oom", "exit")))),
        options("f.json"));
    Map<String, CellResult> byFailure = new java.util.HashMap<>();
    outcome.document().cells().forEach(c -> byFailure.put(c.settings().get("failure"), c));
    assertThat(byFailure).hasSize(6);
    assertThat(byFailure.get("none").outcome()).isEqualTo(Outcome.RAN);
    assertThat(byFailure.get("none").succeeded()).isTrue();

    CellResult segv = byFailure.get("segv");
    assertThat(segv.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(segv.error()).contains("the JVM crashed", "SIGSEGV");
    assertThat(Path.of(segv.diagnostics().crashLog())).exists()
        .startsWith(temp.resolve("f-diagnostics"));

    assertThat(byFailure.get("kill").error()).isEqualTo("killed by signal 9 (SIGKILL)");
    assertThat(byFailure.get("kill").diagnostics().outputTail()).isNotNull();

    CellResult hang = byFailure.get("hang");
    assertThat(hang.error()).startsWith("timed out after 8 s");
    assertThat(Files.readString(Path.of(hang.diagnostics().threadDump()))).contains("MisbehavingStoreProvider.hang");

    assertThat(byFailure.get("oom").error()).startsWith("out of memory").contains("OutOfMemoryError", "--heap");
    assertThat(byFailure.get("exit").error()).contains("exited with code 42");

    assertThat(outcome.completed()).isTrue();
    assertThat(temp.resolve("work")).doesNotExist();
    assertThat(list(cwdBefore)).as("no hs_err or other file in the current directory").isEqualTo(cwdFiles);
  }

  @Test
  void aCellWhoseJvmGetsCtrlCIsInterruptedAndTheResumedRunRunsItAgain() throws Exception {
    // a process started in the background without job control (nohup cmd &) ignores SIGINT, and
    // so do the JVMs it starts: there Ctrl-C cannot reach a cell, and the store's kill -INT neither
    org.assertj.core.api.Assumptions.assumeThat(sigintIgnored())
        .as("SIGINT is ignored by this process (started in the background without job control)").isFalse();
    Scenario s = scenario(1, Map.of("misbehaving.failure", List.of("interrupt")), List.of(Durability.NOSYNC));
    ScenarioRunner.RunOutcome stopped = new ScenarioRunner(registry, RunListener.NONE).run(s, options("i.json"));
    assertThat(stopped.completed()).isFalse();
    assertThat(stopped.document().cells()).extracting(CellResult::outcome)
        .containsExactly(Outcome.RAN, Outcome.INTERRUPTED);
    assertThat(stopped.document().cells().get(1).error()).contains("interrupted", "signal 2");
    Started started = new Started();
    new ScenarioRunner(registry, started).resume(stopped.journalPath(), options("unused.json")).document();
    assertThat(started.cells).containsExactly(stopped.document().cells().get(1).cellId());
  }

  @Test
  void resumeRunsOnlyTheCellsWithoutAResult() throws Exception {
    Scenario s = scenario(0, Map.of("misbehaving.ordered", List.of("true", "false")), List.of(Durability.NOSYNC));
    ScenarioRunner.RunOutcome full = new ScenarioRunner(registry, RunListener.NONE).run(s, options("r.json"));
    assertThat(full.document().cells()).hasSize(3);
    // as if the parent had been killed after the first cell: the journal keeps the header and one cell
    List<String> lines = Files.readAllLines(full.journalPath());
    Files.write(full.journalPath(), lines.subList(0, 2));
    Started started = new Started();
    ScenarioRunner.RunOutcome resumed = new ScenarioRunner(registry, started).resume(full.documentPath(),
        options("ignored.json"));
    assertThat(started.cells).hasSize(2).doesNotContain(full.document().cells().get(0).cellId());
    assertThat(resumed.completed()).isTrue();
    assertThat(resumed.document().cells()).extracting(CellResult::cellId)
        .containsExactlyInAnyOrderElementsOf(full.document().cells().stream().map(CellResult::cellId).toList());
    assertThat(resumed.document().resumedAt()).hasSize(1);
  }

  @Test
  void twoRunsWithTheSameOutputNeverShareIt() throws Exception {
    Scenario s = scenario(0, Map.of(), List.of(Durability.NOSYNC));
    new ScenarioRunner(registry, RunListener.NONE).run(s, options("same.json"));
    byte[] before = Files.readAllBytes(temp.resolve("same.json"));
    assertThatThrownBy(() -> new ScenarioRunner(registry, RunListener.NONE).run(s,
        new ScenarioRunner.Options(temp.resolve("work2"), temp.resolve("same.json"), Shard.ALL, List.of(), "dev")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same.json").hasMessageContaining("already");
    assertThat(Files.readAllBytes(temp.resolve("same.json"))).isEqualTo(before);
    assertThat(ScenarioRunner.defaultOutput("x")).isNotEqualTo(ScenarioRunner.defaultOutput("y"));
  }

  @Test
  void shardsAreDisjointAndTogetherCoverTheMatrixOnce() {
    Scenario base = scenario(0, Map.of("misbehaving.ordered", List.of("true", "false")),
        List.of(Durability.NOSYNC, Durability.LAZY));
    Scenario s = base.withMatrix(base.matrix().withOrders(List.of(KeyOrder.SEQ, KeyOrder.RND)));
    ScenarioRunner runner = new ScenarioRunner(registry, RunListener.NONE);
    List<String> all = runner.cells(s, Shard.ALL).stream().map(CellParams::id).toList();
    assertThat(all).hasSize(12).doesNotHaveDuplicates(); // 2 orders x 2 durabilities x (null + 2 settings)
    Set<String> union = new HashSet<>();
    for (int i = 1; i <= 3; i++) {
      List<String> part = runner.cells(s, new Shard(i, 3)).stream().map(CellParams::id).toList();
      assertThat(part).allSatisfy(id -> assertThat(union.add(id)).as("in two shards: " + id).isTrue());
    }
    assertThat(union).containsExactlyInAnyOrderElementsOf(all);
    assertThatThrownBy(() -> Shard.parse("4/3")).hasMessageContaining("1 <= i <= n");
  }

  @Test
  void aRunThatCannotFitIsRefusedWithTheScaleThatWould() {
    Scenario s = scenario(0, Map.of(), List.of(Durability.NOSYNC)).withMatrix(
        scenario(0, Map.of(), List.of(Durability.NOSYNC)).matrix().withEntries(List.of(4_000_000_000L))
            .withValueSizes(List.of(1_000_000)));
    ScenarioRunner runner = new ScenarioRunner(registry, RunListener.NONE);
    String problem = runner.spaceProblem(runner.cells(s, Shard.ALL), temp);
    assertThat(problem).contains("needs at least", "--scale 0.0");
    assertThatThrownBy(() -> runner.run(s, options("big.json"))).hasMessageContaining("--scale");
    assertThat(temp.resolve("big.json")).doesNotExist();
  }

  @Test
  void aKilledRunsWorkDirectoryIsReportedAsStaleAndALiveOneIsRefused() throws Exception {
    Path base = Files.createDirectory(temp.resolve("base"));
    Path stale = Files.createDirectory(base.resolve("kvbench-123"));
    Files.writeString(stale.resolve(WorkArea.LOCK_FILE), "999999\n");
    Files.write(stale.resolve("data"), new byte[8192]);
    assertThat(WorkArea.staleDirectories(base, new dev.kvbench.measure.StorageMeter()))
        .singleElement().satisfies(s -> {
          assertThat(s.directory()).isEqualTo(stale);
          assertThat(s.allocatedBytes()).isGreaterThanOrEqualTo(8192);
        });
    try (WorkArea live = WorkArea.open(base.resolve("kvbench-live"))) {
      live.claim();
      assertThat(WorkArea.staleDirectories(base, new dev.kvbench.measure.StorageMeter()))
          .extracting(WorkArea.Stale::directory).containsExactly(stale);
    }
  }

  private static Set<Path> list(Path dir) throws java.io.IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return new HashSet<>(s.toList());
    }
  }

  /** Whether this process ignores SIGINT, from the SigIgn mask in /proc/self/status. */
  private static boolean sigintIgnored() throws java.io.IOException {
    for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
      if (line.startsWith("SigIgn:")) {
        long mask = Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
        return (mask & (1L << (2 - 1))) != 0;
      }
    }
    return false;
  }
}
