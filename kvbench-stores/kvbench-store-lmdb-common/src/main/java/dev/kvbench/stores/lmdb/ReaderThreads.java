package dev.kvbench.stores.lmdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The threads that began read transactions in one environment, so that closing it can wait for
 * those that ended to be gone.
 *
 * <p>LMDB (without MDB_NOTLS, which the anchor does not set) gives every thread that begins a read
 * transaction a reader slot in the lock file's map, and frees it from a pthread destructor that
 * runs as the thread exits. A Java thread counts as ended ({@code join} returns) before its native
 * thread has run those destructors; an environment closed in that gap is unmapped under the
 * destructor, which crashes the JVM with SIGSEGV in {@code mdb_env_reader_dest} (ReOpenLDAP issue
 * 48). Threads still running when the environment closes are safe: {@code mdb_env_close} deletes
 * the key before it unmaps. So {@link #awaitEnded} waits, before the close, until every recorded
 * thread that has ended is gone from {@code /proc/self/task}.
 */
public final class ReaderThreads {

  private static final long UNKNOWN = -1;
  /** A thread's exit takes microseconds; past this something else is wrong, and the close goes ahead. */
  private static final Duration LIMIT = Duration.ofSeconds(10);
  /** Without /proc nothing shows a thread gone; its exit takes microseconds, this is ample. */
  private static final Duration GRACE = Duration.ofMillis(20);

  private final Path tasks;
  private final Path threadSelf;
  private final Duration limit;
  private final Map<Thread, Long> nativeIds = new ConcurrentHashMap<>();

  /** Linux's view of this process's threads. */
  public ReaderThreads() {
    this(Path.of("/proc/self/task"), Path.of("/proc/thread-self"), LIMIT);
  }

  /**
   * @param tasks a folder with an entry per live native thread id
   * @param threadSelf a link to the caller's entry
   * @param limit the longest {@link #awaitEnded} waits
   */
  ReaderThreads(Path tasks, Path threadSelf, Duration limit) {
    this.tasks = tasks;
    this.threadSelf = threadSelf;
    this.limit = limit;
  }

  /** Records the calling thread, about to begin a read transaction: after its first, a lock-free lookup. */
  public void enter() {
    Thread caller = Thread.currentThread();
    if (!nativeIds.containsKey(caller)) {
      nativeIds.put(caller, nativeId());
    }
  }

  /**
   * Waits until every recorded thread that has ended has left the process (at most ten seconds);
   * then the environment may close. Without /proc (not Linux) it waits a short grace instead.
   */
  public void awaitEnded() {
    long deadline = System.nanoTime() + limit.toNanos();
    boolean unseen = false;
    for (Map.Entry<Thread, Long> e : nativeIds.entrySet()) {
      if (e.getKey().isAlive()) {
        continue;  // its destructor will find the key deleted
      }
      if (e.getValue() == UNKNOWN) {
        unseen = true;
        continue;
      }
      Path task = tasks.resolve(Long.toString(e.getValue()));
      while (Files.exists(task) && System.nanoTime() < deadline) {
        pause(Duration.ofMillis(1));
      }
    }
    if (unseen) {
      pause(GRACE);
    }
  }

  private static void pause(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reader threads exited", e);
    }
  }

  /** The caller's kernel thread id, from /proc/thread-self -> PID/task/TID. */
  private long nativeId() {
    try {
      Path link = Files.readSymbolicLink(threadSelf);
      return Long.parseLong(link.getFileName().toString());
    } catch (IOException | UnsupportedOperationException | NumberFormatException e) {
      return UNKNOWN;
    }
  }
}
