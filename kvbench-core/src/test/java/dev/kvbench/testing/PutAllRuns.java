package dev.kvbench.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.EntrySource;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;

/**
 * {@link Writer#putAll} as a write pass calls it: runs of positions of growing length, over the
 * same two buffers, with values of one length or of lengths that change from entry to entry; then
 * every entry is read back. Key i is the 4-byte big-endian i (ascending for {@link WriteOrder#ASCENDING}, a scrambled
 * order otherwise), so stores under LMDB's integerKey take them too.
 */
final class PutAllRuns {

  private PutAllRuns() {}

  static final int ENTRIES = 500;
  static final int MAX_VALUE = 300;

  /** Whether the values of a run share one length (every store takes those) or not (Chronicle Map refuses them). */
  enum ValueLengths { CONSTANT, VARYING }

  /** The key written at position {@code position}: position itself, or a scramble of it. */
  private static int keyAt(long position, WriteOrder order) {
    // 263 is prime to ENTRIES, so this visits every key once
    return (int) (order == WriteOrder.ASCENDING ? position : position * 263 % ENTRIES);
  }

  private static int lengthOf(int key, ValueLengths lengths) {
    return lengths == ValueLengths.CONSTANT ? MAX_VALUE : 1 + key * 7919 % MAX_VALUE;
  }

  private static byte byteOf(int key, int at) {
    return (byte) (key * 31 + at * 7);
  }

  static void writeInRunsAndReadBack(Session session, WriteOrder order, ValueLengths lengths) {
    EntrySource entries = (position, key, value) -> {
      int k = keyAt(position, order);
      key.putInt(0, k);
      value.clear();
      for (int at = 0; at < lengthOf(k, lengths); at++) {
        value.put(at, byteOf(k, at));
      }
      value.limit(lengthOf(k, lengths));
    };
    ByteBuffer key = ByteBuffer.allocateDirect(Integer.BYTES);
    ByteBuffer value = ByteBuffer.allocateDirect(MAX_VALUE);
    try (Writer w = session.beginWrite(order)) {
      long from = 0;
      for (int run = 1; from < ENTRIES; run *= 2) {
        long end = Math.min(ENTRIES, from + run);
        w.putAll(entries, from, end, key, value);
        from = end;
      }
      w.commit();
    }
    try (Reader r = session.beginRead()) {
      for (int k = 0; k < ENTRIES; k++) {
        ByteBuffer got = r.get(ByteBuffer.allocateDirect(Integer.BYTES).putInt(0, k));
        assertThat(got).as("key %d", k).isNotNull();
        byte[] expected = new byte[lengthOf(k, lengths)];
        for (int at = 0; at < expected.length; at++) {
          expected[at] = byteOf(k, at);
        }
        byte[] actual = new byte[got.remaining()];
        got.duplicate().get(actual);
        assertThat(actual).as("key %d", k).isEqualTo(expected);
      }
      assertThat(r.get(ByteBuffer.allocateDirect(Integer.BYTES).putInt(0, ENTRIES))).isNull();
    }
  }
}
