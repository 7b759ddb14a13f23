package dev.kvbench.run;

import dev.kvbench.workload.KeyFormat;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Which key index a cursor sees at each position of a full forward pass over keys 0..N-1: index
 * i at position i where keys sort by index; otherwise the keys' order worked out once, untimed:
 * from N sort keys (8 bytes a key) where the format gives them (uuid4), else by sorting the N
 * encoded keys themselves (a custom format's).
 */
final class KeyRanks {

  private final KeyFormat encoding;
  private final long count;
  // where keys sort by index: null; with sort keys: the sorted sort keys; else the sorted indexes
  private final long[] sorted;
  private final KeyFormat.SortKeys sortKeys;

  KeyRanks(KeyFormat encoding, long count) {
    this.encoding = encoding;
    this.count = count;
    this.sortKeys = encoding instanceof KeyFormat.SortKeys s ? s : null;
    if (encoding.sortsByIndex()) {
      sorted = null;
      return;
    }
    if (count > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(encoding.id() + " keys: verifying a cursor pass over " + count
          + " keys needs their order in one array, which holds at most " + (Integer.MAX_VALUE - 8)
          + "; use fewer entries (matrix.entries) or keys that sort by index");
    }
    sorted = sortKeys != null ? sortedSortKeys(sortKeys, (int) count) : indexesInKeyOrder(encoding, (int) count);
  }

  private static long[] sortedSortKeys(KeyFormat.SortKeys sortKeys, int count) {
    long[] keys = new long[count];
    for (int i = 0; i < count; i++) {
      keys[i] = sortKeys.sortKey(i);
    }
    Arrays.parallelSort(keys);
    return keys;
  }

  /** The indexes sorted by their keys' unsigned bytes: one array of every key, for a format with no sort keys. */
  private static long[] indexesInKeyOrder(KeyFormat format, int count) {
    int size = format.size();
    byte[] all = new byte[Math.multiplyExact(count, size)];
    ByteBuffer key = ByteBuffer.allocate(size);
    Integer[] order = new Integer[count];
    for (int i = 0; i < count; i++) {
      // zeros after a shorter key sort it before the longer keys it prefixes, as byte order does
      Arrays.fill(key.array(), (byte) 0);
      key.clear();
      format.encode(i, key);
      System.arraycopy(key.array(), 0, all, i * size, size);
      order[i] = i;
    }
    Arrays.parallelSort(order, (a, b) -> Arrays.compareUnsigned(all, a * size, a * size + size,
        all, b * size, b * size + size));
    long[] indexes = new long[count];
    for (int i = 0; i < count; i++) {
      indexes[i] = order[i];
    }
    return indexes;
  }

  KeyFormat encoding() {
    return encoding;
  }

  long count() {
    return count;
  }

  /** The index of the key at {@code rank} (0-based) of the forward key order. */
  long indexAt(long rank) {
    if (sorted == null) {
      return rank;
    }
    long at = sorted[(int) rank];
    return sortKeys != null ? sortKeys.indexOfSortKey(at) : at;
  }
}
