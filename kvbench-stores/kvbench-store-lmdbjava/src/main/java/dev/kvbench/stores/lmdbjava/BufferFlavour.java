package dev.kvbench.stores.lmdbjava;

import java.nio.ByteBuffer;
import org.lmdbjava.BufferProxy;

/**
 * How one LmdbJava buffer type meets the harness's ByteBuffers: which proxy LmdbJava uses, and
 * per session, how harness buffers go in and LMDB memory comes out, without copying.
 */
interface BufferFlavour<T> {

  BufferProxy<T> proxy();

  /** Buffers for one session; reused on every op, so nothing is allocated per op. */
  Views<T> newViews();

  /** Per-session views between harness ByteBuffers and the flavour's buffers. */
  interface Views<T> {
    T key(ByteBuffer harnessKey);

    T value(ByteBuffer harnessValue);

    ByteBuffer outKey(T lmdbKey);

    ByteBuffer outValue(T lmdbValue);
  }
}
