package dev.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KeyEncodingTest {

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  @Test
  void strKeysAreSixteenZeroPaddedDigits() {
    SplittableRandom r = new SplittableRandom(1);
    long[] fixed = {0, 1, 9, 10, 99, 100, 9_999, 10_000, 99_999_999, 100_000_000, 123_456_789_012L,
        9_999_999_999_999_999L};
    for (long v : fixed) {
      assertThat(new String(bytes(KeyEncoding.STR.keyOf(v)), StandardCharsets.US_ASCII))
          .isEqualTo(String.format("%016d", v));
    }
    for (int i = 0; i < 200_000; i++) {
      // half below 10^8 (the encoder's fast path), half anywhere
      long v = r.nextLong(i % 2 == 0 ? 100_000_000L : KeyEncoding.STR.capacity());
      assertThat(new String(bytes(KeyEncoding.STR.keyOf(v)), StandardCharsets.US_ASCII))
          .isEqualTo(String.format("%016d", v));
    }
  }

  @Test
  void eightDigitsIsExactForEveryValueBelowTenToTheEighth() {
    // an odometer of ASCII digits, most significant in the highest byte, stepped once per value:
    // the multiply-shift division in eightDigits must agree with it everywhere, not just on samples
    long expected = KeyEncoding.EIGHT_ZEROS;
    for (long v = 0; v < 100_000_000L; v++) {
      if (KeyEncoding.eightDigits(v) != expected) {
        assertThat(Long.toHexString(KeyEncoding.eightDigits(v))).as("digits of %d", v)
            .isEqualTo(Long.toHexString(expected));
      }
      expected = nextDigits(expected);
    }
  }

  private static long nextDigits(long digits) {
    for (int shift = 0; shift < 64; shift += 8) {
      long digit = (digits >>> shift) & 0xFF;
      if (digit != '9') {
        return digits + (1L << shift);
      }
      digits -= (long) ('9' - '0') << shift; // this digit wraps to '0' and carries
    }
    return digits;
  }

  @Test
  void intKeysAreFourBytesBigEndian() {
    assertThat(bytes(KeyEncoding.INT.keyOf(0x01020304))).containsExactly(1, 2, 3, 4);
    assertThat(bytes(KeyEncoding.INT.keyOf(0xFFFF_FFFFL))).containsExactly(-1, -1, -1, -1);
  }

  @Test
  void byteOrderIsNumericOrderForEveryEncodingThatSaysSo() {
    SplittableRandom r = new SplittableRandom(2);
    for (KeyEncoding e : KeyEncoding.values()) {
      if (!e.sortsByIndex()) {
        continue; // uuid4: its sort key's order, tested below
      }
      for (int i = 0; i < 20_000; i++) {
        long a = r.nextLong(Math.min(e.capacity(), 1L << 40));
        long b = r.nextLong(Math.min(e.capacity(), 1L << 40));
        assertThat(Integer.signum(Arrays.compareUnsigned(bytes(e.keyOf(a)), bytes(e.keyOf(b)))))
            .as("%s %d vs %d", e, a, b).isEqualTo(Long.signum(a - b));
      }
    }
  }

  @Test
  void matchesRecognisesItsOwnKeyInAnyBufferOrder() {
    for (KeyEncoding e : KeyEncoding.values()) {
      ByteBuffer key = e.keyOf(12345);
      assertThat(e.matches(12345, key)).isTrue();
      assertThat(e.matches(12346, key)).isFalse();
      ByteBuffer little = ByteBuffer.wrap(bytes(key)).order(ByteOrder.LITTLE_ENDIAN);
      assertThat(e.matches(12345, little)).isTrue();
      ByteBuffer shorter = ByteBuffer.wrap(Arrays.copyOf(bytes(key), e.size() - 1));
      assertThat(e.matches(12345, shorter)).isFalse();
    }
  }

  private static java.util.UUID uuid(KeyEncoding e, long index) {
    ByteBuffer b = e.keyOf(index);
    return new java.util.UUID(b.getLong(0), b.getLong(8));
  }

  @Test
  void uuidKeysAreRfc9562UuidsOfTheirVersionAndVariant() {
    SplittableRandom r = new SplittableRandom(2);
    for (int i = 0; i < 10_000; i++) {
      long v4 = r.nextLong(KeyEncoding.UUID4.capacity());
      long v7 = r.nextLong(KeyEncoding.UUID7.capacity());
      assertThat(uuid(KeyEncoding.UUID4, v4).version()).isEqualTo(4);
      assertThat(uuid(KeyEncoding.UUID4, v4).variant()).isEqualTo(2);
      assertThat(uuid(KeyEncoding.UUID7, v7).version()).isEqualTo(7);
      assertThat(uuid(KeyEncoding.UUID7, v7).variant()).isEqualTo(2);
      assertThat(KeyEncoding.UUID4.matches(v4, KeyEncoding.UUID4.keyOf(v4))).isTrue();
      assertThat(KeyEncoding.UUID4.matches(v4 ^ 1, KeyEncoding.UUID4.keyOf(v4))).isFalse();
      assertThat(KeyEncoding.UUID7.matches(v7, KeyEncoding.UUID7.keyOf(v7))).isTrue();
      assertThat(KeyEncoding.UUID7.matches(v7 ^ 1, KeyEncoding.UUID7.keyOf(v7))).isFalse();
    }
    // uuid7's timestamp: the epoch, then one millisecond per 4,096 keys
    assertThat(uuid(KeyEncoding.UUID7, 4096 * 5 + 7).getMostSignificantBits() >>> 16)
        .isEqualTo(Uuids.V7_EPOCH_MILLIS + 5);
  }

  @Test
  void uuid7SortsByIndexAndUuid4DoesNotButItsSortKeyGivesTheIndexBack() {
    SplittableRandom r = new SplittableRandom(3);
    int uuid4Ascending = 0;
    for (int i = 0; i < 20_000; i++) {
      long a = i < 10_000 ? i : r.nextLong(1L << 40);
      long b = i < 10_000 ? i + 1 : r.nextLong(1L << 40);
      int keyOrder7 = Arrays.compareUnsigned(bytes(KeyEncoding.UUID7.keyOf(a)), bytes(KeyEncoding.UUID7.keyOf(b)));
      assertThat(Integer.signum(keyOrder7)).isEqualTo(Long.signum(a - b));
      int keyOrder4 = Arrays.compareUnsigned(bytes(KeyEncoding.UUID4.keyOf(a)), bytes(KeyEncoding.UUID4.keyOf(b)));
      // the sort key's signed order is the key's byte order
      assertThat(Integer.signum(keyOrder4))
          .isEqualTo(Integer.signum(Long.compare(KeyEncoding.UUID4.sortKey(a), KeyEncoding.UUID4.sortKey(b))));
      assertThat(KeyEncoding.UUID4.indexOfSortKey(KeyEncoding.UUID4.sortKey(a))).isEqualTo(a);
      if (i < 10_000 && keyOrder4 < 0) {
        uuid4Ascending++;
      }
    }
    // consecutive uuid4 indexes go up in key order about half the time: a random order
    assertThat(uuid4Ascending).isBetween(4_700, 5_300);
    assertThat(KeyEncoding.UUID7.sortsByIndex()).isTrue();
    assertThat(KeyEncoding.UUID4.sortsByIndex()).isFalse();
  }

  @Test
  void uuid4KeysOfAMillionIndexesAreDistinct() {
    long[] sortKeys = new long[1_000_000];
    for (int i = 0; i < sortKeys.length; i++) {
      sortKeys[i] = KeyEncoding.UUID4.sortKey(i);
    }
    Arrays.sort(sortKeys);
    for (int i = 1; i < sortKeys.length; i++) {
      assertThat(sortKeys[i]).isNotEqualTo(sortKeys[i - 1]);
    }
  }
}
