package dev.kvbench.stores.lwjgl;

import java.nio.ByteBuffer;
import org.lwjgl.util.lmdb.MDBVal;

/**
 * Points an MDBVal at the bytes between position and limit of a harness buffer, leaving the
 * harness buffer untouched: {@code MDBVal.mv_data(ByteBuffer)} stores its address and remaining
 * size, no copy. Heap buffers, which have no address, are copied into a scratch direct buffer
 * first; the harness passes direct buffers, so that path only serves other callers.
 */
final class NativeInput {

  private ByteBuffer scratch = ByteBuffer.allocateDirect(0);

  void point(MDBVal val, ByteBuffer b) {
    if (b.isDirect()) {
      val.mv_data(b);
      return;
    }
    int length = b.remaining();
    if (scratch.capacity() < length) {
      scratch = ByteBuffer.allocateDirect(length);
    }
    scratch.put(0, b, b.position(), length);
    val.mv_data(scratch.clear().limit(length));
  }
}
