package dev.kvbench.run;

import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * Finds the first bad entry once a pass's checksum disagrees. Untimed and thorough: every byte
 * is compared with the generator's, so the message can name the key and the byte.
 */
final class Diagnosis {

  private Diagnosis() {}

  /** First key, in the pass's order, whose get is missing or differs; null when all match. */
  static String firstBadGet(Reader reader, KeySpace keySpace, ValueSource values) {
    KeyFormat encoding = keySpace.encoding();
    ByteBuffer key = ByteBuffer.allocateDirect(encoding.size());
    ByteBuffer expected = ByteBuffer.allocateDirect(values.size());
    for (long pos = 0; pos < keySpace.count(); pos++) {
      long index = keySpace.indexAt(pos);
      encoding.encode(index, key);
      ByteBuffer value = reader.get(key);
      if (value == null) {
        return "key " + describe(encoding, index) + " (position " + pos + ") not found";
      }
      values.valueInto(index, expected);
      String diff = difference(expected, value);
      if (diff != null) {
        return "key " + describe(encoding, index) + " (position " + pos + "): " + diff;
      }
    }
    return null;
  }

  /** First entry of a cursor pass that is out of place or differs; null when all match. */
  static String firstBadScan(
      Reader reader, ScanDirection direction, KeyRanks ranks, ValueSource values, long entries) {
    KeyFormat encoding = ranks.encoding();
    ByteBuffer expected = ByteBuffer.allocateDirect(values.size());
    String[] problem = new String[1];
    long[] seen = new long[1];
    reader.scan(
        direction,
        (key, value) -> {
          long i = seen[0]++;
          long rank = direction == ScanDirection.FORWARD ? i : entries - 1 - i;
          if (rank < 0 || rank >= entries) {
            problem[0] = "cursor returned more than " + entries + " entries; extra key " + hex(key);
            return false;
          }
          long index = ranks.indexAt(rank);
          if (!encoding.matches(index, key)) {
            problem[0] =
                "entry " + i + " of the " + direction.name().toLowerCase() + " pass should be key "
                    + describe(encoding, index) + " but is " + hex(key);
            return false;
          }
          values.valueInto(index, expected);
          String diff = difference(expected, value);
          if (diff != null) {
            problem[0] = "key " + describe(encoding, index) + ": " + diff;
            return false;
          }
          return true;
        });
    if (problem[0] == null && seen[0] != entries) {
      long nextIndex = ranks.indexAt(direction == ScanDirection.FORWARD ? seen[0] : entries - 1 - seen[0]);
      problem[0] =
          "cursor ended after " + seen[0] + " of " + entries + " entries; first missing key "
              + describe(encoding, nextIndex);
    }
    return problem[0];
  }

  static String describe(KeyFormat encoding, long index) {
    return "index " + index + " (" + hex(encoding.keyOf(index)) + ")";
  }

  static String difference(ByteBuffer expected, ByteBuffer actual) {
    int length = actual.remaining();
    if (length != expected.remaining()) {
      return "value is " + length + " bytes, expected " + expected.remaining();
    }
    int a = actual.position();
    for (int i = 0; i < length; i++) {
      byte want = expected.get(i);
      byte got = actual.get(a + i);
      if (want != got) {
        return String.format(
            "value differs at byte %d: expected 0x%02x, read 0x%02x", i, want & 0xFF, got & 0xFF);
      }
    }
    return null;
  }

  static String hex(ByteBuffer b) {
    byte[] bytes = new byte[Math.min(b.remaining(), 32)];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = b.get(b.position() + i);
    }
    return "0x" + HexFormat.of().formatHex(bytes) + (b.remaining() > 32 ? "..." : "");
  }
}
