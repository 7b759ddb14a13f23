package dev.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class ValueAndDigestTest {

  @Test
  void valuesAreAFunctionOfSeedAndIndex() {
    ValueGenerator g = new ValueGenerator(103, 9);
    assertThat(g.valueOf(5)).isEqualTo(new ValueGenerator(103, 9).valueOf(5));
    assertThat(g.valueOf(5)).isNotEqualTo(g.valueOf(6));
    assertThat(g.valueOf(5)).isNotEqualTo(new ValueGenerator(103, 10).valueOf(5));
    ByteBuffer v = g.valueOf(5);
    assertThat(v.get(102)).as("tail bytes are filled too").isNotEqualTo((byte) 0);
  }

  @Test
  void valuesAreDistinctPerKeyAndStoredNeighboursDoNotCompress() {
    ValueGenerator g = new ValueGenerator(100, 3);
    java.util.Set<ByteBuffer> seen = new java.util.HashSet<>();
    byte[] neighbours = new byte[4096 / 100 * 100];
    for (int i = 0; i < 100_000; i++) {
      ByteBuffer v = g.valueOf(i);
      assertThat(seen.add(v)).as("value of %d is new", i).isTrue();
      if (i < neighbours.length / 100) {
        v.get(0, neighbours, i * 100, 100);
      }
    }
    // a 4 KiB block of keys 0..39, as a compressing store keeps them side by side
    java.util.zip.Deflater deflater = new java.util.zip.Deflater(java.util.zip.Deflater.BEST_COMPRESSION);
    deflater.setInput(neighbours);
    deflater.finish();
    byte[] out = new byte[neighbours.length * 2];
    int compressed = deflater.deflate(out);
    assertThat(compressed).isGreaterThanOrEqualTo(neighbours.length);
  }

  /**
   * The bytes of a value are part of every published result (their checksums are verified, stores
   * compress them): a change of how they are written must not change them. The CRC32s are those
   * of kvbench 08a33e6.
   */
  @Test
  void valuesKeepTheirBytesAcrossVersions() {
    Map<Integer, Long> crcBySize = Map.of(3, 0x39472d63L, 8, 0xde023aecL, 100, 0x9fb20a57L, 300, 0x1e08bc01L);
    crcBySize.forEach((size, expected) -> {
      ValueGenerator g = new ValueGenerator(size, 42);
      CRC32 crc = new CRC32();
      for (long index : new long[] {0, 1, 2621, 123_456_789L}) {
        crc.update(g.valueOf(index));
      }
      assertThat(crc.getValue()).as("size %d", size).isEqualTo(expected);
    });
  }

  /** valueInto sets the buffer's bounds whatever they were, and fills the same bytes as valueOf. */
  @Test
  void valueIntoSetsTheBoundsAndTheBytes() {
    ValueGenerator g = new ValueGenerator(100, 5);
    ByteBuffer target = ByteBuffer.allocateDirect(150);
    target.position(7).limit(20);
    assertThat(g.valueInto(11, target)).isSameAs(target);
    assertThat(target.position()).isZero();
    assertThat(target.limit()).isEqualTo(100);
    assertThat(target).isEqualTo(g.valueOf(11));
    // the next value into the same buffer, its bounds already right
    g.valueInto(12, target);
    assertThat(target.limit()).isEqualTo(100);
    assertThat(target).isEqualTo(g.valueOf(12));
  }

  @Test
  void valuesShorterThanTheirHashAndLongerThanTheBlockAreFilled() {
    assertThat(new ValueGenerator(3, 1).valueOf(7)).isEqualTo(new ValueGenerator(3, 1).valueOf(7));
    assertThat(new ValueGenerator(3, 1).valueOf(7)).isNotEqualTo(new ValueGenerator(3, 1).valueOf(8));
    int big = ValueGenerator.BLOCK_BYTES + 1000;
    ByteBuffer v = new ValueGenerator(big, 1).valueOf(5);
    assertThat(v.get(big - 1) | v.get(big - 2) | v.get(big - 3)).as("the tail is random bytes").isNotZero();
    assertThat(new ValueGenerator(0, 1).valueOf(5).remaining()).isZero();
  }

  @Test
  void everySingleByteErrorChangesTheEntryDigest() {
    EntryDigest digest = new EntryDigest();
    ByteBuffer value = new ValueGenerator(100, 1).valueOf(77);
    long good = digest.entry(77, value);
    for (int at = 0; at < 100; at++) {
      for (int bit = 0; bit < 8; bit++) {
        ByteBuffer bad = new ValueGenerator(100, 1).valueOf(77);
        bad.put(at, (byte) (bad.get(at) ^ (1 << bit)));
        assertThat(digest.entry(77, bad)).as("byte %d bit %d", at, bit).isNotEqualTo(good);
      }
    }
    assertThat(digest.entry(77, value)).as("digest leaves the buffer as it was").isEqualTo(good);
    assertThat(value.position()).isZero();
  }

  @Test
  void valuesSwappedBetweenKeysChangeTheTotal() {
    EntryDigest digest = new EntryDigest();
    ValueGenerator g = new ValueGenerator(100, 1);
    long right = digest.entry(1, g.valueOf(1)) + digest.entry(2, g.valueOf(2));
    long swapped = digest.entry(1, g.valueOf(2)) + digest.entry(2, g.valueOf(1));
    assertThat(swapped).isNotEqualTo(right);
  }
}
