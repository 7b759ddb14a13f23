package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ForkStop;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.JournalContents;
import dev.kvbench.result.RunJournal;
import dev.kvbench.run.Failures;
import dev.kvbench.run.RunListener;
import dev.kvbench.run.WorkArea;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.TinyScenario;
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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The scenario runner end to end, with tiny cells of the test-only stores, in-process and forked. */
class ScenarioRunnerTest {

  @TempDir Path temp;

  private final StoreRegistry registry = StoreRegistry.load();

  private static Scenario scenario(int forks, Map<String, List<String>> settings, List<Durability> durability) {
    Scenario s = TinyScenario.of("test", List.of("null", "misbehaving"), 500, KeyOrder.RND, forks);
    return s.withMatrix(s.matrix().with(Axes.DURABILITY, durability).withSettings(settings))
        // long enough for a cell's JVM to start and run on a loaded machine: at 15 s, healthy cells timed out
        // in their last phases with two busy loops, the CI's second module and another kvbench run on 2 cores
        .withCellTimeout(Duration.ofSeconds(60));
  }

  /**
   * No fork is run again for the host's noise: which forks a loaded machine disturbs is not this
   * test's to know, and the journal's shape must not depend on it.
   */
  private RunOptions options(String output) {
    return new RunOptions(temp.resolve("work"), temp.resolve(output), Shard.ALL, List.of("test"), "dev")
        .with(RunSettings.NOISY_RERUNS, 0);
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
    assertThat(RunJournal.read(outcome.journalPath()).lines()).hasSize(4); // header, two cells, end
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
    assertThat(unsupported.error()).contains("cannot honour matrix.durability sync", "nosync");
    assertThat(unsupported.succeeded()).isTrue();
  }

  @Tag("slow")
  @Test
  void forkedCellsThatCrashDieHangOrRunOutOfMemoryFailAloneWithTheirReasonAndDiagnostics() throws Exception {
    Path cwdBefore = Path.of("").toAbsolutePath();
    Set<Path> cwdFiles = list(cwdBefore);
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(registry, RunListener.NONE).run(
        scenario(1, Map.of("misbehaving.failure", List.of("none", "segv", "kill", "hang", "oom", "exit")),
            List.of(Durability.NOSYNC)).withMatrix(Matrix.of(List.of("misbehaving")).with(Axes.ENTRIES, List.of(500L)).with(Axes.VALUE_SIZES, List.of(20)).with(Axes.KEYS, List.of(KeyEncoding.INT)).with(Axes.ORDERS, List.of(KeyOrder.RND)).with(Axes.BATCH_SIZES, List.of(Matrix.ALL_IN_ONE)).with(Axes.DURABILITY, List.of(Durability.NOSYNC)).withSettings(Map.of("misbehaving.failure", List.of("none", "segv", "kill", "hang", "oom", "exit"))))
            // the hanging cell takes the whole timeout, so this test gives a shorter one than the others
            .withCellTimeout(Duration.ofSeconds(40)),
        options("f.json"));
    Map<String, CellResult> byFailure = new java.util.HashMap<>();
    outcome.document().cells().forEach(c -> byFailure.put(c.settings().get("failure"), c));
    assertThat(byFailure).hasSize(6);
    assertThat(byFailure.get("none").outcome()).isEqualTo(Outcome.RAN);
    assertThat(byFailure.get("none").succeeded()).isTrue();

    CellResult segv = byFailure.get("segv");
    assertThat(segv.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(segv.error()).contains("the JVM crashed", "SIGSEGV", "crash log " + segv.diagnostics().crashLog());
    assertThat(Path.of(segv.diagnostics().crashLog())).exists()
        .startsWith(temp.resolve("f-diagnostics"));

    // issue 63: a SIGKILL says who sent it, as far as the kernel's log tells (here the store's own kill -9)
    assertThat(byFailure.get("kill").error()).startsWith("killed by signal 9 (SIGKILL), not by kvbench")
        .satisfiesAnyOf(e -> assertThat(e).contains("nor by the kernel's OOM killer (its log names no kill of pid"),
            e -> assertThat(e).contains("its log could not tell"));
    assertThat(byFailure.get("kill").diagnostics().outputTail()).isNotNull();

    CellResult hang = byFailure.get("hang");
    assertThat(hang.error()).startsWith("timed out after 40 s").contains("give a longer cellTimeout, or less data");
    assertThat(Files.readString(Path.of(hang.diagnostics().threadDump()))).contains("MisbehavingStoreProvider.hang");

    assertThat(byFailure.get("oom").error()).startsWith("out of memory").contains("OutOfMemoryError", "jvm.heap");
    assertThat(byFailure.get("exit").error()).contains("exited with code 42");

    assertThat(outcome.completed()).isTrue();
    assertThat(temp.resolve("work")).doesNotExist();
    assertThat(list(cwdBefore)).as("no hs_err or other file in the current directory").isEqualTo(cwdFiles);
  }

  @Tag("slow")
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
    // as if the parent had been killed after the first cell: the journal keeps the header and one
    // cell, and the document, rewritten after each cell, that one cell
    List<String> lines = Files.readAllLines(full.journalPath());
    Files.write(full.journalPath(), lines.subList(0, 2));
    ResultDocument d = full.document();
    new ResultFiles().write(new ResultDocument(d.schemaVersion(), d.kvbenchVersion(), d.startedAt(), d.scenarioName(),
        d.seed(), d.command(), d.scenario(), d.shard(), d.environment(), d.cells().subList(0, 1), false,
        d.resumedAt()), full.documentPath());
    Started started = new Started();
    ScenarioRunner.RunOutcome resumed = new ScenarioRunner(registry, started).resume(full.documentPath(),
        options("ignored.json"));
    assertThat(started.cells).hasSize(2).doesNotContain(full.document().cells().get(0).cellId());
    assertThat(resumed.completed()).isTrue();
    assertThat(resumed.document().cells()).extracting(CellResult::cellId)
        .containsExactlyInAnyOrderElementsOf(full.document().cells().stream().map(CellResult::cellId).toList());
    assertThat(resumed.document().resumedAt()).hasSize(1);
  }

  /** Issue 25: forks run in rounds, every cell's fork 1 then every cell's fork 2 ..., each kept as it ends. */
  @Tag("slow")
  @Test
  void forksInterleaveAcrossCellsAndAStoppedRunGoesOnFromTheForksItKept() throws Exception {
    Scenario s = scenario(3, Map.of(), List.of(Durability.NOSYNC));
    List<String> rounds = new ArrayList<>();
    RunListener heard = new RunListener() {
      @Override
      public void roundStarted(int round, int of, int cells) {
        rounds.add(round + "/" + of + ":" + cells);
      }
    };
    ScenarioRunner.RunOutcome full = new ScenarioRunner(registry, heard).run(s, options("f.json"));
    assertThat(full.completed()).isTrue();
    assertThat(rounds).containsExactly("1/3:2", "2/3:2", "3/3:2");
    String a = full.document().cells().get(0).cellId();
    String b = full.document().cells().get(1).cellId();
    // the journal's order is the order they ran: round by round, every other round turned round (A B, B A),
    // the last round's lines the cells combined
    assertThat(journalOrder(full)).containsExactly(a + " fork 1", b + " fork 1", b + " fork 2", a + " fork 2", a, b);
    assertThat(full.document().cells()).allSatisfy(c -> assertThat(c.phases()).allSatisfy(p -> {
      assertThat(p.passes()).extracting(PassResult::fork).containsExactly(1, 1, 2, 2, 3, 3);
      assertThat(p.forkMedians()).hasSize(3);
    }));

    // as if killed in round 2 (b, a), after b's fork 2: the journal keeps both forks 1 and b's fork 2
    List<String> lines = Files.readAllLines(full.journalPath());
    Files.write(full.journalPath(), lines.subList(0, 4));
    Files.delete(full.documentPath());
    Started started = new Started();
    ScenarioRunner.RunOutcome resumed = new ScenarioRunner(registry, started).resume(full.journalPath(),
        options("ignored.json"));
    assertThat(resumed.completed()).isTrue();
    assertThat(started.cells).containsExactly(a, a, b); // a's fork 2, then round 3
    assertThat(resumed.document().cells()).extracting(CellResult::cellId).containsExactlyInAnyOrder(a, b);
    assertThat(resumed.document().cells()).allSatisfy(c -> assertThat(c.phases().get(0).passes())
        .extracting(PassResult::fork).containsExactly(1, 1, 2, 2, 3, 3));

    // as if stopped during a's fork 2: a's line says interrupted, and its fork 1 is still kept
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode interrupted =
        (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(lines.get(5));
    ((com.fasterxml.jackson.databind.node.ObjectNode) interrupted.get("cell")).put("outcome", "interrupted")
        .put("error", "interrupted: the run was stopped").putArray("phases");
    assertThat(interrupted.get("cell").get("cellId").asText()).isEqualTo(a);
    List<String> stopped = new ArrayList<>(lines.subList(0, 4));
    stopped.add(json.writeValueAsString(interrupted));
    Files.write(full.journalPath(), stopped);
    Files.deleteIfExists(full.documentPath());
    Started again = new Started();
    ScenarioRunner.RunOutcome finished = new ScenarioRunner(registry, again).resume(full.journalPath(),
        options("ignored.json"));
    assertThat(finished.completed()).isTrue();
    assertThat(again.cells).containsExactly(a, a, b); // a's fork 2 again, then round 3: never a's fork 1
    assertThat(finished.document().cells()).allSatisfy(c -> assertThat(c.phases().get(0).passes())
        .extracting(PassResult::fork).containsExactly(1, 1, 2, 2, 3, 3));
  }

  private static List<String> journalOrder(ScenarioRunner.RunOutcome run) throws java.io.IOException {
    return RunJournal.read(run.journalPath()).lines().stream()
        .filter(l -> l.fork() != null || l.cell() != null)
        .map(l -> l.fork() != null ? l.fork().result().cellId() + " fork " + l.fork().number() : l.cell().cellId())
        .toList();
  }

  /** Issue 44: with a precision, forks are added a round at a time to the cells not yet precise, up to a limit. */
  @Tag("slow")
  @Test
  void forksAreAddedUntilPreciseOrTheLimitAndEachCellSaysWhyItStopped() throws Exception {
    Scenario s = scenario(3, Map.of(), List.of(Durability.NOSYNC));
    // a judge that wants another fork for the misbehaving store's cell and none for the null store's
    ForkJudge wantsMisbehaving = (running, ended, limits) -> {
      Map<String, ForkJudge.Decision> out = new java.util.HashMap<>();
      running.forEach((id, forks) -> out.put(id, id.startsWith("misbehaving")
          ? new ForkJudge.Decision(ForkJudge.Next.ANOTHER_FORK, "write 12.0 % wide")
          : new ForkJudge.Decision(ForkJudge.Next.DONE, "every comparison settled")));
      return out;
    };
    AdaptiveForks tight = new AdaptiveForks(5, 4, AdaptiveForks.NO_TIME_BUDGET, 5, wantsMisbehaving);
    ScenarioRunner.RunOutcome run = new ScenarioRunner(registry, RunListener.NONE)
        .run(s, options("adaptive.json").with(RunSettings.ADAPTIVE, tight));
    assertThat(run.completed()).isTrue();
    // listed in the matrix's order, whatever order they ended in
    assertThat(run.document().cells()).extracting(CellResult::store).containsExactly("null", "misbehaving");
    assertThat(run.document().cells()).hasSize(2).allSatisfy(c -> {
      assertThat(c.forkStop()).isNotNull();
      int forks = c.phases().get(0).forkMedians().size();
      assertThat(c.forkStop().forks()).isEqualTo(forks);
      // the null store's cell was done after the scenario's 3 forks; the misbehaving store's got a 4th, on a
      // loaded machine too (a fork a paired comparison asks for counts however the host disturbs it)
      if (c.store().equals("null")) {
        assertThat(c.forkStop().reason()).isEqualTo(ForkStop.Reason.PRECISE);
        assertThat(forks).isEqualTo(3);
      } else {
        assertThat(c.forkStop().reason()).isEqualTo(ForkStop.Reason.MAX_FORKS);
        assertThat(forks).isEqualTo(4);
        assertThat(c.forkStop().detail()).isEqualTo("write 12.0 % wide");
      }
      assertThat(c.phases()).allSatisfy(p -> assertThat(p.forkMedians()).extracting(PassResult::fork)
          .containsExactlyElementsOf(java.util.stream.IntStream.rangeClosed(1, forks).boxed().toList()));
    });
    // every fork journaled as it ended, then each cell once, combined, when it stopped
    List<String> order = journalOrder(run);
    for (CellResult c : run.document().cells()) {
      assertThat(order).filteredOn(l -> l.startsWith(c.cellId())).hasSize(c.forkStop().forks() + 1)
          .last().isEqualTo(c.cellId());
    }
    assertThat(order.subList(0, 6)).extracting(l -> l.replaceFirst(".* fork ", "")).containsExactly("1", "1", "2",
        "2", "3", "3");

    // a spent time budget starts no added round: every cell ends with the scenario's forks
    AdaptiveForks spent = new AdaptiveForks(5, 6, Duration.ofNanos(1), 5, wantsMisbehaving);
    ScenarioRunner.RunOutcome budget = new ScenarioRunner(registry, RunListener.NONE)
        .run(s, options("budget.json").with(RunSettings.ADAPTIVE, spent));
    assertThat(budget.document().cells()).allSatisfy(c -> {
      assertThat(c.forkStop().forks()).isEqualTo(3);
      assertThat(c.forkStop().reason()).isIn(ForkStop.Reason.PRECISE, ForkStop.Reason.TIME_BUDGET);
    });
  }

  /**
   * A cell compared with nothing asks for a fork the host leaves alone: it gets one on a quiet
   * host, and none once the host stays busy (a loaded machine here), which its forkStop says.
   */
  @Tag("slow")
  @Test
  void aForkThatMustBeUndisturbedIsNotAddedOnceTheHostStaysBusy() throws Exception {
    Scenario s = scenario(3, Map.of(), List.of(Durability.NOSYNC));
    ForkJudge ownFigures = (running, ended, limits) -> {
      Map<String, ForkJudge.Decision> out = new java.util.HashMap<>();
      running.keySet().forEach(id -> out.put(id, new ForkJudge.Decision(ForkJudge.Next.ANOTHER_UNDISTURBED_FORK,
          "write 12.0 % wide")));
      return out;
    };
    ScenarioRunner.RunOutcome run = new ScenarioRunner(registry, RunListener.NONE)
        .run(s, options("undisturbed.json").with(RunSettings.ADAPTIVE, new AdaptiveForks(5, 4, AdaptiveForks.NO_TIME_BUDGET, 5,
            ownFigures)));
    assertThat(run.document().cells()).hasSize(2).allSatisfy(c -> {
      int forks = c.phases().get(0).forkMedians().size();
      if (c.forkStop().reason() == ForkStop.Reason.HOST_BUSY) {
        assertThat(forks).isBetween(3, 4);
        assertThat(c.forkStop().detail()).contains("disturbed");
      } else {
        assertThat(c.forkStop().reason()).isEqualTo(ForkStop.Reason.MAX_FORKS);
        assertThat(forks).isEqualTo(4);
        assertThat(c.forkStop().detail()).isEqualTo("write 12.0 % wide");
      }
    });
  }

  @Test
  void twoRunsWithTheSameOutputNeverShareIt() throws Exception {
    Scenario s = scenario(0, Map.of(), List.of(Durability.NOSYNC));
    new ScenarioRunner(registry, RunListener.NONE).run(s, options("same.json"));
    byte[] before = Files.readAllBytes(temp.resolve("same.json"));
    assertThatThrownBy(() -> new ScenarioRunner(registry, RunListener.NONE).run(s,
        new RunOptions(temp.resolve("work2"), temp.resolve("same.json"), Shard.ALL, List.of(), "dev")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("same.json").hasMessageContaining("already");
    assertThat(Files.readAllBytes(temp.resolve("same.json"))).isEqualTo(before);
    assertThat(ScenarioRunner.defaultOutput("x")).isNotEqualTo(ScenarioRunner.defaultOutput("y"));
  }

  @Test
  void shardsAreDisjointAndTogetherCoverTheMatrixOnce() {
    Scenario base = scenario(0, Map.of("misbehaving.ordered", List.of("true", "false")),
        List.of(Durability.NOSYNC, Durability.LAZY));
    Scenario s = base.withMatrix(base.matrix().with(Axes.ORDERS, List.of(KeyOrder.SEQ, KeyOrder.RND)));
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
        scenario(0, Map.of(), List.of(Durability.NOSYNC)).matrix().with(Axes.ENTRIES, List.of(4_000_000_000L))
            .with(Axes.VALUE_SIZES, List.of(1_000_000)));
    ScenarioRunner runner = new ScenarioRunner(registry, RunListener.NONE);
    String problem = Preflight.spaceProblem(runner.cells(s, Shard.ALL), temp);
    assertThat(problem).contains("needs at least", "scale 0.0");
    assertThatThrownBy(() -> runner.run(s, options("big.json"))).hasMessageContaining("scale 0.0");
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

  /** A store whose close fails (its last flush finds the disk full): the cell fails, and so do its phases. */
  @Test
  void aCellWhoseStoreDidNotKeepItsDataHasNoOkPhase() throws Exception {
    Scenario s = scenario(0, Map.of("misbehaving.failure", List.of("close")), List.of(Durability.NOSYNC));
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(registry, RunListener.NONE).run(s, options("c.json"));
    CellResult failed = outcome.document().cells().get(1);
    assertThat(failed.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(failed.error()).startsWith(dev.kvbench.run.Failures.NO_SPACE).contains("the data was not kept");
    assertThat(failed.storage()).isNull();
    assertThat(failed.phases()).isNotEmpty().allSatisfy(p -> {
      assertThat(p.status()).isEqualTo(PhaseStatus.FAILED);
      assertThat(p.verified()).isFalse();
      assertThat(p.failure()).contains("the cell failed after this phase ran", "the data was not kept");
      assertThat(p.passes()).as("the figures stay, marked").isNotEmpty();
    });
    assertThat(outcome.succeeded()).isFalse();
  }

  /**
   * The results' file system fills during a run (forked cells: nothing of theirs lives beside the
   * results): the run stops cleanly, once, with every finished cell kept whole and no torn line,
   * no diagnostics folder, no work directory left; the resume finishes it once there is room.
   */
  @Tag("slow")
  @Test
  void aResultsFileSystemThatFillsStopsTheRunCleanlyAndResumeFinishesIt() throws Exception {
    try (dev.kvbench.testing.SmallDisk disk = dev.kvbench.testing.SmallDisk.mount(temp.resolve("results"), "1m")) {
      Path output = disk.path().resolve("r.json");
      Path filler = disk.path().resolve("filler");
      RunListener fillAfterTheFirstCell = new RunListener() {
        @Override
        public void cellFinished(CellParams cell, CellResult result) {
          try {
            if (!Files.exists(filler)) {
              disk.fill(filler);
            }
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }
      };
      Scenario s = scenario(1, Map.of(), List.of(Durability.NOSYNC, Durability.LAZY));
      RunOptions options = new RunOptions(temp.resolve("work"), output, Shard.ALL,
          List.of("test"), "dev");
      assertThatThrownBy(() -> new ScenarioRunner(registry, fillAfterTheFirstCell).run(s, options))
          .isInstanceOf(RunJournal.NotWritten.class).hasMessageContaining(output.toString())
          .hasMessageContaining("no space left").hasMessageContaining("bytes free there");
      JournalContents kept = RunJournal.read(output);
      assertThat(kept.damaged()).as("no torn line").isEmpty();
      assertThat(kept.cells()).hasSize(1);
      assertThat(new ResultFiles().read(output).cells()).hasSize(1);
      assertThat(list(disk.path())).extracting(p -> p.getFileName().toString())
          .containsExactlyInAnyOrder("r.json", "r.jsonl", "filler");
      assertThat(temp.resolve("work")).doesNotExist();

      Files.delete(filler);
      ScenarioRunner.RunOutcome resumed = new ScenarioRunner(registry, RunListener.NONE).resume(output, options);
      assertThat(resumed.completed()).isTrue();
      assertThat(resumed.document().cells()).hasSize(4).allMatch(CellResult::succeeded);
    }
  }

  /** The work directory removed from under a run: it stops cleanly, resumable, and the resume finishes it. */
  @Test
  void aWorkDirectoryRemovedMidRunStopsTheRunCleanly() throws Exception {
    Path work = temp.resolve("work");
    List<String> warnings = new ArrayList<>();
    RunListener removeAfterTheFirstCell = new RunListener() {
      @Override
      public void cellFinished(CellParams cell, CellResult result) {
        WorkArea.deleteTree(work);
      }

      @Override
      public void warning(String message) {
        warnings.add(message);
      }
    };
    Scenario s = scenario(0, Map.of("misbehaving.ordered", List.of("true", "false")), List.of(Durability.NOSYNC));
    ScenarioRunner.RunOutcome stopped = new ScenarioRunner(registry, removeAfterTheFirstCell).run(s, options("w.json"));
    assertThat(stopped.completed()).isFalse();
    assertThat(stopped.document().cells()).hasSize(1);
    assertThat(warnings).singleElement().asString().contains(work.toString(), "was removed", "--resume");
    ScenarioRunner.RunOutcome resumed = new ScenarioRunner(registry, RunListener.NONE).resume(stopped.journalPath(),
        options("unused.json"));
    assertThat(resumed.completed()).isTrue();
    assertThat(resumed.document().cells()).hasSize(3);
  }

  /** A resume removes the work directory its killed attempt left (the journal names it), and nothing else. */
  @Test
  void resumeRemovesTheWorkDirectoryAKilledAttemptLeft() throws Exception {
    Scenario s = scenario(0, Map.of("misbehaving.ordered", List.of("true", "false")), List.of(Durability.NOSYNC));
    ScenarioRunner.RunOutcome full = new ScenarioRunner(registry, RunListener.NONE).run(s, options("k.json"));
    // as a kill -9 in the middle of cell 2 leaves it: the journal up to cell 1, the work directory with
    // cell 2's files and the lock file nobody holds any more
    JournalContents contents = RunJournal.read(full.journalPath());
    Path left = Path.of(contents.header().workDirectory().path());
    assertThat(left).isEqualTo(temp.resolve("work"));
    Files.createDirectories(left.resolve("cell-0002-misbehaving-int-rnd"));
    Files.write(left.resolve("cell-0002-misbehaving-int-rnd/data.bin"), new byte[4096]);
    Files.writeString(left.resolve(WorkArea.LOCK_FILE), "999999\ncreated\n");
    List<String> lines = Files.readAllLines(full.journalPath());
    Files.write(full.journalPath(), lines.subList(0, 2));
    Files.delete(full.documentPath());
    Path unrelated = Files.createDirectories(temp.resolve("kvbench-other"));
    Files.writeString(unrelated.resolve(WorkArea.LOCK_FILE), "999998\ncreated\n");

    List<String> notices = new ArrayList<>();
    RunListener heard = new RunListener() {
      @Override
      public void notice(String message) {
        notices.add(message);
      }
    };
    ScenarioRunner.RunOutcome resumed = new ScenarioRunner(registry, heard).resume(full.journalPath(),
        new RunOptions(temp.resolve("work-2"), null, Shard.ALL, List.of("resume"), "dev"));
    assertThat(resumed.completed()).isTrue();
    assertThat(left).doesNotExist();
    assertThat(unrelated).as("not this run's: left for kvbench clean").exists();
    assertThat(notices).anySatisfy(n -> assertThat(n).contains("removed " + left, "killed"));
    assertThat(RunJournal.read(full.journalPath()).workDirectories()).extracting(w -> Path.of(w.path()))
        .containsExactly(left, temp.resolve("work-2"));
  }

  /** A matrix beyond the limit is refused before it is expanded (a billion cells would fill the heap first). */
  @Test
  void aMatrixBeyondTheLimitIsRefusedBeforeItIsExpanded() {
    List<Long> entries = new ArrayList<>();
    List<Integer> sizes = new ArrayList<>();
    List<Long> batches = new ArrayList<>();
    for (int i = 1; i <= 1000; i++) {
      entries.add((long) i);
      sizes.add(i);
      batches.add((long) i);
    }
    Scenario base = scenario(0, Map.of(), List.of(Durability.NOSYNC));
    Scenario huge = base.withMatrix(base.matrix().with(Axes.ENTRIES, entries).with(Axes.VALUE_SIZES, sizes).with(Axes.BATCH_SIZES, batches));
    assertThat(huge.cellCount(registry)).isEqualTo(2_000_000_000L);
    ScenarioRunner runner = new ScenarioRunner(registry, RunListener.NONE);
    assertThatThrownBy(() -> runner.cells(huge, Shard.ALL)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2,000,000,000 cells").hasMessageContaining("limit of 100,000")
        .hasMessageContaining("maxCells");
    assertThatThrownBy(() -> runner.run(huge, options("huge.json"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2,000,000,000 cells");
    assertThat(temp.resolve("huge.json")).doesNotExist();
    // allowed, it expands
    Scenario some = base.withMatrix(base.matrix().with(Axes.ENTRIES, entries.subList(0, 30)).with(Axes.VALUE_SIZES, sizes.subList(0,
        30)));
    assertThat(runner.cells(some, Shard.ALL, 1800)).hasSize(1800);
    assertThatThrownBy(() -> runner.cells(some, Shard.ALL, 1799)).hasMessageContaining("1,800 cells");
  }

  /** Where the results cannot go, the run is refused before anything runs, saying why. */
  @Test
  void anUnusableOutputIsRefusedUpFront() throws Exception {
    Scenario s = scenario(0, Map.of(), List.of(Durability.NOSYNC));
    ScenarioRunner runner = new ScenarioRunner(registry, RunListener.NONE);
    Path dir = Files.createDirectories(temp.resolve("a-dir"));
    assertThatThrownBy(() -> runner.run(s, options("a-dir"))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is a directory").hasMessageNotContaining("another run");
    assertThatThrownBy(() -> runner.run(s, new RunOptions(null, Path.of("/dev/null"), Shard.ALL,
        List.of(), "dev"))).hasMessageContaining("not a regular file").hasMessageNotContaining("another run");
    assertThatThrownBy(() -> new RunOptions(null, temp.resolve("x.jsonl"), Shard.ALL, List.of(), "dev"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("journal's extension");
    try (dev.kvbench.testing.SmallDisk ro = dev.kvbench.testing.SmallDisk.mountReadOnly(temp.resolve("ro"))) {
      assertThatThrownBy(() -> runner.run(s, new RunOptions(temp.resolve("work"),
          ro.path().resolve("r.json"), Shard.ALL, List.of(), "dev"))).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("cannot write in " + ro.path());
    }
    assertThat(dir).isEmptyDirectory();
    assertThat(temp.resolve("work")).doesNotExist();
  }

  /** A JVM option the cells' JVM refuses is one clear refusal before the run, not every cell failing. */
  @Test
  void cellJvmOptionsThatDoNotStartAJvmAreRefusedUpFront() {
    Scenario s = scenario(1, Map.of(), List.of(Durability.NOSYNC));
    ScenarioRunner runner = new ScenarioRunner(registry, RunListener.NONE);
    assertThatThrownBy(() -> runner.run(s.withJvm(JvmOptions.DEFAULT.with(JvmSettings.HEAP, "1k")), options("h.json")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-Xmx1k")
        .hasMessageContaining("Too small");
    assertThatThrownBy(() -> runner.run(s.withJvm(JvmOptions.DEFAULT.with(JvmSettings.OPTIONS, List.of("-XX:+NoSuchOption"))),
        options("o.json"))).hasMessageContaining("Unrecognized VM option 'NoSuchOption'");
    assertThat(temp.resolve("h.json")).doesNotExist();
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
