package dev.kvbench.stores.lwjgl;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import sun.misc.Unsafe;

/**
 * A reusable direct ByteBuffer re-pointed at LMDB memory, so reads reach the harness without a
 * copy or an allocation.
 *
 * <p>Why not LWJGL's own {@code MDBVal.mv_data()} or {@code MemoryUtil.memByteBuffer(address,
 * size)}: both build a new DirectByteBuffer on every call, one object per get and two per cursor
 * step, and LWJGL 3.4.3 has no public way to re-point an existing buffer. So this does what the
 * lmdbjava module's AddressWindow and LmdbJava's PROXY_OPTIMAL do (and what memByteBuffer does
 * inside, on a fresh instance): set the buffer's address and capacity through Unsafe. The buffer's
 * cleaner keeps the address of its own zero-byte allocation, so LMDB's memory is never freed
 * through it.
 */
final class AddressWindow {

  private static final Unsafe UNSAFE = unsafe();
  private static final long ADDRESS = offset("address");
  private static final long CAPACITY = offset("capacity");

  private final ByteBuffer window = ByteBuffer.allocateDirect(0);

  ByteBuffer show(long address, int length) {
    UNSAFE.putLong(window, ADDRESS, address);
    UNSAFE.putInt(window, CAPACITY, length);
    window.clear();
    return window;
  }

  private static long offset(String field) {
    try {
      Field f = Buffer.class.getDeclaredField(field);
      return UNSAFE.objectFieldOffset(f);
    } catch (NoSuchFieldException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static Unsafe unsafe() {
    try {
      // sun.misc is open to every module (jdk.unsupported), so no JVM flag is needed for this
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return (Unsafe) f.get(null);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}
