package dev.kvbench.store;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * The bytes between position and limit of a harness buffer as a byte[], for libraries that take
 * arrays (RocksDB's and LevelDBJNI's array calls, MapDB, MVStore, the iq80 port's gets): copied
 * into one reused array of exactly that length (the harness's keys and values have one size per
 * run, so it is allocated once), leaving the harness buffer untouched. Only for calls that do not
 * keep the array once they return; a store that keeps it needs {@link Writer#copyOf}.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class ArrayInput {

  private byte[] bytes = new byte[0];

  /** The bytes of {@code b}, in this input's array; valid until the next call. */
  public byte[] of(ByteBuffer b) {
    int length = b.remaining();
    if (bytes.length != length) {
      bytes = new byte[length];
    }
    b.get(b.position(), bytes);
    return bytes;
  }
}
