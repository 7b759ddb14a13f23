package dev.kvbench.stores.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RocksDbSettingsTest {

  @TempDir Path dir;

  @ParameterizedTest
  @EnumSource(Durability.class)
  void durabilityMapsToSyncAndWal(Durability durability) {
    RocksDbProvider p = new RocksDbProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of("compression", "none"));
    try (Store store = p.open(new StoreConfig(dir, s, durability, new WorkloadSizing(10, 4, 100)))) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("sync")).isEqualTo(durability == Durability.SYNC);
      assertThat(n.get("wal")).isEqualTo(durability != Durability.NOSYNC);
      assertThat(n.get("compression")).isEqualTo("NO_COMPRESSION");
    }
  }
}
