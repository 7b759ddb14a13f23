package dev.kvbench.workload;

/**
 * The bits of the UUID keys (RFC 9562): index to UUID and back, without a random generator, so
 * every read can be verified and every run writes the same keys.
 *
 * <p>Version 4: the 60 bits around the version nibble of the high half are a keyed bijection of
 * the index (xor-shift and multiply steps, each invertible on 60 bits), so the keys land in an
 * order that looks random and a key's high half alone gives back its index; the low half is
 * another mix of the index. Version 7: a 48-bit millisecond timestamp from {@link #V7_EPOCH_MILLIS}
 * and a 12-bit counter in rand_a (RFC 9562 section 6.2, method 1), as a generator minting 4,096
 * keys a millisecond would: ordered by index, random in the low half.
 */
final class Uuids {

  private Uuids() {}

  /** 2026-01-01T00:00:00Z: where the version-7 keys' clock starts. */
  static final long V7_EPOCH_MILLIS = 1_767_225_600_000L;

  /** Version-7 indexes: a 48-bit timestamp from the epoch, 4,096 per millisecond. */
  static final long V7_CAPACITY = ((1L << 48) - V7_EPOCH_MILLIS) << 12;

  /** Version-4 indexes: the 60-bit bijection's domain. */
  static final long V4_CAPACITY = 1L << 60;

  private static final long MASK60 = (1L << 60) - 1;
  private static final long M1 = 0x9E37_79B9_7F4A_7C15L & MASK60 | 1;
  private static final long M2 = 0xBF58_476D_1CE4_E5B9L & MASK60 | 1;
  private static final long M1_INVERSE = inverse(M1);
  private static final long M2_INVERSE = inverse(M2);
  private static final long VARIANT = 0x8000_0000_0000_0000L;
  private static final long VARIANT_MASK = 0x3FFF_FFFF_FFFF_FFFFL;

  /** Multiplicative inverse of an odd number modulo 2^60 (Newton's iteration, 6 doublings). */
  private static long inverse(long odd) {
    long x = odd;
    for (int i = 0; i < 6; i++) {
      x *= 2 - odd * x;
    }
    return x & MASK60;
  }

  /** A bijection on [0, 2^60): every shift is at least half the width, so one step undoes it. */
  static long scramble(long v) {
    v ^= v >>> 30;
    v = (v * M1) & MASK60;
    v ^= v >>> 31;
    v = (v * M2) & MASK60;
    return v ^ (v >>> 30);
  }

  static long unscramble(long v) {
    v ^= v >>> 30;
    v = (v * M2_INVERSE) & MASK60;
    v ^= v >>> 31;
    v = (v * M1_INVERSE) & MASK60;
    return v ^ (v >>> 30);
  }

  /**
   * The low half of either version's key: the variant bits and 62 random-looking bits
   * (SplitMix64's finaliser of the index).
   */
  static long low(long index) {
    return VARIANT | (ValueGenerator.mix64(index + 0x9E37_79B9_7F4A_7C15L) & VARIANT_MASK);
  }

  static long v4High(long index) {
    long v = scramble(index);
    return ((v >>> 12) << 16) | (0x4L << 12) | (v & 0xFFF);
  }

  /** The index of a version-4 key from its high half. */
  static long v4Index(long high) {
    return unscramble(((high >>> 16) << 12) | (high & 0xFFF));
  }

  static long v7High(long index) {
    long millis = V7_EPOCH_MILLIS + (index >>> 12);
    return (millis << 16) | (0x7L << 12) | (index & 0xFFF);
  }
}
