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
