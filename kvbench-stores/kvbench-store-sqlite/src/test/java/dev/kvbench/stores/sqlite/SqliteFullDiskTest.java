package dev.kvbench.stores.sqlite;

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
 * On a full disk SQLite fails the put with SQLITE_FULL and rolls the transaction back itself: the
 * write fails in full-disk words, what was committed before stays readable, and the session and
 * the store still close (the driver's rollback of a transaction SQLite already ended is no
 * failure). Needs root to mount the tmpfs.
 */
class SqliteFullDiskTest {

  private final SqliteProvider provider = new SqliteProvider();

  @TempDir Path temp;

  @Test
  void aFullDiskFailsTheWriteKeepsWhatWasCommittedAndStillCloses() throws Exception {
    try (SmallDisk disk = SmallDisk.mount(temp.resolve("small"), "4m")) {
      StoreSettings s = StoreSettings.resolve(provider.id(), provider.settings(), Map.of());
      Store store = provider.open(new StoreConfig(disk.path(), s, Durability.SYNC, new WorkloadSizing(100_000, 4, 100)));
      Session session = store.openSession();
      try (Writer w = session.beginWrite(WriteOrder.ASCENDING)) {
        w.put(key(0), ByteBuffer.allocate(100));
        w.commit();
        Throwable full = catchThrowable(() -> {
          for (int i = 1; i < 100_000; i++) {
            w.put(key(i), ByteBuffer.allocate(100));
          }
          w.commit();
        });
        assertThat(full).isInstanceOf(StoreException.class);
        assertThat(Failures.describe(full)).startsWith(Failures.NO_SPACE).contains("SQLITE_FULL");
      }
      try (Reader r = session.beginRead()) {
        assertThat(r.get(key(0))).isNotNull();
        assertThat(r.get(key(1))).isNull();
      }
      session.close();
      store.close();
    }
  }

  private static ByteBuffer key(int i) {
    return ByteBuffer.allocate(4).putInt(0, i);
  }
}
