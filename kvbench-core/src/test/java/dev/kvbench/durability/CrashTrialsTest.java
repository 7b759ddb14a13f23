package dev.kvbench.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash test against the test-only journal store: kept promises show as no loss, a store
 * that drops or tears commits it acknowledged is caught. Each trial is two real child JVMs and a
 * real SIGKILL.
 */
class CrashTrialsTest {

  @TempDir Path temp;

  private List<DurabilityResult> run(String fault, Durability mode, CrashKind kind, int trials) {
    CrashTrials.Plan plan = new CrashTrials.Plan(List.of("test-journal"), List.of(mode), List.of(kind), trials, 7,
        Duration.ofMillis(300), Duration.ofMillis(600), new CrashWorkload(7, 5, 64, 1_000_000),
        Map.of("test-journal", Map.of("fault", fault)), temp);
    return new CrashTrials(StoreRegistry.load(), CrashTrials.Listener.NONE).run(plan);
  }

  @Test
  void aSyncedStoreKeepsEveryAcknowledgedCommitThroughAKill() throws Exception {
    DurabilityResult r = run("none", Durability.SYNC, CrashKind.PROCESS, 2).get(0);

    assertThat(r.failures()).isEmpty();
    assertThat(r.trials()).isEqualTo(2);
    assertThat(r.acknowledged()).isPositive();
    assertThat(r.ackedLost()).isZero();
    assertThat(r.tornValues()).isZero();
    assertThat(r.partialCommits()).isZero();
    // a writer acknowledges each commit before it starts the next: at most one per trial was
    // committed and not yet acknowledged, so every acknowledgement in the pipe was counted
    assertThat(r.unackedPresent()).isLessThanOrEqualTo(r.trials());
    assertThat(r.perTrial()).allMatch(t -> !t.finishedFirst() && t.killAfterMillis() >= 300
        && t.killAfterMillis() <= 600);
    assertThat(r.settings()).containsEntry("fault", "none");
    // every trial's directory went with it
    try (var left = Files.list(temp)) {
      assertThat(left).isEmpty();
    }
  }

  /**
   * The kill clock starts at the writer's first acknowledged commit: a writer whose first commit takes
   * longer than the whole kill window (a busy host) still commits before it is killed, so the trial checks
   * something. Counted from the store's opening, this trial would acknowledge nothing.
   */
  @Test
  void theKillComesAfterTheFirstAcknowledgedCommitHoweverLateItIs() {
    DurabilityResult r = run("slow-first", Durability.SYNC, CrashKind.PROCESS, 1).get(0);

    assertThat(r.failures()).isEmpty();
    assertThat(r.acknowledged()).isPositive();
    assertThat(r.ackedLost()).isZero();
  }

  @Test
  void aStoreThatDropsAcknowledgedCommitsIsCaught() {
    DurabilityResult r = run("drop", Durability.SYNC, CrashKind.PROCESS, 1).get(0);

    assertThat(r.failures()).isEmpty();
    // every third commit was acknowledged and never written
    assertThat(r.ackedLost()).isGreaterThanOrEqualTo(r.acknowledged() / 3 - 1).isPositive();
    assertThat(r.trialsLosingAcked()).isEqualTo(1);
  }

  @Test
  void aStoreThatTearsValuesIsCaught() {
    DurabilityResult r = run("tear", Durability.NOSYNC, CrashKind.PROCESS, 1).get(0);

    assertThat(r.tornValues()).as("%s", r).isPositive();
    // every key is there: the damage shows as torn values, not as lost commits
    assertThat(r.ackedLost()).isZero();
    assertThat(r.partialCommits()).isZero();
  }

  @Tag("slow")
  @Test
  void aPowerCutKeepsWhatWasSyncedAndLosesWhatWasNot() {
    assumeThat(LoopDisk.unavailableReason(temp)).as("loop devices here").isNull();

    DurabilityResult synced = run("none", Durability.SYNC, CrashKind.POWER, 1).get(0);
    DurabilityResult unsynced = run("none", Durability.NOSYNC, CrashKind.POWER, 1).get(0);

    assertThat(synced.failures()).isEmpty();
    assertThat(synced.acknowledged()).isPositive();
    assertThat(synced.ackedLost()).isZero();
    // the journal's unsynced appends were still in the page cache when the device was copied
    assertThat(unsynced.failures()).isEmpty();
    assertThat(unsynced.ackedLost()).isPositive();
  }

  /**
   * The default work directory is a fresh private one: a link planted at the fixed name earlier
   * versions used (a world-writable /dev/shm) leads nowhere, and nothing is left behind.
   */
  @Test
  void theDefaultWorkDirectoryIsFreshAndPrivateAndAPlantedLinkIsNotFollowed() throws Exception {
    Path base = dev.kvbench.run.WorkArea.defaultBase();
    Path planted = base.resolve("kvbench-crash");
    assumeThat(Files.exists(planted, java.nio.file.LinkOption.NOFOLLOW_LINKS)).as(planted + " is free").isFalse();
    Path victim = Files.createDirectories(temp.resolve("another-users-directory"));
    Files.createSymbolicLink(planted, victim);
    try {
      CrashTrials.Plan plan = new CrashTrials.Plan(List.of("test-journal"), List.of(Durability.SYNC),
          List.of(CrashKind.PROCESS), 1, 7, Duration.ofMillis(200), Duration.ofMillis(300),
          new CrashWorkload(7, 5, 64, 1_000_000), Map.of(), null);
      // its own directory, found while it runs by the pid in its lock: other runs beside this test make theirs
      java.util.Set<Path> own = new java.util.HashSet<>();
      DurabilityResult r = new CrashTrials(StoreRegistry.load(), (c, t) -> own.addAll(ownDirectories(base)))
          .run(plan).get(0);
      assertThat(r.failures()).isEmpty();
      assertThat(r.acknowledged()).isPositive();
      assertThat(victim).as("nothing written through the planted link").isEmptyDirectory();
      assertThat(Files.isSymbolicLink(planted)).isTrue();
      assertThat(own).as("its own directory, seen while it ran").singleElement()
          .satisfies(d -> assertThat(d.getFileName().toString()).startsWith("kvbench-crash-"));
      assertThat(own).as("and gone after").allSatisfy(d -> assertThat(d).doesNotExist());
    } finally {
      Files.deleteIfExists(planted);
    }
  }

  @Test
  void aGivenWorkDirectoryMustBeEmptyOrNew() throws Exception {
    Files.writeString(temp.resolve("someone-elses"), "x");
    CrashTrials.Plan plan = new CrashTrials.Plan(List.of("test-journal"), List.of(Durability.SYNC),
        List.of(CrashKind.PROCESS), 1, 7, Duration.ofMillis(200), Duration.ofMillis(300),
        new CrashWorkload(7, 5, 64, 1_000_000), Map.of(), temp);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new CrashTrials(StoreRegistry.load(),
        CrashTrials.Listener.NONE).run(plan)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not empty");
    assertThat(temp.resolve("someone-elses")).hasContent("x");
  }

  /** The kvbench-crash directories under {@code base} whose lock names this process: this test's own. */
  private static java.util.Set<Path> ownDirectories(Path base) {
    String pid = Long.toString(ProcessHandle.current().pid());
    try (var s = Files.list(base)) {
      return s.filter(p -> p.getFileName().toString().startsWith("kvbench-crash-")
          && !Files.isSymbolicLink(p)).filter(p -> {
            try {
              return Files.readAllLines(p.resolve(dev.kvbench.run.WorkArea.LOCK_FILE)).get(0).equals(pid);
            } catch (java.io.IOException | RuntimeException e) {
              return false;
            }
          }).collect(java.util.stream.Collectors.toSet());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aCombinationTheStoreDoesNotClaimIsSkippedWithTheReason() {
    CrashTrials.Plan plan = new CrashTrials.Plan(List.of("null"), List.of(Durability.SYNC),
        List.of(CrashKind.PROCESS), 1, 7, Duration.ZERO, Duration.ZERO, new CrashWorkload(7, 5, 64, 10), Map.of(),
        temp);
    DurabilityResult r = new CrashTrials(StoreRegistry.load(), CrashTrials.Listener.NONE).run(plan).get(0);

    assertThat(r.skipped()).contains("keeps nothing");
    assertThat(r.trials()).isZero();
  }

  /** A stack trace's last lines leave out its message; a failed trial names the exception as well. */
  @Test
  void aWritersFailureIsNamedByItsExceptionNotOnlyItsLastFrames() throws Exception {
    Path log = temp.resolve("writer.log");
    Files.writeString(log, String.join("\n", "starting",
        "dev.kvbench.store.StoreException: bdb-je: put failed: not enough space: JE refuses writes",
        "\tat com.sleepycat.je.Cursor.putInternal(Cursor.java:841)",
        "\tat com.sleepycat.je.Database.put(Database.java:1635)", "\tat a.B.c(B.java:1)", "\tat a.B.d(B.java:2)",
        "\tat a.B.e(B.java:3)", "\t... 2 more", ""));
    assertThat(CrashTrials.tail(log)).startsWith("dev.kvbench.store.StoreException: bdb-je: put failed: not enough space")
        .endsWith("\t... 2 more");
    Files.writeString(log, "one line\n");
    assertThat(CrashTrials.tail(log)).isEqualTo("one line");
  }
}
