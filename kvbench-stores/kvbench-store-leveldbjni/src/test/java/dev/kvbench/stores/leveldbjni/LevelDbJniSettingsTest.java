package dev.kvbench.stores.leveldbjni;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.store.Durability;
import dev.kvbench.store.InvalidSettingException;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class LevelDbJniSettingsTest {

  @TempDir Path dir;

  private Store open(Map<String, String> given, Durability durability) {
    LevelDbJniProvider p = new LevelDbJniProvider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), given);
    return p.open(new StoreConfig(dir, s, durability, new WorkloadSizing(10, 4, 100)));
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void onlySyncSyncsAndTheLogIsAlwaysWritten(Durability durability) {
    try (Store store = open(Map.of(), durability)) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("sync")).isEqualTo(durability == Durability.SYNC);
      assertThat(n.get("log").toString()).startsWith("always written");
    }
  }

  @Test
  void defaultsAreTheSeeds() {
    try (Store store = open(Map.of(), Durability.NOSYNC)) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("compression")).isEqualTo("NONE");
      assertThat(n.get("writeBufferSize")).isEqualTo(4 << 20);
      assertThat(n.get("cacheSize")).isEqualTo(8L << 20);
      assertThat(n.get("memoryPoolBytes")).isEqualTo(512 << 10);
      assertThat(n.get("leveldbjniVersion")).isEqualTo("1.8");
      assertThat(n.get("nativeLibrary").toString()).contains("deleted once loaded");
    }
  }

  @Test
  void givenSettingsAreUsed() {
    try (Store store = open(Map.of("compression", "snappy", "writeBufferSize", "1m", "cacheSize", "2m"), Durability.SYNC)) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("compression")).isEqualTo("SNAPPY");
      assertThat(n.get("writeBufferSize")).isEqualTo(1 << 20);
      assertThat(n.get("cacheSize")).isEqualTo(2L << 20);
    }
  }

  @Test
  void sizesHaveNoAutoValue() {
    assertThatThrownBy(() -> open(Map.of("cacheSize", "auto"), Durability.NOSYNC))
        .isInstanceOf(InvalidSettingException.class)
        .hasMessageContaining("cacheSize");
  }
}
