package dev.kvbench.stores.bdbje;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.kvbench.run.Failures;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.testing.SmallDisk;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JE refuses writes on a disk with less than je.freeDisk free (5 GB by default): on a 32 MB tmpfs
 * the write fails in the words every full disk gets, naming the setting, and with the reserve
 * lowered the same writes go through. Needs root to mount the tmpfs.
 */
class BdbJeDiskReserveTest {

  private final BdbJeProvider provider = new BdbJeProvider();

  @TempDir Path temp;

  private Store open(Path dir, Map<String, String> given) throws Exception {
    StoreSettings s = StoreSettings.resolve(provider.id(), provider.settings(), given);
    return provider.open(new StoreConfig(Files.createDirectory(dir), s, Durability.SYNC, new WorkloadSizing(1000, 4, 100)));
  }

  @Test
  void theReserveRefusesWritesInFullDiskWordsAndCanBeLowered() throws Exception {
    try (SmallDisk disk = SmallDisk.mount(temp.resolve("small"), "32m")) {
      refusedThenLowered(disk.path());
    }
  }

  private void refusedThenLowered(Path mount) throws Exception {
    Store reserved = open(mount.resolve("reserve"), Map.of());
    try (Session s = reserved.openSession()) {
      Throwable refused = catchThrowable(() -> putAndCommit(s, 1000));
      assertThat(refused).isInstanceOf(StoreException.class).hasMessageContaining("-o bdb-je.freeDisk=SIZE");
      assertThat(Failures.describe(refused)).startsWith(Failures.NO_SPACE);
    }
    // close's checkpoint is refused too, and says so the same way
    Throwable closing = catchThrowable(reserved::close);
    if (closing != null) {
      assertThat(Failures.describe(closing)).startsWith(Failures.NO_SPACE);
    }
    try (Store store = open(mount.resolve("none"), Map.of("freeDisk", "0")); Session s = store.openSession()) {
      assertThat(store.nativeSettings()).containsEntry("freeDisk", 0L);
      putAndCommit(s, 1000);
      try (Reader r = s.beginRead()) {
        assertThat(r.get(ByteBuffer.allocate(4).putInt(0, 999))).isNotNull();
      }
    }
  }

  private static void putAndCommit(Session s, int entries) {
    try (Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
      for (int i = 0; i < entries; i++) {
        w.put(ByteBuffer.allocate(4).putInt(0, i), ByteBuffer.allocate(100));
      }
      w.commit();
    }
  }
}
