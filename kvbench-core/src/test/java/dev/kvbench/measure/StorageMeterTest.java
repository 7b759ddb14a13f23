package dev.kvbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The storage figures must be exactly what du prints for the same directory. */
class StorageMeterTest {

  @TempDir Path temp;

  @ParameterizedTest
  @ValueSource(strings = {"temp", "/dev/shm"})
  void matchesDuAllocatedAndApparent(String where) throws Exception {
    Path base = where.equals("temp") ? temp : Path.of(where);
    assumeThat(Files.isDirectory(base) && Files.isWritable(base)).isTrue();
    Path dir = Files.createTempDirectory(base, "kvbench-storage-test");
    try {
      Files.write(dir.resolve("small"), "hello".getBytes(StandardCharsets.UTF_8));
      Files.write(dir.resolve("bigger"), new byte[123_457]);
      try (RandomAccessFile sparse = new RandomAccessFile(dir.resolve("sparse").toFile(), "rw")) {
        sparse.setLength(64L << 20); // 64 MiB apparent, almost nothing allocated
        sparse.seek(10L << 20);
        sparse.write(new byte[10_000]);
      }
      Path sub = Files.createDirectory(dir.resolve("sub"));
      Files.write(sub.resolve("inner"), new byte[9_000]);
      Files.createLink(sub.resolve("hardlink"), dir.resolve("bigger"));
      Files.createSymbolicLink(dir.resolve("symlink"), dir.resolve("bigger"));

      StorageSize size = new StorageMeter().measure(dir);

      assertThat(size.allocatedBytes()).isEqualTo(du(dir, "-B1"));
      assertThat(size.apparentBytes()).isEqualTo(du(dir, "-B1", "--apparent-size"));
      assertThat(size.apparentBytes()).as("sparse file counts in full").isGreaterThan(64L << 20);
      assertThat(size.allocatedBytes()).as("sparse file holes are not allocated").isLessThan(32L << 20);
    } finally {
      try (var all = Files.walk(dir)) {
        for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  private static long du(Path dir, String... flags) throws IOException, InterruptedException {
    List<String> cmd = new java.util.ArrayList<>(List.of("du", "-s"));
    cmd.addAll(List.of(flags));
    cmd.add(dir.toString());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return Long.parseLong(out.trim().split("\\s+")[0]);
  }
}
