package dev.kvbench.stores.lmdbjni;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.testing.Mappings;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class LmdbJniSettingsTest {

  @TempDir Path dir;

  private Map<String, Object> nativeSettings(Map<String, String> given, Durability durability) {
    LmdbJniProvider p = new LmdbJniProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), given);
    try (Store store = p.open(new StoreConfig(dir, s, durability, new WorkloadSizing(1000, 4, 100)))) {
      return store.nativeSettings();
    }
  }

  /** The flags the lmdbjava stores use for the same settings and durability. */
  @ParameterizedTest
  @CsvSource({
    "true,  true,  NOSYNC, MDB_WRITEMAP MDB_NOSYNC",
    "true,  false, NOSYNC, MDB_WRITEMAP MDB_NOSYNC",
    "true,  true,  LAZY,   MDB_WRITEMAP MDB_NOMETASYNC",
    "true,  true,  SYNC,   MDB_WRITEMAP",
    "true,  false, SYNC,   MDB_WRITEMAP MDB_NOMETASYNC",
    "false, true,  SYNC,   ''",
    "false, true,  NOSYNC, MDB_NOSYNC",
  })
  void envFlagsFollowSettingsAndDurability(boolean writeMap, boolean metaSync, Durability durability, String flags) {
    Map<String, Object> n = nativeSettings(
        Map.of("writeMap", Boolean.toString(writeMap), "metaSync", Boolean.toString(metaSync)), durability);
    List<String> expected = flags.isEmpty() ? List.of() : List.of(flags.split(" "));
    assertThat(n.get("envFlags")).isEqualTo(expected);
  }

  @Test
  void recordsTheBundledLmdbAndTheMapSize() {
    Map<String, Object> n = nativeSettings(Map.of(), Durability.NOSYNC);
    assertThat(n.get("lmdbVersion")).isEqualTo("0.9.19");
    assertThat(n.get("lmdbVersionString").toString()).startsWith("LMDB 0.9.19");
    assertThat(n.get("mapSizeBytes")).isEqualTo(dev.kvbench.stores.lmdb.LmdbSettings.autoMapSize(new WorkloadSizing(1000, 4, 100)));
    assertThat(n.get("maxKeySize")).isEqualTo((long) LmdbJniProvider.MAX_KEY_SIZE);
    assertThat(n.get("pageSize")).isEqualTo(4096L);
  }

  @Test
  void explicitMapSizeIsUsed() {
    assertThat(nativeSettings(Map.of("mapSize", "256m"), Durability.SYNC).get("mapSizeBytes")).isEqualTo(256L << 20);
  }

  /**
   * Reads hand out one reused direct buffer per role, pointed at LMDB's memory: no allocation per
   * get or cursor step. Heap buffers, which the harness never passes, still work, untouched.
   */
  @Test
  void readsReuseOneViewOfLmdbMemoryAndHeapInputsWork() {
    LmdbJniProvider p = new LmdbJniProvider();
    StoreSettings s = StoreSettings.defaults(p.id(), p.settings());
    try (Store store = p.open(new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(2, 4, 8)));
        Session session = store.openSession()) {
      ByteBuffer heapKey = ByteBuffer.allocate(6).position(1).limit(5);
      ByteBuffer heapValue = ByteBuffer.allocate(8).putLong(0, 7);
      try (Writer w = session.beginWrite(WriteOrder.ANY)) {
        w.put(heapKey.putInt(1, 1), heapValue);
        w.put(ByteBuffer.allocateDirect(4).putInt(0, 2), ByteBuffer.allocateDirect(8).putLong(0, 8));
        w.commit();
      }
      assertThat(heapKey.position()).isEqualTo(1);
      assertThat(heapKey.limit()).isEqualTo(5);
      assertThat(heapValue.position()).isZero();
      try (Reader r = session.beginRead()) {
        ByteBuffer first = r.get(heapKey);
        assertThat(first.isDirect()).isTrue();
        assertThat(first.getLong(0)).isEqualTo(7);
        ByteBuffer second = r.get(ByteBuffer.allocateDirect(4).putInt(0, 2));
        assertThat(second).isSameAs(first);
        assertThat(second.getLong(0)).isEqualTo(8);
        List<ByteBuffer> keys = new ArrayList<>();
        List<Long> values = new ArrayList<>();
        r.scan(ScanDirection.REVERSE, (k, v) -> keys.add(k) && values.add(v.getLong(0)));
        assertThat(keys).hasSize(2);
        assertThat(keys.get(1)).isSameAs(keys.get(0));
        assertThat(values).containsExactly(8L, 7L);
      }
    }
  }

  /** readAhead=false opens the env with MDB_NORDAHEAD: the kernel is told the map is read at random. */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void readAheadOffMarksTheMapRandomRead(boolean readAhead) throws Exception {
    LmdbJniProvider p = new LmdbJniProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of("readAhead", Boolean.toString(readAhead)));
    try (Store store = p.open(new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(1000, 4, 100)))) {
      assertThat(store.nativeSettings().get("envFlags")).isEqualTo(readAhead
          ? List.of("MDB_WRITEMAP", "MDB_NOSYNC") : List.of("MDB_WRITEMAP", "MDB_NOSYNC", "MDB_NORDAHEAD"));
      assertThat(Mappings.vmFlags(dir.resolve("data.mdb"))).isNotEmpty()
          .allSatisfy(flags -> assertThat(flags.contains("rr")).as(flags.toString()).isEqualTo(!readAhead));
    }
  }
}
