package dev.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
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
