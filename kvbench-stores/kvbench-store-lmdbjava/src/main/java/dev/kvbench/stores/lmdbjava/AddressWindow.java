package dev.kvbench.stores.lmdbjava;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.agrona.UnsafeApi;

/**
 * A reusable direct ByteBuffer re-pointed at LMDB memory, so Agrona-flavoured reads reach the
 * harness without a copy or an allocation. It sets the buffer's address and capacity as
 * LmdbJava's own PROXY_OPTIMAL does for its ByteBuffers. The buffer's cleaner keeps the address
 * of the original zero-byte allocation, so LMDB's memory is never freed through it.
 */
final class AddressWindow {

  private static final long ADDRESS = UnsafeApi.objectFieldOffset(Buffer.class, "address");
  private static final long CAPACITY = UnsafeApi.objectFieldOffset(Buffer.class, "capacity");

  private final ByteBuffer window = ByteBuffer.allocateDirect(0);

  ByteBuffer show(long address, int length) {
    UnsafeApi.putLong(window, ADDRESS, address);
    UnsafeApi.putInt(window, CAPACITY, length);
    window.clear();
    return window;
  }
}
