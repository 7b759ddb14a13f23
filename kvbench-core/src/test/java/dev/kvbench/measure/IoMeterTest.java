package dev.kvbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.kvbench.host.HostFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IoMeterTest {

  @TempDir Path temp;

  @Test
  void readsTheStorageCountersOfProcSelfIo() throws IOException {
    Files.writeString(procSelfIo(temp.resolve("full")),
        "rchar: 100\nwchar: 200\nsyscr: 3\nsyscw: 4\nread_bytes: 4096\nwrite_bytes: 8192\ncancelled_write_bytes: 0\n");
    IoMeter meter = new IoMeter(new HostFiles(temp.resolve("full")));
    IoBytes before = new IoBytes(1024, 4096);
    assertThat(meter.read()).isEqualTo(new IoBytes(4096, 8192));
    assertThat(meter.read().minus(before)).isEqualTo(new IoBytes(3072, 4096));
  }

  @Test
  void saysNothingWhereTheFileIsMissingOrIncomplete() throws IOException {
    assertThat(new IoMeter(new HostFiles(temp.resolve("absent"))).read()).isNull();
    Files.writeString(procSelfIo(temp.resolve("partial")), "rchar: 100\nread_bytes: 4096\n");
    assertThat(new IoMeter(new HostFiles(temp.resolve("partial"))).read()).isNull();
  }

  private static Path procSelfIo(Path root) throws IOException {
    return Files.createDirectories(root.resolve("proc/self")).resolve("io");
  }

  /** A synced write to a disk-backed file shows in write_bytes (not on tmpfs, which has no disk). */
  @Test
  void countsASyncedWriteToADisk() throws IOException {
    IoMeter meter = new IoMeter();
    IoBytes before = meter.read();
    assumeThat(before).as("/proc/self/io readable").isNotNull();
    Path onDisk = Path.of(System.getProperty("java.io.tmpdir")).resolve("kvbench-io-" + ProcessHandle.current().pid());
    assumeThat(Files.getFileStore(onDisk.getParent()).type()).isNotIn("tmpfs", "ramfs", "overlay");
    try (FileChannel ch = FileChannel.open(onDisk, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate(1 << 20));
      ch.force(true);
    } finally {
      Files.deleteIfExists(onDisk);
    }
    assertThat(meter.read().minus(before).writeBytes()).isGreaterThanOrEqualTo(1 << 20);
  }
}
