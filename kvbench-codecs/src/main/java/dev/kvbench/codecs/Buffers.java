package dev.kvbench.codecs;

import java.nio.ByteBuffer;

/** Copies for codecs whose native calls take only direct buffers. */
final class Buffers {

  private ByteBuffer scratch = ByteBuffer.allocateDirect(0);
  private ByteBuffer space = ByteBuffer.allocateDirect(0);

  /** {@code b} itself if direct, else its bytes between position and limit in a reused direct buffer. */
  ByteBuffer direct(ByteBuffer b) {
    if (b.isDirect()) {
      return b;
    }
    if (scratch.capacity() < b.remaining()) {
      scratch = ByteBuffer.allocateDirect(b.remaining());
    }
    ByteBuffer copy = scratch.clear();
    copy.put(b.duplicate()).flip();
    return copy;
  }

  /** A reused direct buffer with position 0 and limit {@code length}, for output. */
  ByteBuffer space(int length) {
    if (space.capacity() < length) {
      space = ByteBuffer.allocateDirect(length);
    }
    return space.clear().limit(length);
  }

  /** The bytes between position and limit of {@code b}, as an array. */
  static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.get(b.position(), out);
    return out;
  }
}
