package dev.kvbench.store;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * A read transaction. Buffers it hands out are read-only views, valid until the next call on
 * this reader: zero-copy stores hand out their own memory, others a buffer they reuse, so no read
 * allocates a {@code byte[]}. The keys it is given are direct buffers, as {@link Writer}'s are.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface Reader extends AutoCloseable {

  /**
   * Returns the value stored under the bytes between position and limit of {@code key}, or null
   * when there is none. The caller may move the returned buffer's position.
   */
  ByteBuffer get(ByteBuffer key);

  /**
   * Looks up the keys at positions {@code from} to {@code end - 1} of a readKey pass, in that order:
   * for each, {@code lookups} fills {@code key}, and is told what {@link #get} would have found.
   * The harness's untimed gets between two sampled ones come here, with the same key buffer every
   * time. The default does exactly that; a store may override it to keep its view of the key buffer
   * across the run (the LmdbJava adapter does, as the anchor's loop keeps its own), but must look up
   * the same keys.
   */
  default void getAll(KeyLookups lookups, long from, long end, ByteBuffer key) {
    for (long position = from; position < end; position++) {
      lookups.fillKey(position, key);
      lookups.tally(position, get(key));
    }
  }

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

  /**
   * {@link #scanFrom(ByteBuffer, EntryVisitor)} in either direction: ascending from the first key at
   * or after {@code start}, or descending from the last key at or before it. Returns the number of
   * entries visited. The default does the ascending one and refuses the other; a store with a cursor
   * that can seek and step back overrides it.
   *
   * @throws UnsupportedCapabilityException when the store cannot scan that way from a key
   */
  default long scanFrom(ByteBuffer start, ScanDirection direction, EntryVisitor visitor) {
    if (direction == ScanDirection.FORWARD) {
      return scanFrom(start, visitor);
    }
    throw new UnsupportedCapabilityException(getClass().getSimpleName(), "a reverse scan from a key");
  }

  @Override
  void close();
}
