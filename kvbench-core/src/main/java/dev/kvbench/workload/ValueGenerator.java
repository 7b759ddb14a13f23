package dev.kvbench.workload;

import java.nio.ByteBuffer;

/**
 * Fixed-size values whose bytes are a function of (seed, key index), so any value read back can
 * be recomputed and checked. The bytes are SplitMix64 output: incompressible, like the seeds'
 * random values, so stores with compression on gain nothing from it.
 */
public final class ValueGenerator {

  private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

  private final int size;
  private final long seedMix;

  public ValueGenerator(int size, long seed) {
    if (size < 0) {
      throw new IllegalArgumentException("value size must be >= 0: " + size);
    }
    this.size = size;
    this.seedMix = mix64(seed ^ 0x6A09_E667_F3BC_C908L);
  }

  public int size() {
    return size;
  }

  /** Writes the value of {@code index} at offsets 0..size-1 of {@code target} (big-endian). */
  public void fill(long index, ByteBuffer target) {
    long state = mix64(seedMix + index * GOLDEN);
    int words = size >>> 3;
    int at = 0;
    for (int w = 0; w < words; w++, at += 8) {
      state += GOLDEN;
      target.putLong(at, mix64(state));
    }
    if (at < size) {
      long last = mix64(state + GOLDEN);
      for (int shift = 56; at < size; at++, shift -= 8) {
        target.put(at, (byte) (last >>> shift));
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
