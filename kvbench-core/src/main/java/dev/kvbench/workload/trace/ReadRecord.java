package dev.kvbench.workload.trace;

import dev.kvbench.store.ScanDirection;

/** The operation a {@link TraceReader} read last, in fields it reuses: no object an operation. */
final class ReadRecord {
  TraceKind kind;
  int session;
  /** Its time, in nanoseconds from the trace's start: the deltas added up. */
  long offsetNanos;
  byte[] keyBytes = new byte[64];
  int keyStored;
  int keyLength;
  int valueSize;
  ValueClass valueClass;
  ScanDirection direction;
  long entries;
  /** The byte it began at. */
  long offset;
  /** Where {@link InPlaceRecords} reads next in its input's buffer, while it reads. */
  int cursor;

  /** The key buffer, with room for {@code n} bytes. */
  byte[] keyRoom(int n) {
    if (keyBytes.length < n) {
      keyBytes = new byte[Math.max(n, 2 * keyBytes.length)];
    }
    return keyBytes;
  }

  void set(TraceKind kind, int session, long deltaNanos, int keyStored, int keyLength, int valueSize,
      ValueClass valueClass, ScanDirection direction, long entries) {
    this.kind = kind;
    this.session = session;
    this.offsetNanos += deltaNanos;
    this.keyStored = keyStored;
    this.keyLength = keyLength;
    this.valueSize = valueSize;
    this.valueClass = valueClass;
    this.direction = direction;
    this.entries = entries;
  }
}
