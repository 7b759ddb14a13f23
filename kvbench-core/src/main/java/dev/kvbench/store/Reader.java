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

  @Override
  void close();
}
