package dev.kvbench.stores.bdbje;

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
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BdbJeSettingsTest {

  private final BdbJeProvider provider = new BdbJeProvider();

  @TempDir Path temp;

  private Store open(Map<String, String> given, Durability durability) {
    StoreSettings s = StoreSettings.resolve(provider.id(), provider.settings(), given);
    return provider.open(new StoreConfig(temp, s, durability, new WorkloadSizing(10, 4, 100)));
  }

  @Test
  void durabilityIsJesCommitPolicy() {
    Map<Durability, String> policy = Map.of(Durability.SYNC, "SYNC", Durability.LAZY, "WRITE_NO_SYNC",
        Durability.NOSYNC, "NO_SYNC");
    policy.forEach((durability, local) -> {
      try (Store store = open(Map.of(), durability)) {
        // JE writes its three parts (local, replica, acknowledgements) with the local one first
        assertThat((String) store.nativeSettings().get("durability")).startsWith(local + ",");
      }
    });
  }

  @Test
  void defaultsAreJesOwnAndRecorded() {
    try (Store store = open(Map.of(), Durability.NOSYNC)) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("jeVersion")).isEqualTo(provider.libraryVersion());
      assertThat(n.get("logFileMax")).isEqualTo(10_485_760L);
      assertThat((String) n.get("cacheSizeFrom")).isEqualTo("je.maxMemoryPercent=60 of the heap");
      assertThat((Long) n.get("cacheSizeBytes")).isPositive();
    }
  }

  @Test
  void cacheAndLogFileSizesReachJe() throws IOException {
    Map<String, String> given = Map.of("cacheSize", "16m", "logFileSize", "1m");
    try (Store store = open(given, Durability.NOSYNC); Session s = store.openSession()) {
      assertThat(store.nativeSettings()).containsEntry("cacheSizeBytes", 16L << 20).containsEntry("logFileMax",
          1L << 20);
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        for (int i = 0; i < 20_000; i++) {
          w.put(key(i), ByteBuffer.allocate(100));
        }
        w.commit();
      }
    }
    try (Stream<Path> files = Files.list(temp)) {
      List<Path> logs = files.filter(p -> p.toString().endsWith(".jdb")).toList();
      assertThat(logs).hasSizeGreaterThan(1);
      for (Path log : logs) {
        assertThat(Files.size(log)).as(log.toString()).isLessThanOrEqualTo(1L << 20);
      }
    }
  }

  @Test
  void aLogFileSizeJeRefusesIsNamed() {
    assertThatThrownBy(() -> open(Map.of("logFileSize", "64k"), Durability.NOSYNC))
        .isInstanceOf(StoreException.class).hasMessageContaining("logFileSize must be from 1,000,000 bytes");
  }

  @Test
  void maxTxnEntriesCommitsOnItsOwn() {
    try (Store store = open(Map.of("maxTxnEntries", "5"), Durability.NOSYNC); Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        for (int i = 0; i < 12; i++) {
          w.put(key(i), ByteBuffer.allocate(8));
        }
      }  // closed with two puts uncommitted
      try (Reader r = s.beginRead()) {
        assertThat(r.get(key(9))).isNotNull();
        assertThat(r.get(key(10))).isNull();
      }
    }
  }

  private static ByteBuffer key(int i) {
    return ByteBuffer.allocate(4).putInt(0, i);
  }
}
