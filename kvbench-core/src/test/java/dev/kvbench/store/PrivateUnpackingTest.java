package dev.kvbench.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class PrivateUnpackingTest {

  /** Stands in for a binding: its static initialiser "unpacks" into the directory the property names. */
  static final class FakeBinding {
    static final Path UNPACKED_INTO;

    static {
      Path dir = Path.of(System.getProperty("kvbench.test.unpack.path"));
      try {
        Files.writeString(dir.resolve("libfake.so"), "native code");
      } catch (java.io.IOException e) {
        throw new ExceptionInInitializerError(e);
      }
      UNPACKED_INTO = dir;
    }
  }

  @Test
  void unpacksIntoAPrivateDirectoryThenRemovesItAndThePropertyAgain() throws Exception {
    String how = PrivateUnpacking.initialise("kvbench.test.unpack.path", FakeBinding.class.getName(),
        getClass().getClassLoader());
    assertThat(how).contains("private temporary directory");
    assertThat(FakeBinding.UNPACKED_INTO).doesNotExist();
    assertThat(FakeBinding.UNPACKED_INTO.getFileName().toString()).startsWith("kvbench-native-");
    assertThat(System.getProperty("kvbench.test.unpack.path")).isNull();
  }

  @Test
  void loadCopyHandsOverAPrivateCopyAndRemovesIt() throws Exception {
    java.util.List<Path> seen = new java.util.ArrayList<>();
    PrivateUnpacking.loadCopy(new java.io.ByteArrayInputStream("native code".getBytes()), "libfake.so", file -> {
      assertThat(file.getFileName().toString()).isEqualTo("libfake.so");
      try {
        assertThat(Files.readString(file)).isEqualTo("native code");
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      seen.add(file);
    });
    assertThat(seen).hasSize(1);
    assertThat(seen.get(0)).doesNotExist();
    assertThat(seen.get(0).getParent()).doesNotExist();
  }

  @Test
  void aPropertyTheUserSetIsLeftAlone() throws Exception {
    System.setProperty("kvbench.test.user.path", "/somewhere/else");
    try {
      String how = PrivateUnpacking.initialise("kvbench.test.user.path", String.class.getName(),
          getClass().getClassLoader());
      assertThat(how).isEqualTo("kvbench.test.user.path=/somewhere/else");
      assertThat(System.getProperty("kvbench.test.user.path")).isEqualTo("/somewhere/else");
    } finally {
      System.clearProperty("kvbench.test.user.path");
    }
  }
}
