package dev.kvbench.stores.lmdbjava;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.testing.Mappings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

class LmdbJavaSettingsTest {

  @TempDir Path dir;

  @Test
  void nativeFlagsFollowSettingsAndDurability() {
    LmdbJavaAgronaProvider p = new LmdbJavaAgronaProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of());
    try (Store store = p.open(new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(1000, 4, 100)))) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("envFlags")).isEqualTo(List.of("MDB_WRITEMAP", "MDB_NOSYNC"));
      assertThat(n.get("bufferProxy")).isEqualTo("PROXY_DB");
      assertThat((Long) n.get("mapSizeBytes")).isEqualTo(dev.kvbench.stores.lmdb.LmdbSettings.autoMapSize(new WorkloadSizing(1000, 4, 100)));
      assertThat(n.get("lmdbVersion").toString()).startsWith("0.9.");
    }
  }

  /** readAhead=false opens the env with MDB_NORDAHEAD: the kernel is told the map is read at random. */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void readAheadOffMarksTheMapRandomRead(boolean readAhead) throws Exception {
    LmdbJavaAgronaProvider p = new LmdbJavaAgronaProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of("readAhead", Boolean.toString(readAhead)));
    try (Store store = p.open(new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(1000, 4, 100)))) {
      assertThat(store.nativeSettings().get("envFlags")).isEqualTo(readAhead
          ? List.of("MDB_WRITEMAP", "MDB_NOSYNC") : List.of("MDB_WRITEMAP", "MDB_NOSYNC", "MDB_NORDAHEAD"));
      assertThat(Mappings.vmFlags(dir.resolve("data.mdb"))).isNotEmpty()
          .allSatisfy(flags -> assertThat(flags.contains("rr")).as(flags.toString()).isEqualTo(!readAhead));
    }
  }
}
