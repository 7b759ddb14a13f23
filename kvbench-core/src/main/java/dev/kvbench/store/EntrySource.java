package dev.kvbench.store;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * The entries of a write pass by position, as the harness makes them: what {@link Writer#putAll}
 * asks for each entry it puts. Implemented by the harness; a store only calls it.
 */
@FunctionalInterface
@API(status = API.Status.STABLE, since = "0.6.0")
public interface EntrySource {

  /**
   * Writes the entry at {@code position} of the pass into the harness's buffers: the key from
   * {@code key}'s position on, its position left as it was and its limit too, except where keys
   * vary in length (YCSB's names): then the limit is set to the key's end; and the value from
   * {@code value}'s position 0 on, its limit set to the value's length (values may vary in length).
   * Allocates nothing.
   */
  void fill(long position, ByteBuffer key, ByteBuffer value);
}
