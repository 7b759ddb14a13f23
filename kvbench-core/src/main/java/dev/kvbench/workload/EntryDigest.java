package dev.kvbench.workload;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The cheap checksum every read phase keeps of what it read. Each value is folded into a word
 * sum in which every byte counts (a single wrong byte always changes it), then bound to the key
 * index it was read for with a non-linear mix, and the mixes are added. Addition makes the total
 * independent of visiting order, so one predicted total checks readKey in any order and both
 * cursor directions; the binding makes swapped values between keys visible.
 *
 * <p>It touches every value byte once with 8-byte loads: a few nanoseconds per 100-byte value,
 * small next to a store's read, so the timed pass stays close to what the store costs.
 */
public final class EntryDigest {

  private EntryDigest() {}

  /** The contribution of one entry: {@code value} (position to limit) read for key {@code index}. */
  public static long entry(long index, ByteBuffer value) {
    return ValueGenerator.mix64(valueWords(value) ^ (index * 0xD6E8_FEB8_6659_FD93L));
  }

  /** Word sum of the bytes between position and limit, read big-endian whatever the order. */
  static long valueWords(ByteBuffer value) {
    int from = value.position();
    int length = value.limit() - from;
    boolean swap = value.order() != ByteOrder.BIG_ENDIAN;
    long sum = length * 0x9E37_79B9_7F4A_7C15L;
    int at = from;
    int end = from + (length & ~7);
    int rotation = 0;
    for (; at < end; at += 8, rotation++) {
      long w = value.getLong(at);
      sum += Long.rotateLeft(swap ? Long.reverseBytes(w) : w, rotation);
    }
    long tail = 0;
    for (int limit = value.limit(); at < limit; at++) {
      tail = (tail << 8) | (value.get(at) & 0xFF);
    }
    return sum + Long.rotateLeft(tail, rotation) * 0xC2B2_AE3D_27D4_EB4FL;
  }
}
