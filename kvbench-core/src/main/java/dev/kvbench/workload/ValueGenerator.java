package dev.kvbench.workload;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * Fixed-size values whose bytes are a function of (seed, key index), so any value read back can
 * be recomputed and checked, cheap enough to generate inside a timed write pass.
 *
 * <p>Each value is a slice of one block of SplitMix64 output ({@link #BLOCK_BYTES} plus the value
 * size, whatever the number of keys) starting at {@code index * size} modulo the block size, with
 * its first eight bytes replaced by a head made from the index. The head is a bijection of the
 * index, so values are distinct per key. Keys sort by index, so the values a store keeps side by
 * side are consecutive slices that do not overlap for {@code BLOCK_BYTES / size} keys: a compressor gains
 * nothing within any window up to 256 KiB (stores compress 4 to 64 KiB blocks). The anchor's
 * random values are consecutive slices of a 1 MiB random block too. Filling a 100-byte value is
 * one multiply and one copy from a block that stays in the L2 cache: about 5 ns here, where
 * computing every word took 25.
 *
 * <p>That is the default {@link ValueContent#RANDOM} content; with {@link ValueContent#ZEROS} the
 * block is zeros and with {@link ValueContent#compressible} it is db_bench's compressible pieces,
 * so only the head is random.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class ValueGenerator implements ValueSource {

  /** Bytes of the random block that offsets range over. */
  public static final int BLOCK_BYTES = 1 << 18;

  /** The largest value kvbench generates: every value is a slice of one Java array of this plus a block. */
  public static final int MAX_VALUE_SIZE = Integer.MAX_VALUE - BLOCK_BYTES - 8;

  private static final long GOLDEN = 0x9E37_79B9_7F4A_7C15L;

  private final int size;
  private final long seedMix;
  private final ValueContent content;
  private final byte[] block;

  /** Random values, kvbench's default content. */
  public ValueGenerator(int size, long seed) {
    this(size, seed, ValueContent.RANDOM);
  }

  /**
   * Values of {@code content}: the block that values are sliced from is random bytes, zeros, or
   * db_bench's compressible pieces; the 8-byte head that identifies each value is the same.
   */
  public ValueGenerator(int size, long seed, ValueContent content) {
    if (size < 0 || size > MAX_VALUE_SIZE) {
      throw new IllegalArgumentException("value size must be between 0 and " + MAX_VALUE_SIZE + ": " + size);
    }
    this.size = size;
    this.seedMix = mix64(seed ^ 0x6A09_E667_F3BC_C908L);
    // a stream of its own, apart from the values' heads, so no word of the block repeats a head
    long blockSeed = mix64(seedMix ^ 0xBB67_AE85_84CA_A73BL);
    this.content = content;
    this.block = switch (content.kind()) {
      case RANDOM -> randomBlock(BLOCK_BYTES + size, blockSeed);
      case ZEROS -> new byte[BLOCK_BYTES + size];
      case COMPRESSIBLE -> compressibleBlock(BLOCK_BYTES + size, content.rawBytesPerPiece(), blockSeed);
    };
  }

  /**
   * db_bench's RandomGenerator: 100-byte pieces, each {@code raw} random printable characters
   * (' ' to '~') repeated to fill it, one after the other.
   */
  private static byte[] compressibleBlock(int length, int raw, long seed) {
    byte[] bytes = new byte[length];
    long state = seed;
    for (int piece = 0; piece < length; piece += ValueContent.PIECE_BYTES) {
      int end = Math.min(length, piece + ValueContent.PIECE_BYTES);
      for (int at = piece; at < Math.min(end, piece + raw); at++) {
        state += GOLDEN;
        bytes[at] = (byte) (' ' + Long.remainderUnsigned(mix64(state), 95));
      }
      for (int at = piece + raw; at < end; at++) {
        bytes[at] = bytes[at - raw];
      }
    }
    return bytes;
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

  @Override
  public int size() {
    return size;
  }

  public ValueContent content() {
    return content;
  }

  /** Writes the value of {@code index} at offsets 0..size-1 of {@code target} (big-endian). */
  @Override
  public void fill(long index, ByteBuffer target) {
    // a bijection of the index (GOLDEN is odd), one multiply: every byte of neighbouring heads
    // differs (no byte of GOLDEN is 0x00 or 0xFF), so a compressor finds no run to reuse, and a
    // hash of it (mix64) would cost a nanosecond of every timed put
    long head = seedMix + index * GOLDEN;
    int offset = (int) (index * size & (BLOCK_BYTES - 1));
    // the whole slice, then the head over its first bytes: writing the head first and copying
    // the rest after it gave the same bytes and cost the null store's write 0.7 ns more here
    target.put(0, block, offset, size);
    if (size >= Long.BYTES) {
      target.putLong(0, head);
    } else {
      for (int at = 0, shift = 56; at < size; at++, shift -= 8) {
        target.put(at, (byte) (head >>> shift));
      }
    }
  }

  /**
   * As {@link ValueSource#valueInto}: every value has the same length, so a buffer already at
   * position 0 with its limit at the length keeps them, and a write pass's buffer is set once.
   */
  @Override
  public ByteBuffer valueInto(long index, ByteBuffer target) {
    if (target.position() != 0 || target.limit() != size) {
      target.clear().limit(size);
    }
    fill(index, target);
    return target;
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
