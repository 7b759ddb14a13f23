package dev.kvbench.store;

import org.apiguardian.api.API;

/**
 * How many sessions a store serves at once, each on its own thread: {@code readers} read
 * transactions, and {@code writers} that write without waiting for one another (one for LMDB,
 * whose write transactions take a lock, and for stores whose commit covers everything written;
 * several for RocksDB and LevelDB). A workload with more threads than these is reported
 * unsupported, so no figure silently measures a lock queue the store was not meant to have.
 *
 * @param readers read sessions that may run at the same time as each other and as the writers; 0
 *     when the store serves one session at a time
 * @param writers write sessions at once
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record Concurrency(int readers, int writers) {

  /** As many as the workload asks (a store with no limit of its own). */
  public static final int UNLIMITED = Integer.MAX_VALUE;

  /** One session at a time: what a store that declares nothing is assumed to allow. */
  public static final Concurrency ONE_SESSION = new Concurrency(0, 1);

  public Concurrency {
    if (readers < 0 || writers < 1) {
      throw new IllegalArgumentException("readers must be 0 or more and writers 1 or more, not " + readers + " and "
          + writers);
    }
  }

  /** Whether readers may run beside the writers at all. */
  public boolean concurrent() {
    return readers > 0;
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
