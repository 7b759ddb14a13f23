package dev.kvbench.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import dev.kvbench.testing.SortedMapStoreProvider;
import dev.kvbench.workload.ValueContent;
import dev.kvbench.workload.ValueGenerator;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompressingStoreTest {

  @TempDir Path temp;

  @Test
  void deflateRoundTripsHeapAndDirectBuffersAndRefusesWhatItDidNotWrite() {
    ValueCodec c = ValueCodecs.load().require("deflate").newCodec();
    ByteBuffer value = new ValueGenerator(1000, 5, ValueContent.compressible(0.5)).valueOf(3);
    for (ByteBuffer packed : List.of(ByteBuffer.allocate(c.maxCompressedLength(1000)),
        ByteBuffer.allocateDirect(c.maxCompressedLength(1000)))) {
      int n = c.compress(value, packed);
      assertThat(n).isLessThan(700);
      ByteBuffer out = ByteBuffer.allocate(1000);
      assertThat(c.decompress(packed.duplicate().limit(n), out)).isEqualTo(1000);
      assertThat(out.limit(1000)).isEqualTo(value);
      assertThat(value.position()).isZero();
    }
    // random values grow a little; the bound holds them
    ByteBuffer random = new ValueGenerator(5000, 5).valueOf(1);
    assertThat(c.compress(random, ByteBuffer.allocate(c.maxCompressedLength(5000)))).isGreaterThan(5000);
    assertThatThrownBy(() -> c.decompress(ByteBuffer.wrap(new byte[] {(byte) 0xFF, 1, 2, 3}), ByteBuffer.allocate(10)))
        .isInstanceOf(IllegalStateException.class).hasMessageStartingWith("deflate:");
  }

  @Test
  void theStoreKeepsCompressedBytesAndTheWorkloadGetsItsValuesBack() {
    SortedMapStoreProvider inner = new SortedMapStoreProvider();
    StoreConfig config = new StoreConfig(temp, StoreSettings.resolve(inner.id(), inner.settings(), Map.of()),
        Durability.NOSYNC, new WorkloadSizing(100, 4, 1000));
    ValueGenerator values = new ValueGenerator(1000, 9, ValueContent.ZEROS);
    ValueCodecProvider deflate = ValueCodecs.load().require("deflate");
    List<Integer> storedSizes = new ArrayList<>();
    try (Store raw = inner.open(config); Store store = new CompressingStore(raw, deflate, 1000);
        Session session = store.openSession()) {
      ByteBuffer key = ByteBuffer.allocateDirect(4);
      ByteBuffer value = ByteBuffer.allocateDirect(1000);
      try (Writer w = session.beginWrite(WriteOrder.ANY)) {
        for (int i = 0; i < 100; i++) {
          key.putInt(0, i);
          values.fill(i, value);
          w.put(key, value);
        }
        w.commit();
      }
      try (Session rawSession = raw.openSession(); Reader r = rawSession.beginRead()) {
        r.scan(ScanDirection.FORWARD, (k, v) -> storedSizes.add(v.remaining()));
      }
      try (Reader r = session.beginRead()) {
        key.putInt(0, 42);
        assertThat(r.get(key)).isEqualTo(values.valueOf(42));
        List<ByteBuffer> seen = new ArrayList<>();
        r.scan(ScanDirection.FORWARD, (k, v) -> seen.add(ByteBuffer.allocate(v.remaining()).put(v).flip()));
        assertThat(seen).hasSize(100);
        assertThat(seen.get(7)).isEqualTo(values.valueOf(7));
      }
      assertThat(store.nativeSettings()).containsKey("valueCodec");
      assertThat(store.nativeSettings().get("valueCodec").toString()).contains("deflate", "level=6");
    }
    // zeros after an 8-byte head deflate to a few dozen bytes
    assertThat(storedSizes).hasSize(100).allSatisfy(n -> assertThat(n).isLessThan(40));
  }
}
