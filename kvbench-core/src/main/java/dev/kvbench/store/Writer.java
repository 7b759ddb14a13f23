package dev.kvbench.store;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * A write transaction or batch. The harness reuses the key and value buffers it passes: an
 * adapter must copy their bytes (or hand them to a store that copies) before {@code put} returns.
 * The buffers are direct, so an adapter may hand their address to native code (the LmdbJava
 * Agrona adapter does, and a heap buffer there crashes the JVM); whoever drives a store through
 * the SPI (the harness's phases, a trace replay, the library's custom operations) passes direct ones.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface Writer extends AutoCloseable {

  /** Puts the bytes between position and limit of {@code key} and {@code value}. */
  void put(ByteBuffer key, ByteBuffer value);

  /**
   * Puts the entries at positions {@code from} to {@code end - 1} of a write pass, in that order:
   * for each, {@code entries} fills {@code key} and {@code value} and the entry is put as {@link
   * #put} would. The harness's untimed puts between two sampled ones come here, with the same two
   * buffers every time. The default does exactly that; a store may override it to keep its views
   * of the two buffers across the run instead of looking at them again on every put (the LmdbJava
   * adapter does, as the anchor's loop keeps its own), but must put the same entries.
   */
  default void putAll(EntrySource entries, long from, long end, ByteBuffer key, ByteBuffer value) {
    for (long position = from; position < end; position++) {
      entries.fill(position, key, value);
      put(key, value);
    }
  }

  /**
   * Removes the entry under the bytes between position and limit of {@code key}, if there is one.
   *
   * @throws UnsupportedCapabilityException unless the store declares {@link WriteOperation#DELETE}
   */
  default void delete(ByteBuffer key) {
    throw new UnsupportedCapabilityException(getClass().getSimpleName(), "delete");
  }

  /**
   * Returns the value under {@code key} as this writer sees it, its own uncommitted writes
   * included, or null; the buffer is a read-only view valid until the next call on this writer.
   *
   * @throws UnsupportedCapabilityException unless the store declares {@link WriteOperation#GET_IN_WRITE}
   */
  default ByteBuffer get(ByteBuffer key) {
    throw new UnsupportedCapabilityException(getClass().getSimpleName(), "get inside a write");
  }

  /** Commits everything put since the last commit; the writer stays usable for the next batch. */
  void commit();

  /** Discards anything not committed and releases the transaction or batch. */
  @Override
  void close();

  /**
   * A fresh array with the bytes between position and limit, the buffer left as it was: the copy
   * an adapter must make for stores that keep the arrays they are given (MapDB, MVStore, Xodus,
   * the iq80 LevelDB port).
   */
  static byte[] copyOf(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(buffer.position(), bytes);
    return bytes;
  }
}
