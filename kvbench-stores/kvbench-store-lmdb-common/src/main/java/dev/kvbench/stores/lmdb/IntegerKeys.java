package dev.kvbench.stores.lmdb;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The {@code integerKey} setting's key conversion, for one session: LMDB's MDB_INTEGERKEY wants
 * 4-byte keys in native byte order and compares them as integers, while the harness hands out and
 * checks big-endian keys. Turning the four bytes around costs a nanosecond or two per op; key
 * order is the same either way, since both sort as unsigned numbers.
 */
public final class IntegerKeys {

  private final ByteBuffer nativeKey = ByteBuffer.allocateDirect(Integer.BYTES).order(ByteOrder.nativeOrder());
  private final ByteBuffer harnessKey = ByteBuffer.allocateDirect(Integer.BYTES);

  /** The harness's big-endian key as LMDB stores it; valid until the next call. */
  public ByteBuffer toNative(ByteBuffer bigEndianKey) {
    nativeKey.putInt(0, readInt(bigEndianKey, ByteOrder.BIG_ENDIAN));
    return nativeKey;
  }

  /** A key LMDB returned, in native order, as the harness's big-endian key; valid until the next call. */
  public ByteBuffer toHarness(ByteBuffer nativeOrderKey) {
    harnessKey.putInt(0, readInt(nativeOrderKey, ByteOrder.nativeOrder()));
    return harnessKey;
  }

  /** The int whose bytes, in {@code bytesAre} order, sit at {@code b}'s position. */
  private static int readInt(ByteBuffer b, ByteOrder bytesAre) {
    int v = b.getInt(b.position());
    return b.order() == bytesAre ? v : Integer.reverseBytes(v);
  }
}
