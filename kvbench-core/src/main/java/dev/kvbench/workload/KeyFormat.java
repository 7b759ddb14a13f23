package dev.kvbench.workload;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * How a key index becomes key bytes: the one thing a key source must say. Every key of a run is a
 * pure function of its index 0..N-1, so any phase can ask for key i again and any read can be
 * checked against what was written under it. The built-in formats are the {@link KeyEncoding}
 * constants; implement this interface for your own (an order id, a composite key, a tenant prefix).
 *
 * <p>An implementation must be thread-safe (threaded phases share one instance) and allocate
 * nothing in {@link #encode}, which runs inside timed passes. A run with forked cells re-creates
 * the format in each cell's JVM from its class, so a format used there must be a public top-level
 * or static nested class with a public no-argument constructor; a lambda or anonymous class can
 * run in-process only ({@code forks(0)}), and kvbench says so before it starts.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface KeyFormat {

  /**
   * Short name in results, tables and cell ids, e.g. {@code order-id}: 1 to 64 letters, digits,
   * '.', '_' or '-', starting with a letter or digit ({@link FormatIds}); a run refuses another
   * before it starts.
   */
  String id();

  /**
   * Key length in bytes: every key's, or where lengths differ ({@link #fixedSize()} false) the
   * longest's, what key buffers are sized to.
   */
  int size();

  /**
   * Whether every key is {@link #size()} bytes. A format whose keys differ in length (YCSB's
   * names) returns false, and its {@link #encode} sets the target's limit to the key's end; a store
   * that needs one key size reports such cells unsupported.
   */
  default boolean fixedSize() {
    return true;
  }

  /** How many distinct keys the format can express (indexes 0..capacity-1). */
  default long capacity() {
    return Long.MAX_VALUE;
  }

  /**
   * Writes the key for {@code index} at offset 0 of {@code target}, which is big-endian and at
   * least {@link #size()} bytes; leaves position and limit alone, except that a format whose keys
   * differ in length sets the limit to its key's end. Distinct indexes must give distinct keys.
   */
  void encode(long index, ByteBuffer target);

  /**
   * True when the bytes between position and limit of {@code key} are the key for {@code index}.
   * Cursor passes call it for every entry to check the order: the default encodes into a fresh
   * buffer, so override it where a cursor phase's speed matters.
   */
  default boolean matches(long index, ByteBuffer key) {
    ByteBuffer expected = ByteBuffer.allocate(size());
    encode(index, expected);
    return key.remaining() == size() && key.equals(expected.clear());
  }

  /**
   * Whether keys sort in unsigned byte order as their indexes sort numerically: then a cursor yields
   * index i at position i, and writing indexes in ascending order appends. When false, kvbench sorts
   * the encoded keys once, untimed, to know what a cursor must yield (or uses {@link SortKeys}).
   */
  default boolean sortsByIndex() {
    return false;
  }

  /** A fresh direct, big-endian buffer holding the key for {@code index}; for tests and messages. */
  default ByteBuffer keyOf(long index) {
    ByteBuffer b = ByteBuffer.allocateDirect(size());
    encode(index, b);
    return b;
  }

  /**
   * Optional, for formats whose keys do not sort by index: a long per key whose signed order is the
   * key's place in unsigned byte order, and the way back, so the cursor order of N keys is one
   * sort of N longs rather than of N encoded keys.
   */
  interface SortKeys {

    /** A long whose signed order is key {@code index}'s place in the key order. */
    long sortKey(long index);

    /** The index whose {@link #sortKey} is {@code sortKey}. */
    long indexOfSortKey(long sortKey);
  }
}
