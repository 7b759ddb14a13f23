package dev.kvbench.workload;

import java.nio.ByteBuffer;

/**
 * The values of one run: the bytes put under key index i, of a fixed {@link #size()}. Made by a
 * {@link ValueFormat} from the value size and a seed; the built-in one is {@link ValueGenerator}.
 *
 * <p>{@link #fill} runs inside timed write passes and from every client thread at once: it must
 * allocate nothing and be thread-safe (keep no per-call state in fields).
 */
public interface ValueSource {

  /** Value length in bytes. */
  int size();

  /**
   * Writes the value of key {@code index} at offsets 0..size-1 of {@code target} (big-endian, at
   * least {@link #size()} bytes), leaving position and limit alone. Where the format is {@link
   * ValueFormat#predictable() predictable}, the same index must always give the same bytes.
   */
  void fill(long index, ByteBuffer target);
}
