package dev.kvbench.stores.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LmdbSettingsTest {

  private static StoreConfig config(Map<String, String> given, Durability durability) {
    return new StoreConfig(Path.of("unused"), StoreSettings.resolve("lmdb", LmdbSettings.specs(), given), durability,
        new WorkloadSizing(1_000, 4, 100));
  }

  @Test
  void flagsFollowSettingsAndDurabilityAsTheSeedsUsedThem() {
    assertThat(LmdbSettings.envFlags(config(Map.of(), Durability.NOSYNC)))
        .containsExactly(LmdbFlag.MDB_WRITEMAP, LmdbFlag.MDB_NOSYNC);
    assertThat(LmdbSettings.envFlags(config(Map.of(), Durability.LAZY)))
        .containsExactly(LmdbFlag.MDB_WRITEMAP, LmdbFlag.MDB_NOMETASYNC);
    assertThat(LmdbSettings.envFlags(config(Map.of("writeMap", "false"), Durability.SYNC))).isEmpty();
    assertThat(LmdbSettings.envFlags(config(Map.of("metaSync", "false"), Durability.SYNC)))
        .containsExactly(LmdbFlag.MDB_WRITEMAP, LmdbFlag.MDB_NOMETASYNC);
    assertThat(LmdbSettings.envFlags(config(Map.of("readAhead", "false"), Durability.NOSYNC)))
        .containsExactly(LmdbFlag.MDB_WRITEMAP, LmdbFlag.MDB_NOSYNC, LmdbFlag.MDB_NORDAHEAD);
  }

  @Test
  void mapSizeIsTheSettingOrDerived() {
    assertThat(LmdbSettings.mapSize(config(Map.of("mapSize", "1g"), Durability.NOSYNC))).isEqualTo(1L << 30);
    assertThat(LmdbSettings.mapSize(config(Map.of(), Durability.NOSYNC)))
        .isEqualTo(LmdbSettings.autoMapSize(new WorkloadSizing(1_000, 4, 100)));
  }

  @Test
  void autoMapSizeLeavesRoomForHalfFullPagesAndOverflowPages() {
    long small = LmdbSettings.autoMapSize(new WorkloadSizing(1_000_000, 4, 100));
    // pinned: the sizes the published results were measured with
    assertThat(LmdbSettings.autoMapSize(new WorkloadSizing(1000, 4, 100))).isEqualTo(67_452_928L);
    assertThat(small).isEqualTo(409_112_576L);
    assertThat(LmdbSettings.autoMapSize(new WorkloadSizing(1_000_000, 4, 2_027))).isEqualTo(12_421_111_808L);
    assertThat(small).isGreaterThan(2 * 1_000_000L * 104).isLessThan(1L << 30);
    long big = LmdbSettings.autoMapSize(new WorkloadSizing(1_000_000, 4, 2_027));
    assertThat(big).as("values over half a page take overflow pages").isGreaterThan(2 * 1_000_000L * 4096);
    assertThat(small % LmdbSettings.PAGE).isZero();
    assertThat(big % LmdbSettings.PAGE).isZero();
  }
}
