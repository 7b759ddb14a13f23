package dev.kvbench.stores.libmdbx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.kvbench.run.Failures;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Without the write map libmdbx writes pages with pwrite, and on a full disk its commit returns
 * EIO, not ENOSPC: the adapter must still say "no space left on device" so the harness labels the
 * cell a full disk. (With the write map a full tmpfs is a SIGBUS, which the forked cell reports;
 * RunIsolationIT covers that for every store.) Needs root to mount a small tmpfs.
 */
class LibmdbxFullDiskTest {

  @TempDir Path temp;

  @Test
  void aCommitOnAFullDiskFailsSayingSo() throws Exception {
    assumeThat(MdbxNatives.get().availability().reason()).as("libmdbx bundled in this build").isEmpty();
    Path mount = Files.createDirectory(temp.resolve("small"));
    Process m = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mount.toString())
        .redirectErrorStream(true).start();
    assumeThat(m.waitFor(30, TimeUnit.SECONDS) && m.exitValue() == 0).as("mounting a small tmpfs needs root").isTrue();
    try {
      Path dir = Files.createDirectory(mount.resolve("db"));
      LibmdbxProvider p = new LibmdbxProvider();
      StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of("writeMap", "false"));
      int entries = 20_000; // 20,000 x 1 KiB: five times the file system
      try (Store store = p.open(new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(entries, 4, 1024)));
          Session session = store.openSession();
          Writer w = session.beginWrite(WriteOrder.ASCENDING)) {
        ByteBuffer key = ByteBuffer.allocateDirect(4);
        ByteBuffer value = ByteBuffer.allocateDirect(1024);
        assertThatThrownBy(() -> {
          for (int i = 0; i < entries; i++) {
            w.put(key.putInt(0, i), value.putInt(0, i));
          }
          w.commit();
        }).isInstanceOf(StoreException.class)
            .satisfies(e -> assertThat(Failures.describe(e)).startsWith(Failures.NO_SPACE)
                .contains("libmdbx: mdbx_txn_commit failed", "bytes free on the file system of " + dir));
      }
    } finally {
      new ProcessBuilder("umount", mount.toString()).start().waitFor();
    }
  }
}
