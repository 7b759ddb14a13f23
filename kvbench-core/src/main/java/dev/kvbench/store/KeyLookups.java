package dev.kvbench.store;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * The keys of a readKey pass by position, and the harness's tally of what each lookup found: what
 * {@link Reader#getAll} works from. Implemented by the harness; a store only calls it. The tally
 * takes a value's length, not its bytes, as the anchor's Blackhole takes the value without reading
 * it; the bytes are checked in an untimed pass.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface KeyLookups {

  /**
   * Writes the key at {@code position} of the pass into the harness's {@code key} buffer, from its
   * position on, its position left as it was and its limit too, except where keys vary in length
   * (YCSB's names): then the limit is set to the key's end. Allocates nothing.
   */
  void fillKey(long position, ByteBuffer key);

  /** The lookup of the key at {@code position} found a value of {@code valueLength} bytes. */
  void found(long position, int valueLength);

  /** The lookup of the key at {@code position} found nothing. */
  void missing(long position);

  /** What {@link Reader#get} returned for the key at {@code position}: a value, or null for none. */
  default void tally(long position, ByteBuffer value) {
    if (value == null) {
      missing(position);
    } else {
      found(position, value.remaining());
    }
  }
}
