package dev.kvbench.stores.xodus;

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
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class XodusSettingsTest {

  private final XodusProvider provider = new XodusProvider();

  @TempDir Path dir;

  private StoreConfig config(Map<String, String> given, Durability durability, WorkloadSizing sizing) {
    return new StoreConfig(dir, StoreSettings.resolve(provider.id(), provider.settings(), given), durability, sizing);
  }

  @Test
  void defaultsAreTheSeeds() {
    try (Store store = provider.open(config(Map.of(), Durability.NOSYNC, new WorkloadSizing(10, 4, 100)))) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("storeConfig")).isEqualTo("WITHOUT_DUPLICATES_WITH_PREFIXING");
      assertThat(n.get("logFileSizeKb")).isEqualTo(32L * 1024);
      assertThat(n.get("logCachePageSize")).isEqualTo(0x2_0000);
      assertThat(n.get("maxTxnEntries")).as("1,000,000 / 100-byte values").isEqualTo(10_000L);
      assertThat(n.get("gcEnabled")).isEqualTo(true);
    }
  }

  @ParameterizedTest
  @EnumSource(Durability.class)
  void durabilityMapsToDurableWriteAndSyncPeriod(Durability durability) {
    try (Store store = provider.open(config(Map.of(), durability, new WorkloadSizing(10, 4, 100)))) {
      Map<String, Object> n = store.nativeSettings();
      assertThat(n.get("logDurableWrite")).isEqualTo(durability == Durability.SYNC);
      assertThat((Long) n.get("logSyncPeriodMs"))
          .isEqualTo(durability == Durability.NOSYNC ? XodusStore.NO_SYNC_PERIOD : 10_000L);
    }
  }

  @Test
  void autoTransactionsAreSizedToTheValueAsIn2016() {
    assertThat(XodusStore.seedsTxnEntries(100)).isEqualTo(10_000);
    assertThat(XodusStore.seedsTxnEntries(2_026)).isEqualTo(1_000);
    assertThat(XodusStore.seedsTxnEntries(16_368)).isEqualTo(1_000);
  }

  @Test
  void writerCommitsOnItsOwnEveryMaxTxnEntries() {
    StoreConfig c = config(Map.of("maxTxnEntries", "1000"), Durability.NOSYNC, new WorkloadSizing(2_500, 4, 8));
    try (Store store = provider.open(c); Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
        for (int i = 0; i < 2_500; i++) {
          w.put(key(i), ByteBuffer.allocate(8));
        }
        // closed without commit: the last 500 puts are discarded, the two full transactions stay
      }
      try (Reader r = s.beginRead()) {
        assertThat(r.scan(ScanDirection.FORWARD, (k, v) -> true)).isEqualTo(2_000);
        assertThat(r.get(key(1_999))).isNotNull();
        assertThat(r.get(key(2_000))).isNull();
      }
    }
  }

  @Test
  void entriesLargerThanHalfALogFileAreRefusedAtOpen() {
    StoreConfig c = config(Map.of("logFileSize", "1m"), Durability.NOSYNC, new WorkloadSizing(10, 4, 600_000));
    assertThatThrownBy(() -> provider.open(c)).isInstanceOf(StoreException.class).hasMessageContaining("logFileSize");
  }

  @Test
  void largestDeclaredKeyAndValueRoundTrip() {
    byte[] k = new byte[provider.capabilities().maxKeySize()];
    byte[] v = new byte[provider.capabilities().maxValueSize()];
    k[0] = 1;
    v[v.length - 1] = 2;
    try (Store store = provider.open(config(Map.of(), Durability.NOSYNC, new WorkloadSizing(1, k.length, v.length)));
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

  /** Keys nested several prefixes deep, which Xodus' Patricia cursor walks out of order backwards. */
  @ParameterizedTest
  @ValueSource(strings = {"patricia", "btree"})
  void scansFollowUnsignedOrderWithNestedPrefixes(String tree) {
    Random rnd = new Random(3);
    int[] alphabet = {0, 1, 0x7F, 0x80, 0xFF};
    TreeSet<byte[]> keys = new TreeSet<>(Arrays::compareUnsigned);
    while (keys.size() < 3_000) {
      byte[] k = new byte[1 + rnd.nextInt(7)];
      for (int j = 0; j < k.length; j++) {
        k[j] = (byte) alphabet[rnd.nextInt(alphabet.length)];
      }
      keys.add(k);
    }
    StoreConfig c = config(Map.of("tree", tree), Durability.NOSYNC, new WorkloadSizing(keys.size(), 7, 8));
    try (Store store = provider.open(c); Session s = store.openSession()) {
      try (Writer w = s.beginWrite(WriteOrder.ANY)) {
        for (byte[] k : keys) {
          w.put(ByteBuffer.wrap(k), ByteBuffer.wrap(Arrays.copyOf(k, 8)));
        }
        w.commit();
      }
      List<byte[]> want = new ArrayList<>(keys);
      try (Reader r = s.beginRead()) {
        assertThat(scan(r, ScanDirection.FORWARD)).containsExactlyElementsOf(want);
        Collections.reverse(want);
        assertThat(scan(r, ScanDirection.REVERSE)).containsExactlyElementsOf(want);
        long[] seen = {0};
        assertThat(r.scan(ScanDirection.REVERSE, (k, v) -> ++seen[0] < 10)).isEqualTo(10);
      }
    }
  }

  /** Each key seen, checked against the value written for it. */
  private static List<byte[]> scan(Reader r, ScanDirection d) {
    List<byte[]> seen = new ArrayList<>();
    r.scan(d, (k, v) -> {
      byte[] key = new byte[k.remaining()];
      k.duplicate().get(key);
      assertThat(v).isEqualTo(ByteBuffer.wrap(Arrays.copyOf(key, 8)));
      return seen.add(key);
    });
    return seen;
  }

  private static ByteBuffer key(int i) {
    return ByteBuffer.allocate(4).putInt(0, i);
  }
}
