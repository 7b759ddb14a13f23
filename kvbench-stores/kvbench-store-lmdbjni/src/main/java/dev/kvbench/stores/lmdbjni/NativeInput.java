package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.MemoryWindow;
import java.nio.ByteBuffer;
import org.fusesource.lmdbjni.DirectBuffer;

/**
 * One reusable LMDBJNI DirectBuffer pointed at the bytes between position and limit of a harness
 * buffer, leaving the harness buffer untouched. LMDBJNI's own {@code wrap(ByteBuffer)} ignores
 * position and limit, so the address is taken here. Heap buffers, which have no address, are
 * copied into a scratch direct buffer first; the harness passes direct buffers, so that path only
 * serves other callers.
 */
final class NativeInput {

  private final DirectBuffer view = new DirectBuffer(0L, 0);
  private ByteBuffer scratch = ByteBuffer.allocateDirect(0);

  DirectBuffer of(ByteBuffer b) {
    int length = b.remaining();
    if (b.isDirect()) {
      view.wrap(MemoryWindow.addressAtPosition(b), length);
      return view;
    }
    if (scratch.capacity() < length) {
      scratch = ByteBuffer.allocateDirect(length);
    }
    scratch.put(0, b, b.position(), length);
    view.wrap(MemoryWindow.addressAtPosition(scratch.clear()), length);
    return view;
  }
}
