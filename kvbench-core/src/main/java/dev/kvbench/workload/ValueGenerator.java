package dev.kvbench.workload;

import java.nio.ByteBuffer;

/**
 * Fixed-size values whose bytes are a function of (seed, key index), so any value read back can
 * be recomputed and checked, cheap enough to generate inside a timed write pass.
 *
 * <p>Each value is a slice of one block of SplitMix64 output ({@link #BLOCK_BYTES} plus the value
 * size, whatever the number of keys) starting at {@code index * size} modulo the block size, with
 * its first eight bytes replaced by a hash of the index. The hash is a bijection of the index, so
 * values are distinct per key. Keys sort by index, so the values a store keeps side by side are
 * consecutive slices that do not overlap for {@code BLOCK_BYTES / size} keys: a compressor gains
 * nothing within any window up to 256 KiB (stores compress 4 to 64 KiB blocks). The anchor's
 * random values are consecutive slices of a 1 MiB random block too. Filling a 100-byte value is
 * one hash and one copy from a block that stays in the L2 cache: 6 to 10 ns here where computing
 * every word took 25.
 */
public final class ValueGenerator {

  /** Bytes of the random block that offsets range over. */
  public static final int BLOCK_BYTES = 1 << 18;

  private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

  private final int size;
  private final long seedMix;
  private final byte[] block;

  public ValueGenerator(int size, long seed) {
    if (size < 0 || size > Integer.MAX_VALUE - BLOCK_BYTES - 8) {
      throw new IllegalArgumentException(
          "value size must be between 0 and " + (Integer.MAX_VALUE - BLOCK_BYTES - 8) + ": " + size);
    }
    this.size = size;
    this.seedMix = mix64(seed ^ 0x6A09_E667_F3BC_C908L);
    // a stream of its own: from seedMix itself, the block's words would be the very hashes that
    // head the values, and a compressor would find them twice
    this.block = randomBlock(BLOCK_BYTES + size, mix64(seedMix ^ 0xBB67_AE85_84CA_A73BL));
  }

  private static byte[] randomBlock(int length, long seed) {
    byte[] bytes = new byte[length];
    ByteBuffer b = ByteBuffer.wrap(bytes);
    long state = seed;
    while (b.hasRemaining()) {
      state += GOLDEN;
      long word = mix64(state);
      for (int shift = 56; shift >= 0 && b.hasRemaining(); shift -= 8) {
        b.put((byte) (word >>> shift));
      }
    }
    return bytes;
  }

  public int size() {
    return size;
  }

  /** Writes the value of {@code index} at offsets 0..size-1 of {@code target} (big-endian). */
  public void fill(long index, ByteBuffer target) {
    // mix64 is a bijection and so is seedMix + index * GOLDEN (GOLDEN is odd): one hash per index
    long hash = mix64(seedMix + index * GOLDEN);
    int offset = (int) (index * size & (BLOCK_BYTES - 1));
    target.put(0, block, offset, size);
    if (size >= Long.BYTES) {
      target.putLong(0, hash);
    } else {
      for (int at = 0, shift = 56; at < size; at++, shift -= 8) {
        target.put(at, (byte) (hash >>> shift));
      }
    }
  }

  /** A fresh direct buffer holding the value of {@code index}; for tests and diagnostics. */
  public ByteBuffer valueOf(long index) {
    ByteBuffer b = ByteBuffer.allocateDirect(size);
    fill(index, b);
    return b;
  }

  /** Stafford's variant 13 finaliser, as in SplitMix64. */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
    return z ^ (z >>> 31);
  }
}
