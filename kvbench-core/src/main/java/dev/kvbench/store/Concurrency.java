package dev.kvbench.store;

/**
 * How many sessions a store serves at once, each on its own thread: {@code readers} read
 * transactions, and {@code writers} that write without waiting for one another (one for LMDB,
 * whose write transactions take a lock, and for stores whose commit covers everything written;
 * several for RocksDB and LevelDB). A workload with more threads than these is reported
 * unsupported, so no figure silently measures a lock queue the store was not meant to have.
 *
 * @param readers read sessions at once, besides the writers
 * @param writers write sessions at once
 */
public record Concurrency(int readers, int writers) {

  /** As many as the workload asks (a store with no limit of its own). */
  public static final int UNLIMITED = Integer.MAX_VALUE;

  /** One session at a time: what a store that declares nothing is assumed to allow. */
  public static final Concurrency ONE_SESSION = new Concurrency(1, 1);

  public Concurrency {
    if (readers < 1 || writers < 1) {
      throw new IllegalArgumentException("a store serves at least one reader and one writer, not " + readers + " and "
          + writers);
    }
  }

  /** Many readers beside one writer: LMDB's and Xodus' model. */
  public static Concurrency readersAndOneWriter() {
    return new Concurrency(UNLIMITED, 1);
  }

  /** Many readers and many writers. */
  public static Concurrency unlimited() {
    return new Concurrency(UNLIMITED, UNLIMITED);
  }
}
