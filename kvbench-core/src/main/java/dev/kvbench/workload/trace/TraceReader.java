package dev.kvbench.workload.trace;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kvbench.store.ScanDirection;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32;
import org.apiguardian.api.API;

/**
 * Reads a trace front to back, one operation per {@link #next}, in constant memory. Every way a
 * file can fail to be a whole trace of a version this kvbench reads (another tool's file, a newer
 * version, a truncated or damaged one) throws a {@link TraceFormatException} naming the file and
 * the byte; nothing is taken from a trace that does not end with its end record and a matching
 * checksum, so a reader that needs the whole trace checks {@link #next} returned null.
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public final class TraceReader implements AutoCloseable {

  private static final byte[] NO_KEY = new byte[0];

  private final Path file;
  private final TraceInput in;
  private final TraceHeader header;
  /** Whether keys are stored whole (else as pseudonyms): asked once, not per record. */
  private final boolean rawKeys;
  private final CRC32 crc = new CRC32();
  private long records;
  private boolean ended;

  private TraceReader(Path file) throws IOException {
    this.file = file;
    this.in = new TraceInput(Files.newInputStream(file), crc);
    byte[] magic = bytes(TraceFormat.MAGIC.length);
    if (magic.length < TraceFormat.MAGIC.length && !Arrays.equals(magic,
        Arrays.copyOf(TraceFormat.MAGIC, magic.length))) {
      throw new TraceFormatException(file, 0, "not a kvbench trace: it holds " + magic.length + " bytes and does not start as"
          + " a trace does (KVBTRACE)");
    }
    if (magic.length < TraceFormat.MAGIC.length) {
      throw new TraceFormatException(file, magic.length, "the file ends inside a trace's first bytes: it is"
          + " truncated, not a whole trace");
    }
    if (!Arrays.equals(magic, TraceFormat.MAGIC)) {
      throw new TraceFormatException(file, 0, "not a kvbench trace: it starts with " + HexFormat.ofDelimiter(" ")
          .formatHex(magic) + describe(magic) + " where a trace starts with KVBTRACE; give a file that kvbench's trace"
          + " recording wrote");
    }
    long at = offset();
    byte[] v = readFully(2, "the file ends inside its version");
    int version = (v[0] & 0xFF) << 8 | (v[1] & 0xFF);
    if (version < 1 || version > TraceFormat.VERSION) {
      throw new TraceFormatException(file, at, "a trace of format version " + version + ", and this kvbench reads"
          + " versions 1 to " + TraceFormat.VERSION + (version > TraceFormat.VERSION ? ": read it with a newer kvbench" : ""));
    }
    at = offset();
    byte[] len = readFully(4, "the file ends inside its header's length");
    int headerLength = java.nio.ByteBuffer.wrap(len).getInt();
    if (headerLength < 2 || headerLength > TraceFormat.MAX_HEADER_BYTES) {
      throw new TraceFormatException(file, at, "a header of " + headerLength + " bytes is not a trace's (at most "
          + TraceFormat.MAX_HEADER_BYTES + "): the file is damaged");
    }
    at = offset();
    byte[] json = readFully(headerLength, "the file ends inside its header");
    try {
      this.header = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
          .readValue(json, TraceHeader.class);
    } catch (IOException e) {
      throw new TraceFormatException(file, at, "the header is not a trace's (" + e.getMessage().lines().findFirst().orElse("") + ")");
    }
    if (header.keyMode() == null) {
      throw new TraceFormatException(file, at, "the header names keys '" + header.keys() + "', which this kvbench"
          + " does not know (raw or pseudonyms)");
    }
    this.rawKeys = header.keyMode() == KeyMode.RAW;
    in.startChecksum();
  }

  /** Opens {@code file} and reads its header. */
  public static TraceReader open(Path file) {
    try {
      return new TraceReader(file);
    } catch (NoSuchFileException e) {
      throw new UncheckedIOException("no trace at " + file + ": give the path of a trace file", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the trace " + file + ": " + e.getMessage(), e);
    }
  }

  public TraceHeader header() {
    return header;
  }

  public Path file() {
    return file;
  }

  /** The byte the next read begins at. */
  private long offset() {
    return in.offset();
  }

  /** The byte where the operation {@link #next} last returned begins: for an error about it. */
  public long lastOffset() {
    return op.offset;
  }

  /** The operations read so far. */
  public long records() {
    return records;
  }

  /** The next operation, or null after the last, once the end record and its checksum were read and match. */
  public TraceOp next() {
    if (!advance()) {
      return null;
    }
    byte[] key = op.kind.keyed() ? Arrays.copyOf(op.keyBytes, op.keyStored) : NO_KEY;
    return new TraceOp(op.kind, op.session, op.offsetNanos, key, op.keyLength, op.valueSize, op.valueClass, op.direction,
        op.entries);
  }

  /** The operation advance() read last: in fields, so a replay reads a trace without an object per operation. */
  private final ReadRecord op = new ReadRecord();

  /** What the operation {@link #advance} read is. */
  public TraceKind kind() {
    return op.kind;
  }

  /** Its session. */
  public int session() {
    return op.session;
  }

  /** Its time, in nanoseconds from the trace's start. */
  public long offsetNanos() {
    return op.offsetNanos;
  }

  /** Its key as the trace holds it, in the first {@link #keyStored} bytes (a buffer reused by the next advance). */
  public byte[] keyBytes() {
    return op.keyBytes;
  }

  /** The bytes of {@link #keyBytes} that are the key (or its pseudonym). */
  public int keyStored() {
    return op.keyStored;
  }

  /** The key's own length, also where only its pseudonym was kept. */
  public int keyLength() {
    return op.keyLength;
  }

  /** A put's value size; a get's found size, or {@link TraceOp#MISSING}; else 0. */
  public int valueSize() {
    return op.valueSize;
  }

  /** A put's value class, else null. */
  public ValueClass valueClass() {
    return op.valueClass;
  }

  /** A scan's direction, else null. */
  public ScanDirection direction() {
    return op.direction;
  }

  /** The entries a scan visited, else 0. */
  public long entries() {
    return op.entries;
  }

  /**
   * Reads the next operation into this reader's fields ({@link #kind} ...), or returns false after
   * the last, once the end record and its checksum were read and match.
   */
  public boolean advance() {
    if (ended) {
      return false;
    }
    if (InPlaceRecords.read(in, rawKeys, op)) {
      records++;
      return true;
    }
    return advanceChecked();
  }

  /**
   * Reads the next operation field by field, checking each (the record at a buffer's end, or one
   * the in-place read found wrong): apart from advance, so that advance is small enough to inline
   * into a replay's loop.
   */
  private boolean advanceChecked() {
    try {
      long at = offset();
      int code = in.position < in.limit ? in.buffer[in.position++] & 0xFF : in.read();
      if (code < 0) {
        throw new TraceFormatException(file, offset(), "the trace ends after " + records + " operations without its end"
            + " record: it is truncated (the recording did not close: a crash, a full disk, a copy cut short)");
      }
      if (code == TraceFormat.END) {
        in.stopChecksumBeforeLastByte(); // the end record is outside the checksum
        end(at);
        return false;
      }
      TraceKind kind = TraceKind.ofCode(code);
      if (kind == null) {
        throw new TraceFormatException(file, at, String.format("no operation has the code 0x%02x: the trace is"
            + " damaged", code));
      }
      int session = (int) varLong(Integer.MAX_VALUE, "session");
      long delta = varLong(Long.MAX_VALUE, "time");
      int keyLength = 0;
      int stored = 0;
      if (kind.keyed()) {
        keyLength = (int) varLong(TraceFormat.MAX_KEY_BYTES, "key length");
        stored = rawKeys ? keyLength : TraceFormat.PSEUDONYM_BYTES;
        recordInto(op.keyRoom(stored), stored, "key");
      }
      int valueSize = 0;
      ValueClass valueClass = null;
      ScanDirection direction = null;
      long entries = 0;
      switch (kind) {
        case PUT -> {
          valueSize = (int) varLong(Integer.MAX_VALUE, "value size");
          long classAt = offset();
          valueClass = ValueClass.ofCode(record(1, "value class")[0]);
          if (valueClass == null) {
            throw new TraceFormatException(file, classAt, "no value class has that code: the trace is damaged");
          }
        }
        case GET, WRITE_GET -> valueSize = (int) (varLong(Integer.MAX_VALUE, "found size") - 1);
        case SCAN, SCAN_FROM -> {
          long dirAt = offset();
          int d = record(1, "scan direction")[0];
          if (d != 0 && d != 1) {
            throw new TraceFormatException(file, dirAt, "no scan direction has the code " + d + ": the trace is damaged");
          }
          direction = d == 0 ? ScanDirection.FORWARD : ScanDirection.REVERSE;
          entries = varLong(Long.MAX_VALUE, "scan length");
        }
        default -> {
          // nothing more
        }
      }
      records++;
      op.set(kind, session, delta, stored, keyLength, valueSize, valueClass, direction, entries);
      op.offset = at;
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the trace " + file + " at byte " + offset() + ": " + e.getMessage(), e);
    }
  }

  private void end(long at) throws IOException {
    long count = readVarLong("record count"); // outside the checksum: it stopped at the end record's code
    long countAt = offset();
    byte[] sum = readFully(4, "the trace ends inside its checksum");
    long expected = (sum[0] & 0xFFL) << 24 | (sum[1] & 0xFFL) << 16 | (sum[2] & 0xFFL) << 8 | (sum[3] & 0xFFL);
    if (count != records) {
      throw new TraceFormatException(file, at, "the end record counts " + count + " operations, and " + records
          + " were read: the trace is damaged");
    }
    if (expected != crc.getValue()) {
      throw new TraceFormatException(file, countAt, "the checksum does not match the operations before it: the"
          + " trace is damaged");
    }
    if (in.read() >= 0) {
      throw new TraceFormatException(file, offset() - 1, "bytes follow the trace's end record: the file is damaged, or"
          + " two files were joined");
    }
    ended = true;
  }

  /** A varint of a record, counted in the checksum, at most {@code most}. */
  private long varLong(long most, String what) throws IOException {
    // where the varint began, computed only for an error where it was read in place (offset() for each
    // field cost a replay 4 %); a read across a refill notes it first
    boolean inPlace = in.limit - in.position >= 10;
    int start = in.position;
    long before = inPlace ? -1 : offset();
    long v = inPlace ? bufferedVarLong(what) : readVarLong(what);
    if (v < 0 || v > most) {
      long at = inPlace ? in.offset() - (in.position - start) : before;
      throw new TraceFormatException(file, at, "a " + what + " of " + Long.toUnsignedString(v) + " is beyond " + most
          + ": the trace is damaged");
    }
    return v;
  }

  /** A varint whole in the input's buffer (10 bytes or more left), read in place: a read() a byte was a fifth of a replay's time. */
  private long bufferedVarLong(String what) {
    byte[] b = in.buffer;
    int p = in.position;
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int x = b[p++];
      v |= (long) (x & 0x7F) << shift;
      if (x >= 0) {
        in.position = p;
        return v;
      }
    }
    throw new TraceFormatException(file, offset(), "the " + what + " runs past 10 bytes: the trace is damaged");
  }

  private long readVarLong(String what) throws IOException {
    long at = offset();
    long v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      int b = in.read();
      if (b < 0) {
        throw truncated(at, what);
      }
      v |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
    throw new TraceFormatException(file, at, "the " + what + " runs past 10 bytes: the trace is damaged");
  }

  /**
   * Up to {@code n} bytes, fewer only at the end of the file: InputStream.readNBytes(int) takes an
   * 8 KiB buffer for each call, which for a key of a few bytes was most of a replay's time.
   */
  private byte[] bytes(int n) throws IOException {
    byte[] b = new byte[n];
    int got = 0;
    while (got < n) {
      int r = in.read(b, got, n - got);
      if (r < 0) {
        return Arrays.copyOf(b, got);
      }
      got += r;
    }
    return b;
  }

  /** {@code n} bytes of a record into {@code into}, from its start. */
  private void recordInto(byte[] into, int n, String what) throws IOException {
    if (in.limit - in.position >= n && n <= 16) {
      // a short key whole in the buffer: copied a byte at a time (arraycopy's setup outweighs a few bytes)
      for (int i = 0; i < n; i++) {
        into[i] = in.buffer[in.position + i];
      }
      in.position += n;
      return;
    }
    long at = offset();
    int got = 0;
    while (got < n) {
      int r = in.read(into, got, n - got);
      if (r < 0) {
        throw truncated(at, what);
      }
      got += r;
    }
  }

  private byte[] record(int n, String what) throws IOException {
    long at = offset();
    byte[] b = bytes(n);
    if (b.length < n) {
      throw truncated(at, what);
    }
    return b;
  }

  private byte[] readFully(int n, String problem) throws IOException {
    byte[] b = bytes(n);
    if (b.length < n) {
      throw new TraceFormatException(file, offset(), problem + ": it is truncated, not a whole trace");
    }
    return b;
  }

  private TraceFormatException truncated(long at, String what) {
    return new TraceFormatException(file, at, "the trace ends inside an operation's " + what + " after " + records
        + " whole operations: it is truncated (the recording did not close, or the copy was cut short)");
  }

  /** What another tool's file probably is, from its first bytes. */
  private static String describe(byte[] magic) {
    String text = new String(magic, StandardCharsets.ISO_8859_1);
    if (magic[0] == 'P' && magic[1] == 'K') {
      return " (a zip or jar file)";
    }
    if ((magic[0] & 0xFF) == 0x1F && (magic[1] & 0xFF) == 0x8B) {
      return " (a gzip file: unpack it first)";
    }
    if (text.startsWith("{") || text.startsWith("[")) {
      return " (JSON)";
    }
    return "";
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the trace " + file + ": " + e.getMessage(), e);
    }
  }
}
