package dev.kvbench.stores.leveldbjava;

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
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.DBIterator;
import org.iq80.leveldb.Options;
import org.iq80.leveldb.impl.Iq80DBFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class LevelDbJavaSettingsTest {

  @TempDir Path dir;

  private final LevelDbJavaProvider provider = new LevelDbJavaProvider();

  private Store open(Durability durability, Map<String, String> given) {
    StoreSettings s = StoreSettings.resolve(provider.id(), provider.settings(), given);
    return provider.open(new StoreConfig(dir, s, durability, new WorkloadSizing(10, 4, 100)));
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void onlySyncSyncsAndTheLogIsAlwaysWritten(Durability durability) {
    try (Store store = open(durability, Map.of())) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("sync")).isEqualTo(durability == Durability.SYNC);
      assertThat(n.get("writeAheadLog").toString()).startsWith("always on");
      assertThat(n.get("compression")).isEqualTo("NONE");
      assertThat(n.get("writeBufferSize")).isEqualTo(4L << 20);
    }
  }

  @Test
  void reverseScanIsNotDeclaredAndThrows() {
    assertThat(provider.capabilities().orderedScan()).isTrue();
    assertThat(provider.capabilities().reverseScan()).isFalse();
    try (Store store = open(Durability.NOSYNC, Map.of()); Session s = store.openSession(); Reader r = s.beginRead()) {
      assertThatThrownBy(() -> r.scan(ScanDirection.REVERSE, (k, v) -> true))
          .isInstanceOf(UnsupportedCapabilityException.class);
    }
  }

  /** Why reverseScan is false: if an iq80 upgrade adds a reverse cursor, this fails as a reminder. */
  @Test
  void iq80HasNoReverseCursor() throws IOException {
    try (DB db = Iq80DBFactory.factory.open(dir.toFile(), new Options().createIfMissing(true));
        DBIterator it = db.iterator()) {
      assertThatThrownBy(it::seekToLast).isInstanceOf(UnsupportedOperationException.class);
      assertThatThrownBy(it::hasPrev).isInstanceOf(UnsupportedOperationException.class);
    }
  }

  /**
   * This module's own tests have no Snappy library: the store must fail rather than let iq80 store
   * values uncompressed. Against kvbench.jar (snappy-java through kvbench-codecs) it must compress.
   */
  @Test
  void snappyCompressesWithASnappyLibraryAndFailsWithoutOne() {
    if (!org.iq80.leveldb.util.Snappy.available()) {
      assertThatThrownBy(() -> open(Durability.NOSYNC, Map.of("compression", "snappy")).close())
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("snappy");
      return;
    }
    try (Store store = open(Durability.NOSYNC, Map.of("compression", "snappy"))) {
      assertThat(store.nativeSettings().toString()).containsIgnoringCase("snappy");
    }
  }
}
