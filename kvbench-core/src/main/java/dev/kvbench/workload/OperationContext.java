package dev.kvbench.workload;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * What a {@link CustomOperation} is handed: the op's transaction, in terms of key indexes. Keys come
 * from the cell's {@link KeyFormat} and values from its {@link ValueFormat}, so kvbench can check
 * every read: inside the timed op, that a value of the right length came back; after the measured
 * passes, untimed, that every key holds its loaded or its updated value byte for byte.
 *
 * <p>Not thread-safe: one context per client thread, valid only during {@link CustomOperation#run}.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface OperationContext {

  /**
   * A key index drawn from the phase's request distribution (zipfian unless the mix says otherwise)
   * over the keys the store holds.
   */
  long randomKey();

  /**
   * The value under key {@code index} as this op's transaction sees it (its own puts included), or
   * null when there is none, which the phase reports as a failed read. The buffer is read-only and
   * valid until the next call on this context.
   */
  ByteBuffer get(long index);

  /**
   * Puts key {@code index}'s update value (the value format's bytes for the update seed) in this op's
   * transaction.
   *
   * @throws IllegalStateException in a {@link CustomMix.Access#READ_ONLY} op
   */
  void put(long index);

  /**
   * Puts the bytes of {@code value} (position to limit) under key {@code index} in this op's
   * transaction: a value the op computed, such as a record with one field changed. From then on
   * the key is the operation's: kvbench no longer checks what it holds (the op checks what it reads
   * back), and the harness's own keys stay verified.
   *
   * @throws IllegalStateException in a {@link CustomMix.Access#READ_ONLY} op
   */
  void put(long index, ByteBuffer value);

  /**
   * Deletes key {@code index} in this op's transaction; the key is then the operation's, as after
   * {@link #put(long, ByteBuffer)}.
   *
   * @throws IllegalStateException in a {@link CustomMix.Access#READ_ONLY} op
   * @throws dev.kvbench.store.UnsupportedCapabilityException where the store declares no delete
   */
  void delete(long index);

  /**
   * Visits up to {@code limit} entries from key {@code index} on: ascending from the first key at or
   * after it ({@link dev.kvbench.store.ScanDirection#FORWARD}) or descending from the last key at or
   * before it ({@code REVERSE}), in the committed data this op's transaction sees (a write op scans
   * what is committed). The visitor's buffers are valid during its call only. Returns the entries
   * visited.
   *
   * @throws dev.kvbench.store.UnsupportedCapabilityException where the store has no such scan
   */
  long scan(long index, dev.kvbench.store.ScanDirection direction, int limit, dev.kvbench.store.EntryVisitor visitor);

  /** The client thread running this op, 0..threads-1. */
  int thread();
}
