package dev.kvbench.store;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * The bytes between position and limit of a harness buffer as a direct buffer, for bindings that
 * hand native code an address (LWJGL, LMDBJNI, libmdbx): a direct buffer is returned as it is, no
 * copy; a heap buffer, which has no address, is copied into one reused scratch buffer first. The
 * harness passes direct buffers, so the copy only serves other callers. The array twin is
 * {@link ArrayInput}.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class DirectInput {

  private ByteBuffer scratch = ByteBuffer.allocateDirect(0);

  /** {@code b} itself when direct, else its remaining bytes in this input's scratch buffer; valid until the next call. */
  public ByteBuffer of(ByteBuffer b) {
    if (b.isDirect()) {
      return b;
    }
    int length = b.remaining();
    if (scratch.capacity() < length) {
      scratch = ByteBuffer.allocateDirect(length);
    }
    scratch.put(0, b, b.position(), length);
    return scratch.clear().limit(length);
  }
}
