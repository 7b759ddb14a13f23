package dev.kvbench.workload;

import java.nio.ByteBuffer;
import java.util.Locale;

/**
 * The built-in key formats. Every encoding but {@link #UUID4} sorts in unsigned byte
 * order exactly as its indexes sort numerically, so a cursor pass must yield indexes 0..N-1 in
 * order; uuid4 keys sort as random UUIDs do, and {@link #indexOfSortKey} gives their order back.
 */
public enum KeyEncoding implements KeyFormat, KeyFormat.SortKeys {

  /** 4-byte big-endian integer: the seeds' "Int", in an order every store sorts numerically. */
  INT(4, 1L << 32) {
    @Override
    public void encode(long index, ByteBuffer target) {
      target.putInt(0, (int) index);
    }

    @Override
    public boolean matches(long index, ByteBuffer key) {
      int p = key.position();
      return key.remaining() == 4 && readIntBigEndian(key, p) == (int) index;
    }
  },

  /** 16-byte zero-padded decimal string without terminator: the seeds' "Str". */
  STR(16, 10_000_000_000_000_000L) {
    @Override
    public void encode(long index, ByteBuffer target) {
      // below 10^8 (every key of a run up to 100M entries) the high half is all zeros: skip the
      // long division and the second digit split
      if (index < 100_000_000L) {
        target.putLong(0, EIGHT_ZEROS);
        target.putLong(8, eightDigits(index));
      } else {
        target.putLong(0, eightDigits(index / 100_000_000L));
        target.putLong(8, eightDigits(index % 100_000_000L));
      }
    }

    @Override
    public boolean matches(long index, ByteBuffer key) {
      return hasHalves(key, eightDigits(index / 100_000_000L), eightDigits(index % 100_000_000L));
    }
  },

  /**
   * 16-byte random UUIDs (version 4), big-endian: key index i lands at a random-looking place in
   * the key order, as UuidCreate's did in the random-UUID post (seed 003). The keys are a fixed
   * function of the index, so reads stay verified.
   */
  UUID4(16, Uuids.V4_CAPACITY) {
    @Override
    public void encode(long index, ByteBuffer target) {
      target.putLong(0, Uuids.v4High(index));
      target.putLong(8, Uuids.low(index));
    }

    @Override
    public boolean matches(long index, ByteBuffer key) {
      return hasHalves(key, Uuids.v4High(index), Uuids.low(index));
    }

    @Override
    public boolean sortsByIndex() {
      return false;
    }

    @Override
    public long sortKey(long index) {
      return Uuids.v4High(index) ^ Long.MIN_VALUE;
    }

    @Override
    public long indexOfSortKey(long sortKey) {
      return Uuids.v4Index(sortKey ^ Long.MIN_VALUE);
    }
  },

  /**
   * 16-byte time-ordered UUIDs (version 7), big-endian: a millisecond timestamp and a counter, so
   * key i sorts as i does, as UuidCreateSequential's did in the random-UUID post.
   */
  UUID7(16, Uuids.V7_CAPACITY) {
    @Override
    public void encode(long index, ByteBuffer target) {
      target.putLong(0, Uuids.v7High(index));
      target.putLong(8, Uuids.low(index));
    }

    @Override
    public boolean matches(long index, ByteBuffer key) {
      return hasHalves(key, Uuids.v7High(index), Uuids.low(index));
    }
  };

  /** Eight ASCII zeros: the high half of every STR key below 10^8. */
  static final long EIGHT_ZEROS = 0x3030_3030_3030_3030L;

  private final int size;
  private final long capacity;

  KeyEncoding(int size, long capacity) {
    this.size = size;
    this.capacity = capacity;
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public long capacity() {
    return capacity;
  }

  @Override
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static KeyEncoding fromId(String id) {
    for (KeyEncoding e : values()) {
      if (e.id().equals(id)) {
        return e;
      }
    }
    throw new IllegalArgumentException("unknown key type '" + id + "': use int, str, uuid4, uuid7, ycsb or ycsb-ordered");
  }

  @Override
  public abstract void encode(long index, ByteBuffer target);

  @Override
  public abstract boolean matches(long index, ByteBuffer key);

  @Override
  public boolean sortsByIndex() {
    return true;
  }

  /** The index itself where keys sort by index. */
  @Override
  public long sortKey(long index) {
    return index;
  }

  @Override
  public long indexOfSortKey(long sortKey) {
    return sortKey;
  }

  static int readIntBigEndian(ByteBuffer b, int at) {
    int v = b.getInt(at);
    return b.order() == java.nio.ByteOrder.BIG_ENDIAN ? v : Integer.reverseBytes(v);
  }

  /** Whether {@code key} is 16 bytes: {@code high} then {@code low}, big-endian. */
  static boolean hasHalves(ByteBuffer key, long high, long low) {
    int p = key.position();
    return key.remaining() == 16 && readLongBigEndian(key, p) == high && readLongBigEndian(key, p + 8) == low;
  }

  static long readLongBigEndian(ByteBuffer b, int at) {
    long v = b.getLong(at);
    return b.order() == java.nio.ByteOrder.BIG_ENDIAN ? v : Long.reverseBytes(v);
  }

  /**
   * The eight ASCII digits of {@code v} (0 <= v < 10^8), most significant digit in the highest
   * byte. Branch-free SWAR: split into 4-digit, then 2-digit, then 1-digit lanes with
   * multiply-shift division, so encoding a string key costs a few nanoseconds, not a
   * String.format.
   */
  static long eightDigits(long v) {
    long high = (v * 109_951_163L) >>> 40; // v / 10^4 for v < 10^8: 2^40 / 10^4 rounded up
    long fours = (high << 32) | (v - high * 10_000);
    long hundreds = ((fours * 5243) >>> 19) & 0x0000007F_0000007FL; // n / 100 for n < 10^4
    long pairs = (hundreds << 16) | (fours - hundreds * 100); // 16-bit lanes of 0..99
    long tens = ((pairs * 103) >>> 10) & 0x000F_000F_000F_000FL; // n / 10 for n < 100
    long digits = (tens << 8) | (pairs - tens * 10);
    return digits + 0x3030_3030_3030_3030L;
  }
}
