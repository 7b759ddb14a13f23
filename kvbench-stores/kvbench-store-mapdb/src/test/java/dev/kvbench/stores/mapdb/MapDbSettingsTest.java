package dev.kvbench.stores.mapdb;

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

class MapDbSettingsTest {

  private final MapDbProvider provider = new MapDbProvider();

  @TempDir Path dir;

  private StoreConfig config(Map<String, String> given, Durability durability, WorkloadSizing sizing) {
    return new StoreConfig(dir, StoreSettings.resolve(provider.id(), provider.settings(), given), durability, sizing);
  }

  @Test
  void defaultsAreTheSeeds() {
    try (Store store = provider.open(config(Map.of(), Durability.NOSYNC, new WorkloadSizing(1000, 4, 100)))) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("volume")).isEqualTo("fileMmapEnable+cleanerHackEnable");
      assertThat(n.get("concurrencyDisable")).isEqualTo(true);
      assertThat(n.get("transactionEnable")).isEqualTo(false);
      assertThat(n.get("fileSyncDisable")).isEqualTo(true);
      assertThat(n.get("allocateStartSize")).isEqualTo(100_000L);
      assertThat(n.get("maxNodeSize")).isEqualTo(32);
    }
  }

  @Test
  void aStartSizeBeyondTheFreeSpaceIsRefusedBeforeMapDbOpensAnything() throws IOException {
    long free = Files.getFileStore(dir).getUsableSpace();
    String tooBig = Long.toString(free + (1L << 30));
    StoreConfig c = config(Map.of("allocateStartSize", tooBig), Durability.NOSYNC, new WorkloadSizing(10, 4, 100));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> provider.open(c))
        .isInstanceOf(dev.kvbench.store.StoreException.class)
        .hasMessageContaining("no space left on device").hasMessageContaining("allocateStartSize");
    try (var left = Files.list(dir)) {
      assertThat(left).as("MapDB opened nothing").isEmpty();
    }
  }

  @Test
  void syncKeepsFileSyncOn() {
    try (Store store = provider.open(config(Map.of(), Durability.SYNC, new WorkloadSizing(10, 4, 100)))) {
      assertThat(store.nativeSettings().get("fileSyncDisable")).isEqualTo(false);
    }
  }

  @Test
  void autoStartSizeUsesLongArithmetic() {
    // 10M x 2,026 bytes overflowed the seeds' int multiplication
    StoreConfig c = config(Map.of(), Durability.NOSYNC, new WorkloadSizing(10_000_000, 4, 2_026));
    assertThat(MapDbStore.startSize(c)).isEqualTo(20_260_000_000L);
    StoreConfig fixed = config(Map.of("allocateStartSize", "64m"), Durability.NOSYNC, new WorkloadSizing(10, 4, 2));
    assertThat(MapDbStore.startSize(fixed)).isEqualTo(64L << 20);
  }

  @Test
  void closeUnmapsTheFile() throws IOException {
    try (Store store = provider.open(config(Map.of(), Durability.NOSYNC, new WorkloadSizing(100, 4, 100)));
        Session s = store.openSession();
        Writer w = s.beginWrite(WriteOrder.ANY)) {
      w.put(key(1), ByteBuffer.allocateDirect(100));
      w.commit();
      assertThat(mapped(dir.resolve(MapDbStore.FILE_NAME))).isTrue();
    }
    assertThat(mapped(dir.resolve(MapDbStore.FILE_NAME))).as("mapping left after close").isFalse();
  }

  @Test
  void walRollsBackWhatWasNotCommitted() {
    StoreConfig c = config(Map.of("transactions", "true"), Durability.NOSYNC, new WorkloadSizing(10, 4, 8));
    try (Store store = provider.open(c); Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(key(1), ByteBuffer.wrap(new byte[8]));
        w.commit();
        w.put(key(2), ByteBuffer.wrap(new byte[8]));
      }
      try (Reader r = s.beginRead()) {
        assertThat(r.get(key(1))).isNotNull();
        assertThat(r.get(key(2))).isNull();
      }
    }
  }

  @Test
  void largestDeclaredKeyAndValueRoundTrip() {
    int max = provider.capabilities().maxValueSize();
    byte[] k = new byte[provider.capabilities().maxKeySize()];
    byte[] v = new byte[max];
    new Random(1).nextBytes(k);
    new Random(2).nextBytes(v);
    try (Store store = provider.open(config(Map.of("allocateStartSize", "0"), Durability.NOSYNC,
            new WorkloadSizing(1, k.length, v.length)));
        Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(ByteBuffer.wrap(k), ByteBuffer.wrap(v));
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        ByteBuffer got = r.get(ByteBuffer.wrap(k));
        assertThat(got).isEqualTo(ByteBuffer.wrap(v));
      }
    }
  }

  private static ByteBuffer key(int i) {
    return ByteBuffer.allocate(4).putInt(0, i);
  }

  private static boolean mapped(Path file) throws IOException {
    String name = file.toAbsolutePath().toString();
    return Files.readAllLines(Path.of("/proc/self/maps")).stream().anyMatch(l -> l.endsWith(name));
  }
}
