package dev.kvbench.workload.trace;

import dev.kvbench.store.ScanDirection;

/**
 * Reads an operation straight from a {@link TraceInput}'s buffer where it lies whole there and
 * every field is plainly in range; else reads nothing, for {@link TraceReader}'s checked path to
 * read it and name what is wrong (the checks per field, each with its offset, were a third of a
 * replay's time).
 */
final class InPlaceRecords {

  private InPlaceRecords() {}

  /** Bytes an operation's fields other than its key take at most (a code, then varints and a byte). */
  private static final int MOST_FIELD_BYTES = 1 + 10 + 10 + 10 + 1 + 10;

  /** Reads the next operation from {@code in}'s buffer into {@code op}, or returns false having read nothing. */
  static boolean read(TraceInput in, boolean rawKeys, ReadRecord op) {
    byte[] b = in.buffer;
    int start = in.position;
    if (in.limit - start < MOST_FIELD_BYTES) {
      return false;
    }
    TraceKind kind = TraceKind.ofCode(b[start] & 0xFF); // null for the end record: the checked path ends
    if (kind == null) {
      return false;
    }
    // op's fields are written as they are read: where this returns false the checked path reads the
    // record again and sets them all, or throws; its time and the input's position move only at the end
    long session = varAt(b, start + 1, op);
    long delta = varAt(b, op.cursor, op);
    if (session < 0 || session > Integer.MAX_VALUE || delta < 0) {
      return false;
    }
    int stored = 0;
    int keyLength = 0;
    if (kind.keyed()) {
      long length = varAt(b, op.cursor, op);
      stored = rawKeys ? (int) length : TraceFormat.PSEUDONYM_BYTES;
      if (length < 0 || length > TraceFormat.MAX_KEY_BYTES || in.limit - op.cursor < stored + 11) {
        return false;
      }
      keyLength = (int) length;
      byte[] keyBytes = op.keyRoom(stored);
      int p = op.cursor;
      for (int i = 0; i < stored; i++) {
        keyBytes[i] = b[p + i];
      }
      op.cursor = p + stored;
    }
    op.kind = kind;
    op.session = (int) session;
    op.keyStored = stored;
    op.keyLength = keyLength;
    op.valueSize = 0;
    op.valueClass = null;
    op.direction = null;
    op.entries = 0;
    if (!tail(kind, b, op)) {
      return false;
    }
    op.offset = in.offset();
    in.position = op.cursor;
    op.offsetNanos += delta;
    return true;
  }

  /** The fields after the key: a put's size and class, a get's found size, a scan's direction and length. */
  private static boolean tail(TraceKind kind, byte[] b, ReadRecord op) {
    switch (kind) {
      case PUT -> {
        long size = varAt(b, op.cursor, op);
        ValueClass c = ValueClass.ofCode(b[op.cursor++]);
        if (size < 0 || size > Integer.MAX_VALUE || c == null) {
          return false;
        }
        op.valueSize = (int) size;
        op.valueClass = c;
      }
      case GET, WRITE_GET -> {
        long found = varAt(b, op.cursor, op);
        if (found < 0 || found > Integer.MAX_VALUE) {
          return false;
        }
        op.valueSize = (int) (found - 1);
      }
      case SCAN, SCAN_FROM -> {
        int d = b[op.cursor++];
        long entries = varAt(b, op.cursor, op);
        if ((d != 0 && d != 1) || entries < 0) {
          return false;
        }
        op.direction = d == 0 ? ScanDirection.FORWARD : ScanDirection.REVERSE;
        op.entries = entries;
      }
      default -> {
        // nothing more
      }
    }
    return true;
  }

  /**
   * The varint at {@code p} in {@code b}, which holds 10 bytes past it, with {@code op.cursor} set
   * after it; -1 where it runs past 10 bytes.
   */
  private static long varAt(byte[] b, int p, ReadRecord op) {
    int x = b[p++];
    if (x >= 0) {
      op.cursor = p;
      return x;
    }
    long v = x & 0x7F;
    for (int shift = 7; shift < 64; shift += 7) {
      x = b[p++];
      v |= (long) (x & 0x7F) << shift;
      if (x >= 0) {
        op.cursor = p;
        return v;
      }
    }
    return -1;
  }
}
