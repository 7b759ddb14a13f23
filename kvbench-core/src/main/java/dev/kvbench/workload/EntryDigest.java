package dev.kvbench.workload;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The cheap checksum every read phase keeps of what it read. Each value's bytes go through
 * CRC32C (a CPU instruction on x86-64 and aarch64, about 10 ns per 100-byte value here; it
 * catches every single-byte error and every burst up to 32 bits), and the CRC is bound to the
 * key index it was read for with a non-linear mix, and the mixes are added. Addition makes the
 * total independent of visiting order, so one predicted total checks readKey in any order and
 * both cursor directions; the binding makes values swapped between keys visible.
 *
 * <p>One instance per pass: it holds a CRC32C, which is not thread-safe.
 */
public final class EntryDigest {

  private final CRC32C crc = new CRC32C();

  /** The contribution of one entry: {@code value} (position to limit) read for key {@code index}. */
  public long entry(long index, ByteBuffer value) {
    int position = value.position();
    crc.reset();
    crc.update(value);
    value.position(position);
    long bytes = crc.getValue() | ((long) (value.limit() - position) << 32);
    return ValueGenerator.mix64(bytes ^ (index * 0xD6E8_FEB8_6659_FD93L));
  }
}
