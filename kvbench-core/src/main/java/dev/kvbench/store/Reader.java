package dev.kvbench.store;

import java.nio.ByteBuffer;

/**
 * A read transaction. Buffers it hands out are read-only views, valid until the next call on
 * this reader: zero-copy stores hand out their own memory, others a buffer they reuse, so no read
 * allocates a {@code byte[]}.
 */
public interface Reader extends AutoCloseable {

  /**
   * Returns the value stored under the bytes between position and limit of {@code key}, or null
   * when there is none. The caller may move the returned buffer's position.
   */
  ByteBuffer get(ByteBuffer key);

  /**
   * Visits every entry in key order (unsigned bytes), ascending or descending, until the visitor
   * returns false. Returns the number of entries visited.
   *
   * @throws UnsupportedCapabilityException when the store does not declare that direction
   */
  long scan(ScanDirection direction, EntryVisitor visitor);

  /**
   * Visits entries in ascending key order (unsigned bytes) from the first key at or after the bytes
   * between position and limit of {@code start}, until the visitor returns false or the keys end:
   * a range scan, as YCSB's scan operation makes. Returns the number of entries visited. Every
   * store with an ordered scan ({@link Capabilities#orderedScan()}) can start one at a key.
   *
   * @throws UnsupportedCapabilityException when the store has no ordered scan
   */
  default long scanFrom(ByteBuffer start, EntryVisitor visitor) {
    throw new UnsupportedCapabilityException(getClass().getSimpleName(), "a scan from a key");
  }

  @Override
  void close();
}
