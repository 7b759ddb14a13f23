package dev.kvbench.store;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Modifier;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * A reusable direct ByteBuffer re-pointed at native memory, so a zero-copy store can hand the
 * harness its own bytes without a copy and without a new buffer object per read. Bindings that
 * only give an address and a length (LMDB through Agrona, LMDBJNI, LWJGL) use it. It sets the
 * buffer's address and capacity as LmdbJava's PROXY_OPTIMAL does. The buffer's cleaner keeps the
 * address of its own zero-byte allocation, so the store's memory is never freed through it.
 *
 * <p>How the two fields are set depends on the JDK: where they are final (JDK 21 and later) only
 * an Unsafe can write them, so it uses jdk.internal.misc.Unsafe through method handles (no
 * deprecation warning, unlike sun.misc.Unsafe); where that package is not exported and the fields
 * are not final (JDK 17), VarHandles do. Needs {@code --add-opens java.base/java.nio} and {@code
 * --add-exports java.base/jdk.internal.misc} (kvbench.jar's manifest has both); {@link
 * #unavailableReason()} says what is missing.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class MemoryWindow {

  private static final VarHandle ADDRESS;
  private static final MethodHandle SET_ADDRESS;
  private static final MethodHandle SET_CAPACITY;
  private static final String UNAVAILABLE;

  static {
    VarHandle address = null;
    MethodHandle setAddress = null;
    MethodHandle setCapacity = null;
    String failure = null;
    try {
      MethodHandles.Lookup buffers = MethodHandles.privateLookupIn(Buffer.class, MethodHandles.lookup());
      address = buffers.findVarHandle(Buffer.class, "address", long.class);
      MethodHandle[] setters = internalUnsafeSetters();
      if (setters == null) {
        if (isFinal("address") || isFinal("capacity")) {
          throw new IllegalStateException("Buffer fields are final on this JDK and jdk.internal.misc is not exported");
        }
        setters = new MethodHandle[] {
          address.toMethodHandle(VarHandle.AccessMode.SET),
          buffers.findVarHandle(Buffer.class, "capacity", int.class).toMethodHandle(VarHandle.AccessMode.SET)
        };
      }
      setAddress = setters[0].asType(MethodType.methodType(void.class, ByteBuffer.class, long.class));
      setCapacity = setters[1].asType(MethodType.methodType(void.class, ByteBuffer.class, int.class));
    } catch (Throwable e) {
      // whatever the JVM refused, the store reports it as unavailable instead of failing to load
      failure = "zero-copy reads need --add-opens java.base/java.nio=ALL-UNNAMED and"
          + " --add-exports java.base/jdk.internal.misc=ALL-UNNAMED (" + e.getMessage() + ")";
    }
    ADDRESS = address;
    SET_ADDRESS = setAddress;
    SET_CAPACITY = setCapacity;
    UNAVAILABLE = failure;
  }

  /** (buffer, long) and (buffer, int) setters for Buffer.address and .capacity, or null. */
  private static MethodHandle[] internalUnsafeSetters() throws Throwable {
    Class<?> unsafeClass = Class.forName("jdk.internal.misc.Unsafe");
    if (!unsafeClass.getModule().isExported("jdk.internal.misc", MemoryWindow.class.getModule())) {
      return null;
    }
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    Object unsafe = lookup.findStatic(unsafeClass, "getUnsafe", MethodType.methodType(unsafeClass)).invoke();
    MethodHandle offsetOf = lookup.findVirtual(unsafeClass, "objectFieldOffset",
        MethodType.methodType(long.class, Class.class, String.class)).bindTo(unsafe);
    MethodHandle putLong = lookup.findVirtual(unsafeClass, "putLong",
        MethodType.methodType(void.class, Object.class, long.class, long.class)).bindTo(unsafe);
    MethodHandle putInt = lookup.findVirtual(unsafeClass, "putInt",
        MethodType.methodType(void.class, Object.class, long.class, int.class)).bindTo(unsafe);
    long addressOffset = (long) offsetOf.invoke(Buffer.class, "address");
    long capacityOffset = (long) offsetOf.invoke(Buffer.class, "capacity");
    return new MethodHandle[] {
      MethodHandles.insertArguments(putLong, 1, addressOffset),
      MethodHandles.insertArguments(putInt, 1, capacityOffset)
    };
  }

  private static boolean isFinal(String field) throws NoSuchFieldException {
    return Modifier.isFinal(Buffer.class.getDeclaredField(field).getModifiers());
  }

  private final ByteBuffer window = ByteBuffer.allocateDirect(0);

  public MemoryWindow() {
    if (UNAVAILABLE != null) {
      throw new StoreException(UNAVAILABLE);
    }
  }

  /** Null when windows work in this JVM, else why not and the flags that fix it. */
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
    try {
      SET_ADDRESS.invokeExact(window, address);
      SET_CAPACITY.invokeExact(window, length);
    } catch (Throwable t) {
      throw new StoreException("cannot re-point a memory window: " + t, t);
    }
    window.clear();
    return window;
  }
}
