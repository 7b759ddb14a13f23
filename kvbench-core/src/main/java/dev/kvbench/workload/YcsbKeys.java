package dev.kvbench.workload;

import java.nio.ByteBuffer;

/**
 * YCSB's key names ({@code CoreWorkload.buildKeyName}, zeropadding 1): {@code "user"} and the
 * decimal digits of {@code fnvhash64(index)} (insertorder=hashed, YCSB's default: 5 to 23 bytes,
 * 89 % of them 23) or of the index itself (insertorder=ordered). Index i is YCSB's keynum i, so
 * loading indexes 0..N-1 in order is YCSB's load, and an insert's key lands where its hash puts it.
 *
 * <p>Keys differ in length: {@link #encode} sets the target's limit to the key's end, and {@link
 * #size()} is the longest.
 */
public final class YcsbKeys implements KeyFormat {

  /** YCSB's default, insertorder=hashed. */
  public static final YcsbKeys HASHED = new YcsbKeys(true);

  /** insertorder=ordered: the keynum's own digits. */
  public static final YcsbKeys ORDERED = new YcsbKeys(false);

  private static final byte[] PREFIX = {'u', 's', 'e', 'r'};
  // "user" and Long.MAX_VALUE's 19 digits
  private static final int LONGEST = PREFIX.length + 19;

  private final boolean hashed;

  private YcsbKeys(boolean hashed) {
    this.hashed = hashed;
  }

  /** {@code ycsb} or {@code ycsb-ordered}; null for another id. */
  static YcsbKeys fromId(String id) {
    return id.equals(HASHED.id()) ? HASHED : id.equals(ORDERED.id()) ? ORDERED : null;
  }

  @Override
  public String id() {
    return hashed ? "ycsb" : "ycsb-ordered";
  }

  /** The longest key: "user" and 19 digits. */
  @Override
  public int size() {
    return LONGEST;
  }

  @Override
  public boolean fixedSize() {
    return false;
  }

  @Override
  public long capacity() {
    // ordered names are distinct for every non-negative index; hashed ones collide past 2^32 or so,
    // as YCSB's do, which no run of kvbench's sizes reaches
    return Long.MAX_VALUE;
  }

  /** The number whose digits follow "user". */
  public long keynum(long index) {
    return hashed ? Fnv.hash64(index) : index;
  }

  /** Key {@code index}'s name as YCSB writes it, e.g. {@code user6284781860667377211}. */
  public String name(long index) {
    return "user" + keynum(index);
  }

  /** The key's length in bytes. */
  public int sizeOf(long index) {
    return PREFIX.length + digits(keynum(index));
  }

  @Override
  public void encode(long index, ByteBuffer target) {
    long n = keynum(index);
    int length = PREFIX.length + digits(n);
    target.limit(length);
    for (int i = 0; i < PREFIX.length; i++) {
      target.put(i, PREFIX[i]);
    }
    for (int at = length - 1; at >= PREFIX.length; at--) {
      target.put(at, (byte) ('0' + n % 10));
      n /= 10;
    }
  }

  @Override
  public boolean matches(long index, ByteBuffer key) {
    long n = keynum(index);
    int length = PREFIX.length + digits(n);
    if (key.remaining() != length) {
      return false;
    }
    int p = key.position();
    for (int i = 0; i < PREFIX.length; i++) {
      if (key.get(p + i) != PREFIX[i]) {
        return false;
      }
    }
    for (int at = length - 1; at >= PREFIX.length; at--) {
      if (key.get(p + at) != (byte) ('0' + n % 10)) {
        return false;
      }
      n /= 10;
    }
    return true;
  }

  private static int digits(long n) {
    int d = 1;
    for (long v = n; v >= 10; v /= 10) {
      d++;
    }
    return d;
  }

  @Override
  public String toString() {
    return id();
  }
}
