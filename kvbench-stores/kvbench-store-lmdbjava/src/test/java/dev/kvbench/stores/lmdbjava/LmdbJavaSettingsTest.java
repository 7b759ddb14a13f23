package dev.kvbench.stores.lmdbjava;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
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
      assertThat((Long) n.get("mapSizeBytes")).isEqualTo(LmdbJavaStore.autoMapSize(new WorkloadSizing(1000, 4, 100)));
      assertThat(n.get("lmdbVersion").toString()).startsWith("0.9.");
    }
  }

  @Test
  void autoMapSizeLeavesRoomForHalfFullPagesAndOverflowPages() {
    long small = LmdbJavaStore.autoMapSize(new WorkloadSizing(1_000_000, 4, 100));
    assertThat(small).isGreaterThan(2 * 1_000_000L * 104).isLessThan(1L << 30);
    long big = LmdbJavaStore.autoMapSize(new WorkloadSizing(1_000_000, 4, 2_027));
    assertThat(big).as("values over half a page take overflow pages").isGreaterThan(2 * 1_000_000L * 4096);
    assertThat(small % 4096).isZero();
  }
}
