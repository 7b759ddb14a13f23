package dev.kvbench.workload.trace;

import java.nio.charset.StandardCharsets;
import org.apiguardian.api.API;

/**
 * The trace file, version {@value #VERSION}: the magic {@code KVBTRACE}, the version (2 bytes, big
 * endian), the header's length (4 bytes) and the header as JSON ({@link TraceHeader}); then one
 * record per operation: its kind's code (1 byte), the session (varint), the nanoseconds since the
 * record before (varint), and by kind the key (its length as a varint, then its bytes, or its
 * 8-byte pseudonym), a put's value size (varint) and class (1 byte), a get's found size plus one (0:
 * missing), a scan's direction (1 byte) and entries (varint). It ends with {@link #END}, the record
 * count (varint) and the CRC-32 of every record byte (4 bytes): a trace without its end was not
 * closed (the recorder crashed, the disk filled, the copy stopped short). Varints are unsigned
 * LEB128, as protobuf's. A trace is read front to back, never loaded whole.
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public final class TraceFormat {

  private TraceFormat() {}

  /** The first 8 bytes of every trace. */
  public static final byte[] MAGIC = "KVBTRACE".getBytes(StandardCharsets.US_ASCII);

  /** The format version this kvbench writes and the newest it reads. */
  public static final int VERSION = 1;

  /** The code of the end record. */
  public static final int END = 0xFF;

  /** The longest key a trace holds: longer is taken for damage, not a key. */
  public static final int MAX_KEY_BYTES = 1 << 20;

  /** The longest header: longer is taken for another file, not a trace. */
  public static final int MAX_HEADER_BYTES = 1 << 16;

  /** The bytes of a key's pseudonym. */
  public static final int PSEUDONYM_BYTES = 8;

  /** Writes {@code value} (0 or more) as a varint into {@code out} from {@code at}; returns the next position. */
  static int putVarLong(byte[] out, int at, long value) {
    long v = value;
    while ((v & ~0x7FL) != 0) {
      out[at++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    out[at++] = (byte) v;
    return at;
  }

  /** The most bytes a varint of a long takes. */
  static final int MAX_VARINT_BYTES = 10;
}
