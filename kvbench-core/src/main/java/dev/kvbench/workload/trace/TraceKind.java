package dev.kvbench.workload.trace;

import org.apiguardian.api.API;

/** What a traced operation was; each has the one-byte code the trace writes for it. */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public enum TraceKind {
  /** A write transaction (or batch) begun: {@code Session.beginWrite}. */
  BEGIN_WRITE(1, "begin write", false),
  /** A put inside the write transaction: the key, the value's size and class. */
  PUT(2, "put", true),
  /** A delete inside the write transaction. */
  DELETE(3, "delete", true),
  /** A get inside the write transaction: the key, whether it was found and the found value's size. */
  WRITE_GET(4, "get in a write", true),
  /** The write transaction committed. */
  COMMIT(5, "commit", false),
  /** The write transaction closed without a commit: what it wrote is dropped. */
  ABORT(6, "abort", false),
  /** A read transaction begun: {@code Session.beginRead}. */
  BEGIN_READ(7, "begin read", false),
  /** A get inside the read transaction: the key, whether it was found and the found value's size. */
  GET(8, "get", true),
  /** A scan of the whole store, one way: the direction and the entries it visited. */
  SCAN(9, "scan", false),
  /** A scan from a key, one way: the start key, the direction and the entries it visited. */
  SCAN_FROM(10, "scan from a key", true),
  /** The read transaction closed. */
  END_READ(11, "end read", false);

  private final int code;
  private final String label;
  private final boolean keyed;

  TraceKind(int code, String label, boolean keyed) {
    this.code = code;
    this.label = label;
    this.keyed = keyed;
  }

  /** The byte the trace writes. */
  public int code() {
    return code;
  }

  /** The kind in words, as {@code kvbench trace info} prints it. */
  public String label() {
    return label;
  }

  /** Whether the operation names a key. */
  public boolean keyed() {
    return keyed;
  }

  /** The kinds by code: read once per traced operation, so an array rather than a search. */
  private static final TraceKind[] BY_CODE = new TraceKind[256];

  static {
    for (TraceKind k : values()) {
      BY_CODE[k.code] = k;
    }
  }

  /** The kind of {@code code}, or null where no kind has it. */
  public static TraceKind ofCode(int code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
  }
}
