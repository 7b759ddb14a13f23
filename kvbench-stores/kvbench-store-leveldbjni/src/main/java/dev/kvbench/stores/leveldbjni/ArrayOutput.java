package dev.kvbench.stores.leveldbjni;

import java.nio.ByteBuffer;

/**
 * A reused direct buffer for what LevelDBJNI returns. Its reads cannot avoid allocating: every
 * get returns a new byte[], every cursor step a new key byte[], value byte[] and Map.Entry. Those
 * are copied here rather than wrapped, so the adapter adds no allocation of its own and the harness
 * reads the same kind of buffer from every store.
 */
final class ArrayOutput {

  private ByteBuffer buffer = ByteBuffer.allocateDirect(256);

  ByteBuffer of(byte[] bytes) {
    if (buffer.capacity() < bytes.length) {
      buffer = ByteBuffer.allocateDirect(Math.max(bytes.length, 2 * buffer.capacity()));
    }
    buffer.clear();
    buffer.put(bytes).flip();
    return buffer;
  }
}
