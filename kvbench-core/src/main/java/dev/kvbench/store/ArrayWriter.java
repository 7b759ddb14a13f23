package dev.kvbench.store;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * A {@link Writer} for a library that takes byte arrays. Every put hands the library arrays of its
 * own (these libraries keep what they are given, in nodes or batches); a get's key is an array
 * this writer reuses, which the library reads during the call and does not keep, and so is a
 * delete's unless the library keeps deleted keys ({@link DeletedKeys}). It tracks whether puts are uncommitted, so closing
 * a writer with uncommitted puts takes them back where the library can ({@link #discard}).
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public abstract class ArrayWriter implements Writer {

  /** What the library does with a deleted key: whether the writer may hand it the array it reuses. */
  @API(status = API.Status.STABLE, since = "0.6.0")
  public enum DeletedKeys {
    /** Read during the call (a map's remove): the reused array will do. */
    READ_DURING_THE_CALL,
    /** Kept until a commit (a write batch): each delete gets an array of its own. */
    KEPT_UNTIL_COMMIT
  }

  private final ArrayInput lookupKey = new ArrayInput();
  private final DeletedKeys deletedKeys;
  private boolean uncommitted;

  /** A writer for a library that reads deleted keys during the call. */
  protected ArrayWriter() {
    this(DeletedKeys.READ_DURING_THE_CALL);
  }

  protected ArrayWriter(DeletedKeys deletedKeys) {
    this.deletedKeys = deletedKeys;
  }

  @Override
  public final void put(ByteBuffer key, ByteBuffer value) {
    put(Writer.copyOf(key), Writer.copyOf(value));
    uncommitted = true;
  }

  @Override
  public final void delete(ByteBuffer key) {
    delete(deletedKeys == DeletedKeys.KEPT_UNTIL_COMMIT ? Writer.copyOf(key) : lookupKey.of(key));
    uncommitted = true;
  }

  @Override
  public final ByteBuffer get(ByteBuffer key) {
    // the store as this writer left it, its uncommitted puts included; read-only, as the library's array
    byte[] value = get(lookupKey.of(key));
    return value == null ? null : ByteBuffer.wrap(value).asReadOnlyBuffer();
  }

  @Override
  public final void commit() {
    commitPuts();
    uncommitted = false;
  }

  @Override
  public final void close() {
    try {
      if (uncommitted) {
        discard();
      }
    } finally {
      uncommitted = false;
      release();
    }
  }

  /** Puts {@code key} and {@code value}, arrays the library may keep. */
  protected abstract void put(byte[] key, byte[] value);

  /** Deletes {@code key}: an array of its own where the library keeps deleted keys, else one reused for the next call. */
  protected void delete(byte[] key) {
    throw new UnsupportedCapabilityException(getClass().getSimpleName(), "delete");
  }

  /** The value of {@code key} (an array reused for the next call) as this writer left the store, or null. */
  protected byte[] get(byte[] key) {
    throw new UnsupportedCapabilityException(getClass().getSimpleName(), "get inside a write");
  }

  /** Makes this writer's puts and deletes since the last commit durable as the run's durability says. */
  protected abstract void commitPuts();

  /** Whether puts or deletes were made since the last commit. */
  protected final boolean uncommitted() {
    return uncommitted;
  }

  /** Takes back uncommitted puts and deletes where the library can; nothing by default. */
  protected void discard() {}

  /** Releases what the writer holds (a batch), after any {@link #discard}; nothing by default. */
  protected void release() {}
}
