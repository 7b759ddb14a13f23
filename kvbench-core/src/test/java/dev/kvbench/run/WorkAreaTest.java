package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkAreaTest {

  @TempDir Path temp;

  @Test
  void aNonEmptyDirectoryIsRefusedAndLeftAlone() throws Exception {
    Path dir = Files.createDirectory(temp.resolve("busy"));
    Path precious = Files.writeString(dir.resolve("precious.txt"), "mine");
    assertThatThrownBy(() -> WorkArea.open(dir))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not empty").hasMessageContaining(dir.toString());
    assertThat(precious).hasContent("mine");
  }

  @Test
  void aDirectoryItCreatedIsRemovedWithItsCells() throws Exception {
    Path dir = temp.resolve("new");
    try (WorkArea work = WorkArea.open(dir)) {
      Path cell = work.newDirectory("cell");
      Files.writeString(cell.resolve("data"), "x");
    }
    assertThat(dir).doesNotExist();
  }

  /** --work-dir a/b/c where only a existed: b and c were made for the run, and both go. */
  @Test
  void theParentsItMadeForANestedDirectoryGoToo() throws Exception {
    Path a = Files.createDirectory(temp.resolve("a"));
    try (WorkArea work = WorkArea.open(a.resolve("b/c"))) {
      work.newDirectory("cell");
    }
    assertThat(a).isEmptyDirectory();
  }

  /**
   * A killed run's work directory: removed whole when kvbench made it; when the user gave it, only
   * the cell and trial directories kvbench made inside, and its lock; a live one is never touched.
   */
  @Test
  void aStaleDirectoryIsRemovedAsFarAsItIsKvbenchsOwn() throws Exception {
    Path made = Files.createDirectory(temp.resolve("kvbench-made"));
    Files.writeString(made.resolve(WorkArea.LOCK_FILE), "999999\ncreated\n");
    Files.createDirectories(made.resolve("cell-0001-x/store"));
    assertThat(WorkArea.removeIfStale(made, new dev.kvbench.measure.StorageMeter()))
        .hasValueSatisfying(c -> assertThat(c.directoryRemoved()).isTrue());
    assertThat(made).doesNotExist();

    Path given = Files.createDirectory(temp.resolve("given"));
    Files.writeString(given.resolve(WorkArea.LOCK_FILE), "999999\ngiven\n");
    Files.createDirectories(given.resolve("cell-0001-x"));
    Files.createDirectories(given.resolve("crash-test-journal-sync-process-1"));
    Path mine = Files.writeString(given.resolve("notes.txt"), "the user's");
    WorkArea.removeIfStale(given, new dev.kvbench.measure.StorageMeter());
    try (var left = Files.list(given)) {
      assertThat(left).containsExactly(mine);
    }

    try (WorkArea live = WorkArea.open(temp.resolve("live"))) {
      live.claim();
      live.newDirectory("cell-0001-y");
      assertThat(WorkArea.removeIfStale(live.root(), new dev.kvbench.measure.StorageMeter())).isEmpty();
      assertThat(live.root().resolve("cell-0001-y")).exists();
    }
    // kvbench 0.1's lock files hold the pid alone: its own directories have createTempDirectory's name
    Path old = Files.createDirectory(temp.resolve("kvbench-2614455087896643304"));
    Files.writeString(old.resolve(WorkArea.LOCK_FILE), "999999\n");
    Files.createDirectories(old.resolve("cell-0002-x"));
    WorkArea.removeIfStale(old, new dev.kvbench.measure.StorageMeter());
    assertThat(old).doesNotExist();
    Path oldGiven = Files.createDirectory(temp.resolve("my-work"));
    Files.writeString(oldGiven.resolve(WorkArea.LOCK_FILE), "999999\n");
    Files.createDirectories(oldGiven.resolve("cell-0002-x"));
    WorkArea.removeIfStale(oldGiven, new dev.kvbench.measure.StorageMeter());
    assertThat(oldGiven).isEmptyDirectory();

    Path unmarked = Files.createDirectory(temp.resolve("kvbench-unmarked"));
    assertThat(WorkArea.removeIfStale(unmarked, new dev.kvbench.measure.StorageMeter())).isEmpty();
    assertThat(unmarked).exists();
  }

  /**
   * Issue 42, 6: a file the user put into a work directory kvbench made stays, and so does the
   * directory around it; only the cells and the lock go, and cleaning says what it kept.
   */
  @Test
  void aUsersFileInADirectoryKvbenchMadeStaysWithTheDirectory() throws Exception {
    Path made = Files.createDirectory(temp.resolve("kvbench-made"));
    Files.writeString(made.resolve(WorkArea.LOCK_FILE), "999999\ncreated\n");
    Files.createDirectories(made.resolve("cell-0001-x/store"));
    Files.writeString(made.resolve("cell-0001-x/store/data"), "x".repeat(10_000));
    Path notes = Files.writeString(made.resolve("notes.txt"), "the user's");
    WorkArea.Cleaned c = WorkArea.removeIfStale(made, new dev.kvbench.measure.StorageMeter()).orElseThrow();
    assertThat(c.directoryRemoved()).isFalse();
    assertThat(c.kept()).containsExactly("notes.txt");
    assertThat(c.keptNote()).contains("kept notes.txt");
    assertThat(c.bytesFreed()).isPositive();
    try (var left = Files.list(made)) {
      assertThat(left).containsExactly(notes);
    }
    assertThat(notes).hasContent("the user's");
  }

  @Test
  void anEmptyDirectoryGivenByTheUserIsKept() throws Exception {
    Path dir = Files.createDirectory(temp.resolve("given"));
    try (WorkArea work = WorkArea.open(dir)) {
      work.newDirectory("cell");
    }
    assertThat(dir).isEmptyDirectory();
  }

  @Test
  void itDeletesOnlyWhatItCreated() throws Exception {
    Path dir = temp.resolve("area");
    try (WorkArea work = WorkArea.open(dir)) {
      Path foreign = Files.createDirectory(dir.resolve("foreign"));
      assertThatThrownBy(() -> work.delete(foreign)).hasMessageContaining("not created by this work area");
      assertThat(foreign).exists();
      Files.delete(foreign);
    }
  }

  @Test
  void theDefaultPrefersATmpfs() {
    Path base = WorkArea.defaultBase();
    if (Files.isWritable(Path.of("/dev/shm"))) {
      assertThat(base).isEqualTo(Path.of("/dev/shm"));
    } else {
      assertThat(base).isEqualTo(Path.of(System.getProperty("java.io.tmpdir")));
    }
  }
}
