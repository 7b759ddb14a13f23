package dev.kvbench.workload.trace;

import java.nio.ByteBuffer;
import net.openhft.hashing.LongHashFunction;

/**
 * The values a replay writes: each made from its key, a version, and the recorded size and class,
 * so each version differs and repeats, and a check computes the few bytes it reads without making
 * the value ({@link #byteAt}). A value is {@code {size, class code, version}}.
 */
final class ReplayValues {

  private final LongHashFunction hash = LongHashFunction.xx3(0x7A11);
  private ByteBuffer valueBuffer = ByteBuffer.allocateDirect(1024);

  /** The value of {@code value} in the replay's direct value buffer; valid until the next call. */
  ByteBuffer of(TracePlan.Key key, long[] value) {
    int size = (int) value[0];
    if (valueBuffer.capacity() < size) {
      valueBuffer = ByteBuffer.allocateDirect(Math.max(size, 2 * valueBuffer.capacity()));
    }
    ValueClass c = ValueClass.ofCode((int) value[1]);
    long seed = seedOf(key, value);
    ByteBuffer b = valueBuffer.clear();
    for (int word = 0; word * 8 < size; word++) {
      long x = word(seed, c, word);
      for (int i = word * 8; i < Math.min(size, word * 8 + 8); i++) {
        b.put(asClass(c, (byte) (x >>> ((i & 7) << 3))));
      }
    }
    return b.flip();
  }

  /**
   * Whether {@code found} holds the value {@code value} under {@code key}: its size, and its first,
   * middle and last bytes, each computed on its own (a stale or foreign value differs there).
   */
  boolean holds(TracePlan.Key key, long[] value, ByteBuffer found) {
    int n = (int) value[0];
    if (found.remaining() != n) {
      return false;
    }
    long seed = seedOf(key, value);
    ValueClass c = ValueClass.ofCode((int) value[1]);
    for (int i : new int[] {0, n / 2, n - 1}) {
      if (n > 0 && found.get(found.position() + i) != byteAt(seed, c, i)) {
        return false;
      }
    }
    return true;
  }

  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  /** What a value's bytes are made from: its key and version, so each version differs and repeats. */
  long seedOf(TracePlan.Key key, long[] value) {
    return hash.hashBytes(key.bytes()) ^ (value[2] * GOLDEN);
  }

  /**
   * Byte {@code i} of a value of class {@code c} made from {@code seed} ({@link #seedOf}): byte i
   * of the i / 8th word of a counter-based generator, so a check computes the bytes it reads and no others.
   */
  static byte byteAt(long seed, ValueClass c, int i) {
    return asClass(c, (byte) (word(seed, c, i >>> 3) >>> ((i & 7) << 3)));
  }

  /** Word {@code w} of a value: bytes 8w to 8w + 7, the lowest first. */
  private static long word(long seed, ValueClass c, int w) {
    return c == ValueClass.CONSTANT ? 0 : mix(seed + w * GOLDEN);
  }

  private static byte asClass(ValueClass c, byte raw) {
    return switch (c) {
      case CONSTANT -> 0;
      case RANDOM -> raw;
      case COMPRESSIBLE -> (byte) ('a' + (raw & 15));
    };
  }

  /** SplitMix64's finaliser: every bit of the counter reaches every bit of the word (the mixgraph generator's scramble too). */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
