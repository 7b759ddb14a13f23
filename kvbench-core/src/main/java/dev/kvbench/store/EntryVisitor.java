package dev.kvbench.store;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/** Receives entries from a cursor pass; the buffers are valid only during the call. */
@FunctionalInterface
@API(status = API.Status.STABLE, since = "0.6.0")
public interface EntryVisitor {

  /** Returns true to continue the pass, false to stop it. */
  boolean visit(ByteBuffer key, ByteBuffer value);

  /**
   * False when this visitor never reads the key, as the seeds' readSeq and readRev did not: an
   * adapter may then skip making each key visible and pass {@link #UNREAD_KEY} instead. Asked
   * once per pass.
   */
  default boolean readsKeys() {
    return true;
  }

  /** The key an adapter may pass to a visitor that {@linkplain #readsKeys() reads no keys}: empty. */
  ByteBuffer UNREAD_KEY = ByteBuffer.allocateDirect(0).asReadOnlyBuffer();
}
