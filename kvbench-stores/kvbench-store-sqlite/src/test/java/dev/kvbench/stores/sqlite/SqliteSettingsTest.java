package dev.kvbench.stores.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SqliteSettingsTest {

  private final SqliteProvider provider = new SqliteProvider();

  @TempDir Path temp;

  private Store open(Map<String, String> given, Durability durability) {
    StoreSettings s = StoreSettings.resolve(provider.id(), provider.settings(), given);
    return provider.open(new StoreConfig(temp, s, durability, new WorkloadSizing(10, 4, 100)));
  }

  @Test
  void recordsTheSqliteLibraryTheDriverBundles() {
    try (Store store = open(Map.of(), Durability.NOSYNC)) {
      // sqlite-jdbc 3.54.1.0 bundles SQLite 3.54.1: the version comes from sqlite_version(), not the jar
      String[] driver = provider.libraryVersion().split("\\.");
      assertThat(store.nativeSettings().get("sqliteVersion"))
          .isEqualTo(driver[0] + "." + driver[1] + "." + driver[2]);
      assertThat((String) store.nativeSettings().get("nativeLibrary")).contains("driver jar's own");
      assertThat(store.nativeSettings().get("table")).isEqualTo(SqliteStore.CREATE_TABLE);
    }
  }

  @Test
  void durabilityIsSynchronousAndTheJournal() {
    Map<Durability, String> wal = Map.of(Durability.SYNC, "FULL (2)", Durability.LAZY, "NORMAL (1)",
        Durability.NOSYNC, "OFF (0)");
    wal.forEach((durability, synchronous) -> {
      try (Store store = open(Map.of(), durability)) {
        assertThat(store.nativeSettings()).containsEntry("journalMode", "wal")
            .containsEntry("synchronous", synchronous);
      }
    });
    try (Store store = open(Map.of("journalMode", "delete"), Durability.SYNC)) {
      // delete mode commits by unlinking the journal: EXTRA also syncs the directory after it
      assertThat(store.nativeSettings()).containsEntry("journalMode", "delete")
          .containsEntry("synchronous", "EXTRA (3)");
    }
    assertThatThrownBy(() -> open(Map.of("journalMode", "truncate"), Durability.LAZY))
        .isInstanceOf(StoreException.class).hasMessageContaining("-o sqlite.journalMode=wal");
  }

  @Test
  void settingsReachSqlite() {
    Map<String, String> given = Map.of("pageSize", "8k", "cacheSize", "64m", "mmapSize", "256m", "busyTimeout", "100");
    try (Store store = open(given, Durability.NOSYNC)) {
      assertThat(store.nativeSettings()).containsEntry("pageSize", 8192L).containsEntry("cacheSize",
          "-65536 (negative: KiB)").containsEntry("mmapSize", 256L << 20).containsEntry("busyTimeoutMs", 100L);
    }
  }

  @Test
  void aPageSizeSqliteCannotTakeIsRefused() {
    assertThatThrownBy(() -> open(Map.of("pageSize", "3000"), Durability.NOSYNC))
        .isInstanceOf(StoreException.class).hasMessageContaining("pageSize must be a power of two");
  }

  @Test
  void aReadPassKeepsItsSnapshotWhileTheWriterCommits() {
    try (Store store = open(Map.of(), Durability.NOSYNC); Session reading = store.openSession();
        Session writing = store.openSession()) {
      put(writing, 1);
      try (Reader r = reading.beginRead()) {
        assertThat(r.get(key(1))).isNotNull();
        put(writing, 2);
        assertThat(r.get(key(2))).as("committed after the read pass began").isNull();
      }
      try (Reader r = reading.beginRead()) {
        assertThat(r.get(key(2))).isNotNull();
      }
    }
  }

  @Test
  void closeCheckpointsTheLogIntoTheFile() throws IOException {
    try (Store store = open(Map.of(), Durability.NOSYNC); Session s = store.openSession()) {
      put(s, 1);
      assertThat(temp.resolve(SqliteStore.FILE_NAME + "-wal")).exists();
    }
    try (Stream<Path> left = Files.list(temp)) {
      assertThat(left.map(p -> p.getFileName().toString())).containsExactly(SqliteStore.FILE_NAME);
    }
  }

  private static void put(Session s, int i) {
    try (Writer w = s.beginWrite(WriteOrder.ANY)) {
      w.put(key(i), ByteBuffer.allocate(100));
      w.commit();
    }
  }

  private static ByteBuffer key(int i) {
    return ByteBuffer.allocate(4).putInt(0, i);
  }
}
