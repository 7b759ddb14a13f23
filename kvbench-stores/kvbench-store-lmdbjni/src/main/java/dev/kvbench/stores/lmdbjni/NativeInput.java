package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.DirectInput;
import dev.kvbench.store.MemoryWindow;
import java.nio.ByteBuffer;
import org.fusesource.lmdbjni.DirectBuffer;

/**
 * One reusable LMDBJNI DirectBuffer pointed at the bytes between position and limit of a harness
 * buffer, leaving the harness buffer untouched. LMDBJNI's own {@code wrap(ByteBuffer)} ignores
 * position and limit, so the address is taken here; heap buffers go through {@link DirectInput}.
 */
final class NativeInput {

  private final DirectBuffer view = new DirectBuffer(0L, 0);
  private final DirectInput direct = new DirectInput();

  DirectBuffer of(ByteBuffer b) {
    ByteBuffer d = direct.of(b);
    view.wrap(MemoryWindow.addressAtPosition(d), d.remaining());
    return view;
  }
}
