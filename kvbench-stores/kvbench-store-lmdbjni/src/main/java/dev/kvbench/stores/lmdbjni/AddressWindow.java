package dev.kvbench.stores.lmdbjni;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import sun.misc.Unsafe;

/**
 * A reusable direct ByteBuffer re-pointed at LMDB memory, so reads reach the harness without a
 * copy or an allocation. It is the lmdbjava module's AddressWindow (and LmdbJava's PROXY_OPTIMAL)
 * written against {@code sun.misc.Unsafe}, because this module has no Agrona: it sets the
 * buffer's address and capacity. The buffer's cleaner keeps the address of its own zero-byte
 * allocation, so LMDB's memory is never freed through it.
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

  /** Native address of the byte at the position of a direct buffer. */
  static long addressAtPosition(ByteBuffer direct) {
    return UNSAFE.getLong(direct, ADDRESS) + direct.position();
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
