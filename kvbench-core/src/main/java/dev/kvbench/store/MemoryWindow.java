package dev.kvbench.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * A reusable direct ByteBuffer re-pointed at native memory, so a zero-copy store can hand the
 * harness its own bytes without a copy and without a new buffer object per read. Bindings that
 * only give an address and a length (LMDB through Agrona, LMDBJNI, LWJGL) use it; it sets the
 * buffer's address and capacity as LmdbJava's PROXY_OPTIMAL does, through VarHandles rather than
 * sun.misc.Unsafe. The buffer's cleaner keeps the address of its own zero-byte allocation, so the
 * store's memory is never freed through it.
 *
 * <p>Needs {@code --add-opens java.base/java.nio=ALL-UNNAMED} (kvbench.jar's manifest has it);
 * {@link #unavailableReason()} says so when it is missing.
 */
public final class MemoryWindow {

  private static final VarHandle ADDRESS;
  private static final VarHandle CAPACITY;
  private static final String UNAVAILABLE;

  static {
    VarHandle address = null;
    VarHandle capacity = null;
    String failure = null;
    try {
      MethodHandles.Lookup buffers = MethodHandles.privateLookupIn(Buffer.class, MethodHandles.lookup());
      address = buffers.findVarHandle(Buffer.class, "address", long.class);
      capacity = buffers.findVarHandle(Buffer.class, "capacity", int.class);
    } catch (ReflectiveOperationException | RuntimeException e) {
      failure = "zero-copy reads need --add-opens java.base/java.nio=ALL-UNNAMED (" + e.getMessage() + ")";
    }
    ADDRESS = address;
    CAPACITY = capacity;
    UNAVAILABLE = failure;
  }

  private final ByteBuffer window = ByteBuffer.allocateDirect(0);

  public MemoryWindow() {
    if (UNAVAILABLE != null) {
      throw new StoreException(UNAVAILABLE);
    }
  }

  /** Null when windows work in this JVM, else why not and the flag that fixes it. */
  public static String unavailableReason() {
    return UNAVAILABLE;
  }

  /** Native address of the byte at {@code direct}'s position, for bindings that take addresses. */
  public static long addressAtPosition(ByteBuffer direct) {
    if (!direct.isDirect()) {
      throw new IllegalArgumentException("not a direct buffer");
    }
    return (long) ADDRESS.get(direct) + direct.position();
  }

  /** Points the window at {@code length} bytes from {@code address}; valid until the next call. */
  public ByteBuffer show(long address, int length) {
    ADDRESS.set(window, address);
    CAPACITY.set(window, length);
    window.clear();
    return window;
  }
}
