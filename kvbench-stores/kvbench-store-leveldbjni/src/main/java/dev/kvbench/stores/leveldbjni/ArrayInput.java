package dev.kvbench.stores.leveldbjni;

import java.nio.ByteBuffer;

/**
 * The bytes between position and limit of a harness buffer as a byte[], which is all LevelDBJNI
 * takes: copied into one reused array of exactly that length (the harness's keys and values have
 * one size per run, so it is allocated once), leaving the harness buffer untouched. LevelDBJNI
 * copies the array again into native memory, and leveldb into its batch or lookup key, so the
 * array is free for reuse when the call returns.
 */
final class ArrayInput {

  private byte[] bytes = new byte[0];

  byte[] of(ByteBuffer b) {
    int length = b.remaining();
    if (bytes.length != length) {
      bytes = new byte[length];
    }
    b.get(b.position(), bytes);
    return bytes;
  }
}
