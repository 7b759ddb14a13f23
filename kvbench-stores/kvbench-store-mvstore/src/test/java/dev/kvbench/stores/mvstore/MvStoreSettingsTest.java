package dev.kvbench.stores.mvstore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MvStoreSettingsTest {

  private final MvStoreProvider provider = new MvStoreProvider();

  @TempDir Path temp;

  private Store open(Path dir, Map<String, String> given, Durability durability, WorkloadSizing sizing) {
    StoreSettings s = StoreSettings.resolve(provider.id(), provider.settings(), given);
    return provider.open(new StoreConfig(dir, s, durability, sizing));
  }

  @Test
  void defaultsCommitOnlyWhenTheHarnessDoes() {
    try (Store store = open(temp, Map.of(), Durability.NOSYNC, new WorkloadSizing(10, 4, 100))) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("autoCommitDelayMs")).isEqualTo(0);
      assertThat(n.get("autoCommitMemoryBytes")).isEqualTo(0);
      assertThat(n.get("retentionTimeMs")).isEqualTo(45_000);
      assertThat(n.get("reuseSpace")).isEqualTo(true);
      assertThat(n.get("cacheSizeMb")).isEqualTo(16);
      assertThat(n.get("maxPageSize")).isEqualTo(16_384L);
      assertThat(n.get("commit")).isEqualTo("commit");
    }
  }

  @Test
  void syncForcesTheFileOnCommit() {
    try (Store store = open(temp, Map.of(), Durability.SYNC, new WorkloadSizing(10, 4, 100))) {
      assertThat(store.nativeSettings().get("commit")).isEqualTo("commit + sync");
    }
  }

  @Test
  void settingsReachTheStore() {
    Map<String, String> given = Map.of("autoCommitDelay", "500", "autoCommitBufferSize", "1m",
        "retentionTime", "0", "cacheSize", "64m", "pageSplitSize", "4k");
    try (Store store = open(temp, given, Durability.NOSYNC, new WorkloadSizing(10, 4, 100))) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("autoCommitDelayMs")).isEqualTo(500);
      assertThat(n.get("autoCommitMemoryBytes")).isEqualTo(1 << 20);
      assertThat(n.get("retentionTimeMs")).isEqualTo(0);
      assertThat(n.get("cacheSizeMb")).isEqualTo(64);
      assertThat(n.get("maxPageSize")).isEqualTo(4_096L);
    }
  }

  /**
   * The finding behind the defaults, small: random puts with MVStore committing every 1 MB of
   * rewritten pages write a new near-copy of the tree each time and keep the old ones for the
   * retention time; committing once writes the data once.
   */
  @Test
  void oneCommitPerBatchKeepsTheFileNearTheDataSize() throws IOException {
    int n = 50_000;
    WorkloadSizing sizing = new WorkloadSizing(n, 4, 100);
    long once = loadRandom(Files.createDirectory(temp.resolve("once")), Map.of(), sizing);
    long auto = loadRandom(Files.createDirectory(temp.resolve("auto")), Map.of("autoCommitBufferSize", "1m"), sizing);
    assertThat(once).isLessThan(2 * sizing.flatBytes());
    assertThat(auto).isGreaterThan(5 * sizing.flatBytes());
  }

  @Test
  void uncommittedPutsAreRolledBackOnClose() {
    try (Store store = open(temp, Map.of(), Durability.NOSYNC, new WorkloadSizing(2, 4, 8)); Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(key(1), ByteBuffer.allocate(8));
        w.commit();
        w.put(key(2), ByteBuffer.allocate(8));
      }
      try (Reader r = s.beginRead()) {
        assertThat(r.get(key(1))).isNotNull();
        assertThat(r.get(key(2))).isNull();
      }
    }
  }

  @Test
  void readersSeeTheSnapshotTheyBeganWith() {
    try (Store store = open(temp, Map.of(), Durability.NOSYNC, new WorkloadSizing(2, 4, 8)); Session s = store.openSession();
        Reader before = s.beginRead()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(key(1), ByteBuffer.allocate(8));
        w.commit();
      }
      assertThat(before.get(key(1))).isNull();
    }
  }

  @Test
  void largestDeclaredKeyAndValueRoundTrip() {
    byte[] k = new byte[provider.capabilities().maxKeySize()];
    byte[] v = new byte[provider.capabilities().maxValueSize()];
    new Random(1).nextBytes(k);
    new Random(2).nextBytes(v);
    try (Store store = open(temp, Map.of(), Durability.NOSYNC, new WorkloadSizing(1, k.length, v.length));
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(ByteBuffer.wrap(k), ByteBuffer.wrap(v));
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        assertThat(r.get(ByteBuffer.wrap(k))).isEqualTo(ByteBuffer.wrap(v));
      }
    }
  }

  /** Puts {@code sizing.entries()} big-endian int keys in random order in one batch; the file size. */
  private long loadRandom(Path dir, Map<String, String> given, WorkloadSizing sizing) throws IOException {
    int n = (int) sizing.entries();
    int[] order = new Random(42).ints(0, n).distinct().limit(n).toArray();
    ByteBuffer value = ByteBuffer.allocateDirect(sizing.valueSize());
    try (Store store = open(dir, given, Durability.NOSYNC, sizing); Session s = store.openSession();
        Writer w = s.beginWrite(WriteOrder.ANY)) {
      for (int i : order) {
        value.putInt(0, i);
        w.put(key(i), value);
      }
      w.commit();
    }
    return Files.size(dir.resolve(MvStoreStore.FILE_NAME));
  }

  private static ByteBuffer key(int i) {
    return ByteBuffer.allocate(4).putInt(0, i);
  }
}
