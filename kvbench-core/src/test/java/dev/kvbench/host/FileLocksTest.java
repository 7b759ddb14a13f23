package dev.kvbench.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileLocksTest {

  @TempDir Path temp;

  /** The holder is read off /proc/locks by the file's device and inode, whatever the padding. */
  @Test
  void theHolderIsFoundByDeviceAndInode() throws Exception {
    Path file = Files.writeString(temp.resolve("j.jsonl"), "x");
    long inode = ((Number) Files.getAttribute(file, "unix:ino")).longValue();
    long dev = ((Number) Files.getAttribute(file, "unix:dev")).longValue();
    Path locks = Files.writeString(temp.resolve("locks"), String.join("\n",
        "1: FLOCK  ADVISORY  WRITE 111 00:1a:5 0 EOF",
        String.format(Locale.ROOT, "2: POSIX  ADVISORY  WRITE 4242 %x:%x:%d 0 EOF", FileLocks.major(dev),
            FileLocks.minor(dev), inode),
        "3: POSIX  ADVISORY  READ 999 fd:01:" + (inode + 1) + " 0 EOF") + "\n");
    assertThat(FileLocks.holder(file, locks)).hasValue(4242);
    assertThat(FileLocks.holder(temp.resolve("locks"), locks)).isEmpty();
  }

  @Test
  void thisProcessIsNamedAsTheHolderOfItsOwnLock() throws Exception {
    Path file = Files.writeString(temp.resolve("mine"), "x");
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE); FileLock lock = ch.lock()) {
      assertThat(FileLocks.holder(file)).hasValue(ProcessHandle.current().pid());
      assertThat(FileLocks.describeHolder(file)).contains("this very process");
    }
  }
}
