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

    /**
     * The key MDB_INTEGERKEY compares, in native byte order, made from {@code harnessKey}: a
     * {@link #key} view of the harness's 4-byte big-endian key. Valid until the next call.
     */
    T nativeIntKey(T harnessKey);

    ByteBuffer outKey(T lmdbKey);

    ByteBuffer outValue(T lmdbValue);

    /** The length of a value LMDB returned, without a view of its bytes. */
    int lengthOf(T lmdbValue);
  }
}
