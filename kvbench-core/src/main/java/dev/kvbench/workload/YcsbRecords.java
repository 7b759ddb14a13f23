package dev.kvbench.workload;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * YCSB's records as a key-value binding stores them: {@code fieldcount} fields named {@code
 * field0}, {@code field1}, ..., each serialised as YCSB's RocksDB binding does (a 4-byte name
 * length, the name, a 4-byte value length, the value), with printable-ASCII field values made as
 * YCSB's {@code RandomByteIterator} makes them. The value size is the stored record's: YCSB's
 * default 10 fields of 100 bytes are 1,140 bytes. Id {@code ycsb} (10 fields) or {@code ycsb:F}.
 *
 * <p>Each field's bytes are a function of the seed, the key and the field, so a record whose
 * fields were updated one at a time is still checked field by field ({@link RecordFields}); YCSB
 * draws fresh bytes for each update, which compress alike.
 *
 * @param fieldCount YCSB's fieldcount
 */
public record YcsbRecords(int fieldCount) implements ValueFormat {

  /** YCSB's default fieldcount. */
  public static final int DEFAULT_FIELDS = 10;

  /** YCSB's default fieldlength. */
  public static final int DEFAULT_FIELD_LENGTH = 100;

  public YcsbRecords {
    if (fieldCount < 1 || fieldCount > 1000) {
      throw new IllegalArgumentException("a ycsb record's fieldcount must be 1 to 1000, got " + fieldCount);
    }
  }

  /** {@code ycsb} or {@code ycsb:F}; null for another id. */
  static YcsbRecords fromId(String id) {
    if (id.equals("ycsb")) {
      return new YcsbRecords(DEFAULT_FIELDS);
    }
    if (id.startsWith("ycsb:")) {
      String f = id.substring("ycsb:".length());
      try {
        return new YcsbRecords(Integer.parseInt(f));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("value format '" + id + "': '" + f
            + "' is not a field count; write it as ycsb:10 (YCSB's fieldcount)");
      }
    }
    return null;
  }

  @Override
  public String id() {
    return fieldCount == DEFAULT_FIELDS ? "ycsb" : "ycsb:" + fieldCount;
  }

  /** The stored size of a record of {@code fieldCount} fields of {@code fieldLength} bytes. */
  public static int recordSize(int fieldCount, int fieldLength) {
    return overhead(fieldCount) + fieldCount * fieldLength;
  }

  /** What the names and lengths add to the field values. */
  static int overhead(int fieldCount) {
    int bytes = 0;
    for (int f = 0; f < fieldCount; f++) {
      bytes += 8 + name(f).length;
    }
    return bytes;
  }

  private static byte[] name(int field) {
    return ("field" + field).getBytes(StandardCharsets.US_ASCII);
  }

  @Override
  public ValueSource create(int size, long seed) {
    int payload = size - overhead(fieldCount);
    if (payload < fieldCount || payload % fieldCount != 0) {
      throw new IllegalArgumentException("a ycsb record of " + fieldCount + " fields stores " + overhead(fieldCount)
          + " bytes of names and lengths plus the fields; value size " + size + " leaves no whole field length;"
          + " give " + recordSize(fieldCount, DEFAULT_FIELD_LENGTH) + " for fields of " + DEFAULT_FIELD_LENGTH
          + " bytes (fieldcount x fieldlength + " + overhead(fieldCount) + ")");
    }
    return new Source(fieldCount, payload / fieldCount, size, seed);
  }

  /** One record shape's values for one seed. */
  static final class Source implements ValueSource, RecordFields {
    private final int fields;
    private final int fieldLength;
    private final int size;
    private final long seed;
    // each field's value offset in the record
    private final int[] valueAt;
    private final byte[] header;

    Source(int fields, int fieldLength, int size, long seed) {
      this.fields = fields;
      this.fieldLength = fieldLength;
      this.size = size;
      this.seed = seed;
      this.valueAt = new int[fields];
      ByteBuffer h = ByteBuffer.allocate(size);
      int at = 0;
      for (int f = 0; f < fields; f++) {
        byte[] n = name(f);
        h.putInt(at, n.length);
        h.put(at + 4, n);
        h.putInt(at + 4 + n.length, fieldLength);
        valueAt[f] = at + 8 + n.length;
        at = valueAt[f] + fieldLength;
      }
      this.header = h.array();
    }

    @Override
    public int size() {
      return size;
    }

    @Override
    public int fields() {
      return fields;
    }

    @Override
    public void fill(long index, ByteBuffer target) {
      int from = 0;
      for (int f = 0; f < fields; f++) {
        for (int i = from; i < valueAt[f]; i++) {
          target.put(i, header[i]);
        }
        fillField(index, f, target, valueAt[f]);
        from = valueAt[f] + fieldLength;
      }
    }

    @Override
    public void replaceField(long index, int field, ByteBuffer record) {
      fillField(index, field, record, valueAt[field]);
    }

    @Override
    public boolean everyFieldFrom(long index, ByteBuffer found, ValueSource other) {
      if (found.remaining() != size || !(other instanceof Source o) || o.fieldLength != fieldLength || o.fields != fields) {
        return false;
      }
      int p = found.position();
      int from = 0;
      for (int f = 0; f < fields; f++) {
        for (int i = from; i < valueAt[f]; i++) {
          if (found.get(p + i) != header[i]) {
            return false;
          }
        }
        if (!fieldEquals(index, f, found, p + valueAt[f]) && !o.fieldEquals(index, f, found, p + valueAt[f])) {
          return false;
        }
        from = valueAt[f] + fieldLength;
      }
      return true;
    }

    private long fieldSeed(long index, int field) {
      return ValueGenerator.mix64(seed ^ (index * 0x9E37_79B9_7F4A_7C15L) ^ ((field + 1L) * 0xC2B2_AE3D_27D4_EB4FL));
    }

    /** RandomByteIterator's bytes: six printable characters from each random int. */
    private void fillField(long index, int field, ByteBuffer target, int at) {
      long state = fieldSeed(index, field);
      for (int off = 0; off < fieldLength; off += 6) {
        state += 0x9E37_79B9_7F4A_7C15L;
        int bytes = (int) (ValueGenerator.mix64(state) >>> 32);
        int n = Math.min(6, fieldLength - off);
        for (int j = 0; j < n; j++) {
          target.put(at + off + j, printable(bytes, j));
        }
      }
    }

    private boolean fieldEquals(long index, int field, ByteBuffer found, int at) {
      long state = fieldSeed(index, field);
      for (int off = 0; off < fieldLength; off += 6) {
        state += 0x9E37_79B9_7F4A_7C15L;
        int bytes = (int) (ValueGenerator.mix64(state) >>> 32);
        int n = Math.min(6, fieldLength - off);
        for (int j = 0; j < n; j++) {
          if (found.get(at + off + j) != printable(bytes, j)) {
            return false;
          }
        }
      }
      return true;
    }

    // RandomByteIterator.fillBytesImpl's masks for the six characters of one int
    private static byte printable(int bytes, int j) {
      return (byte) (switch (j) {
        case 0 -> bytes & 31;
        case 1 -> (bytes >> 5) & 63;
        case 2 -> (bytes >> 10) & 95;
        case 3 -> (bytes >> 15) & 31;
        case 4 -> (bytes >> 20) & 63;
        default -> (bytes >> 25) & 95;
      } + ' ');
    }
  }
}
