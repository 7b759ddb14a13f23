package dev.kvbench.stores.chronicle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.UnsupportedCapabilityException;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import net.openhft.chronicle.map.ChronicleMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChronicleMapStoreTest {

  @TempDir Path dir;

  private final ChronicleMapProvider provider = new ChronicleMapProvider();

  private Store open(Map<String, String> given, WorkloadSizing sizing) {
    StoreSettings s = StoreSettings.resolve(provider.id(), provider.settings(), given);
    return provider.open(new StoreConfig(dir, s, Durability.NOSYNC, sizing));
  }

  @Test
  void providerClassNamesNoChronicleClass() throws IOException {
    // ServiceLoader loads the provider to list stores: nothing it links may reach Chronicle before
    // its static initializer has set the analytics kill switch
    try (InputStream in = ChronicleMapProvider.class.getResourceAsStream("ChronicleMapProvider.class")) {
      String constantPool = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
      assertThat(constantPool).doesNotContain("net/openhft");
    }
    assertThat(System.getProperty(ChronicleMapProvider.ANALYTICS_KILL_SWITCH)).isEqualTo("true");
  }

  @Test
  void declaresAHashMapThatOnlyHonoursNosync() {
    assertThat(provider.availability().available()).as("this build runs on a JDK").isTrue();
    assertThat(provider.capabilities().orderedScan()).isFalse();
    assertThat(provider.capabilities().reverseScan()).isFalse();
    assertThat(provider.capabilities().durabilities()).isEqualTo(Set.of(Durability.NOSYNC));
  }

  @Test
  void entriesDefaultToTheWorkloadAndAreRecorded() {
    try (Store store = open(Map.of(), new WorkloadSizing(5_000, 16, 100))) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("entries")).isEqualTo(5_000L);
      assertThat(n.get("entriesFrom")).isEqualTo("workload");
      assertThat(n.get("constantKeySize")).isEqualTo(16L);
      assertThat(n.get("constantValueSize")).isEqualTo(100L);
      assertThat(n.get("file")).isEqualTo(ChronicleMapStore.FILE_NAME);
    }
    assertThat(dir.resolve(ChronicleMapStore.FILE_NAME)).exists();
  }

  @Test
  void entriesSettingOverridesTheWorkload() {
    try (Store store = open(Map.of("entries", "64k"), new WorkloadSizing(10, 4, 8))) {
      assertThat(store.nativeSettings().get("entries")).isEqualTo(64_000L);
      assertThat(store.nativeSettings().get("entriesFrom")).isEqualTo("setting");
    }
  }

  @Test
  void readsReuseOneBufferAndCursorsAreUnsupported() {
    ByteBuffer key = ByteBuffer.allocateDirect(4);
    ByteBuffer value = ByteBuffer.allocateDirect(8);
    try (Store store = open(Map.of(), new WorkloadSizing(10, 4, 8)); Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        w.put(key.putInt(0, 1), value.putLong(0, 11));
        w.put(key.putInt(0, 2), value.putLong(0, 22));
        w.commit();
      }
      try (Reader r = s.beginRead()) {
        ByteBuffer first = r.get(key.putInt(0, 1));
        assertThat(first.getLong(first.position())).isEqualTo(11);
        ByteBuffer second = r.get(key.putInt(0, 2));
        assertThat(second.getLong(second.position())).isEqualTo(22);
        assertThat(second).as("getUsing fills the reader's buffer").isSameAs(first);
        assertThat(r.get(key.putInt(0, 3))).isNull();
        assertThatThrownBy(() -> r.scan(ScanDirection.FORWARD, (k, v) -> true))
            .isInstanceOf(UnsupportedCapabilityException.class);
      }
    }
  }

  /**
   * With constant sizes Chronicle stores no lengths, so the sizes are a format, not a hint: it
   * refuses other sizes itself, but a refused put can leave the map's size count wrong (seen with
   * 2026.1). The adapter refuses them before Chronicle sees them.
   */
  @Test
  void entriesOfAnotherSizeAreRefusedBeforeTheyReachTheMap() throws IOException {
    try (ChronicleMap<ByteBuffer, ByteBuffer> raw = ChronicleMap.of(ByteBuffer.class, ByteBuffer.class)
        .constantKeySizeBySample(ByteBuffer.allocate(4))
        .constantValueSizeBySample(ByteBuffer.allocate(8))
        .entries(10)
        .createPersistedTo(dir.resolve("raw.dat").toFile())) {
      assertThatThrownBy(() -> raw.put(ByteBuffer.allocate(4), ByteBuffer.allocate(3)))
          .isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> raw.put(ByteBuffer.allocate(8), ByteBuffer.allocate(8)))
          .isInstanceOf(IllegalArgumentException.class);
    }

    Path storeDir = dir.resolve("store");
    StoreSettings s = StoreSettings.defaults(provider.id(), provider.settings());
    try (Store store = provider.open(new StoreConfig(
            Files.createDirectories(storeDir), s, Durability.NOSYNC, new WorkloadSizing(10, 4, 8)));
        Session session = store.openSession()) {
      try (Writer w = session.beginWrite(WriteOrder.ANY)) {
        assertThatThrownBy(() -> w.put(ByteBuffer.allocate(8), ByteBuffer.allocate(8)))
            .isInstanceOf(StoreException.class).hasMessageContaining("key of 8 bytes");
        assertThatThrownBy(() -> w.put(ByteBuffer.allocate(4), ByteBuffer.allocate(3)))
            .isInstanceOf(StoreException.class).hasMessageContaining("value of 3 bytes");
      }
      try (Reader r = session.beginRead()) {
        assertThat(r.get(ByteBuffer.allocate(4))).isNull();
        assertThat(r.get(ByteBuffer.allocate(8))).isNull();
      }
    }
  }
}
