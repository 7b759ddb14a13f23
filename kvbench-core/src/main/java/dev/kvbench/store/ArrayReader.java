package dev.kvbench.store;

import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * A {@link Reader} for a library that takes byte arrays: a get's key is an array this reader
 * reuses, which the library reads during the call and does not keep; values are wrapped, not
 * copied. Scans are the adapter's; {@link #visitEach} walks an iterator of array entries.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public abstract class ArrayReader implements Reader {

  private final ArrayInput lookupKey = new ArrayInput();

  @Override
  public final ByteBuffer get(ByteBuffer key) {
    byte[] value = get(lookupKey.of(key));
    return value == null ? null : ByteBuffer.wrap(value);
  }

  /** The value of {@code key}, an array reused for the next call, or null. */
  protected abstract byte[] get(byte[] key);

  /** {@code key} in the array this reader reuses for lookups: a scan's bound the library does not keep. */
  protected final byte[] lookupKey(ByteBuffer key) {
    return lookupKey.of(key);
  }

  /** Visits {@code entries} in the order they come until the visitor stops; how many it visited. */
  protected static long visitEach(Iterator<? extends Map.Entry<byte[], byte[]>> entries, EntryVisitor visitor) {
    long visited = 0;
    while (entries.hasNext()) {
      Map.Entry<byte[], byte[]> e = entries.next();
      visited++;
      if (!visitor.visit(ByteBuffer.wrap(e.getKey()), ByteBuffer.wrap(e.getValue()))) {
        break;
      }
    }
    return visited;
  }

  @Override
  public void close() {}
}
