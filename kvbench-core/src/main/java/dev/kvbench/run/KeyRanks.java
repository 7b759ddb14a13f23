package dev.kvbench.run;

import dev.kvbench.workload.KeyEncoding;
import java.util.Arrays;

/**
 * Which key index a cursor sees at each position of a full forward pass over keys 0..N-1: index
 * i at position i where keys sort by index; for keys that do not (uuid4), the N sort keys sorted
 * once, untimed, 8 bytes a key.
 */
final class KeyRanks {

  private final KeyEncoding encoding;
  private final long count;
  // null where keys sort by index
  private final long[] sortedKeys;

  KeyRanks(KeyEncoding encoding, long count) {
    this.encoding = encoding;
    this.count = count;
    if (encoding.sortsByIndex()) {
      sortedKeys = null;
    } else {
      if (count > Integer.MAX_VALUE - 8) {
        throw new IllegalArgumentException(encoding.id() + " keys: verifying a cursor pass over " + count
            + " keys needs their order in one array, which holds at most " + (Integer.MAX_VALUE - 8)
            + "; use fewer --entries or uuid7 keys");
      }
      sortedKeys = new long[(int) count];
      for (int i = 0; i < sortedKeys.length; i++) {
        sortedKeys[i] = encoding.sortKey(i);
      }
      Arrays.parallelSort(sortedKeys);
    }
  }

  KeyEncoding encoding() {
    return encoding;
  }

  long count() {
    return count;
  }

  /** The index of the key at {@code rank} (0-based) of the forward key order. */
  long indexAt(long rank) {
    return sortedKeys == null ? rank : encoding.indexOfSortKey(sortedKeys[(int) rank]);
  }
}
