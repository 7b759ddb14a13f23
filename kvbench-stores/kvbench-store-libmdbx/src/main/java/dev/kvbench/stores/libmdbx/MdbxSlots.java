package dev.kvbench.stores.libmdbx;

import dev.kvbench.store.DirectInput;
import dev.kvbench.store.MemoryWindow;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The native memory one writer or reader hands libmdbx: two {@code MDBX_val} structs (key, data)
 * and one slot for a handle libmdbx returns (a txn, a cursor, the dbi). It is a direct buffer, so
 * the garbage collector frees it and no close path can free it twice. Harness buffers go in by
 * address, no copy; a heap buffer goes through {@link DirectInput}.
 */
final class MdbxSlots {

  private static final int KEY = 0;
  private static final int DATA = Mdbx.VAL_BYTES;
  private static final int HANDLE = 2 * Mdbx.VAL_BYTES;

  private final ByteBuffer memory = ByteBuffer.allocateDirect(HANDLE + Long.BYTES).order(ByteOrder.nativeOrder());
  private final long base = MemoryWindow.addressAtPosition(memory);
  private final DirectInput keyIn = new DirectInput();
  private final DirectInput dataIn = new DirectInput();

  /** Address of the key's MDBX_val. */
  long key() {
    return base + KEY;
  }

  /** Address of the data's MDBX_val. */
  long data() {
    return base + DATA;
  }

  /** Address of the slot an out-parameter handle is written to. */
  long handleSlot() {
    return base + HANDLE;
  }

  /** The handle libmdbx wrote to {@link #handleSlot()}. */
  long handle() {
    return memory.getLong(HANDLE);
  }

  /** The dbi (a uint32) libmdbx wrote to {@link #handleSlot()}. */
  int dbi() {
    return memory.getInt(HANDLE);
  }

  /** Points the key's MDBX_val at {@code b}'s remaining bytes. */
  void pointKey(ByteBuffer b) {
    point(KEY, keyIn.of(b));
  }

  /** Points the data's MDBX_val at {@code b}'s remaining bytes. */
  void pointData(ByteBuffer b) {
    point(DATA, dataIn.of(b));
  }

  private void point(int val, ByteBuffer direct) {
    memory.putLong(val, MemoryWindow.addressAtPosition(direct));
    memory.putLong(val + Long.BYTES, direct.remaining());
  }

  /** libmdbx's key bytes, shown through {@code window}; valid until the window's next use. */
  ByteBuffer showKey(MemoryWindow window) {
    return show(window, KEY);
  }

  /** libmdbx's data bytes, shown through {@code window}; valid until the window's next use. */
  ByteBuffer showData(MemoryWindow window) {
    return show(window, DATA);
  }

  private ByteBuffer show(MemoryWindow window, int val) {
    return window.show(memory.getLong(val), (int) memory.getLong(val + Long.BYTES));
  }
}
