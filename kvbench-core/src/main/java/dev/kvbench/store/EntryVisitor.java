package dev.kvbench.store;

import java.nio.ByteBuffer;

/** Receives entries from a cursor pass; the buffers are valid only during the call. */
@FunctionalInterface
public interface EntryVisitor {

  /** Returns true to continue the pass, false to stop it. */
  boolean visit(ByteBuffer key, ByteBuffer value);
}
