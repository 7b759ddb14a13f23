package dev.kvbench.stores.lmdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReaderThreadsTest {

  @TempDir Path dir;

  /** A /proc stand-in: thread-self names task 4242, which is live while its entry exists. */
  private ReaderThreads fakeProc() throws Exception {
    Path tasks = Files.createDirectories(dir.resolve("7/task"));
    Files.createFile(tasks.resolve("4242"));
    Path threadSelf = Files.createSymbolicLink(dir.resolve("thread-self"), Path.of("7/task/4242"));
    return new ReaderThreads(tasks, threadSelf, java.time.Duration.ofHours(1));
  }

  @Test
  void closingWaitsForAThreadThatEndedUntilItsNativeThreadIsGone() throws Exception {
    ReaderThreads readers = fakeProc();
    Thread reader = new Thread(readers::enter);
    reader.start();
    reader.join();  // ended for Java, but its task entry is still there

    CompletableFuture<Void> close = CompletableFuture.runAsync(readers::awaitEnded);
    Thread.sleep(200);
    assertThat(close).as("returned while the ended thread's task was still listed").isNotDone();

    Files.delete(dir.resolve("7/task/4242"));
    close.get(60, TimeUnit.SECONDS);
  }

  @Test
  void aThreadStillRunningDoesNotHoldTheCloseUp() throws Exception {
    ReaderThreads readers = fakeProc();
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    Thread reader = new Thread(() -> {
      readers.enter();
      entered.countDown();
      awaitQuietly(release);
    });
    reader.start();
    try {
      entered.await();
      // its destructor will find LMDB's key deleted, so the close need not wait (here it could wait an hour)
      CompletableFuture.runAsync(readers::awaitEnded).get(60, TimeUnit.SECONDS);
      assertThat(reader.isAlive()).isTrue();
    } finally {
      release.countDown();
      reader.join();
    }
  }

  @Test
  void onLinuxAnEndedReaderIsGoneFromTheProcessOnceClosingMayGoOn() throws Exception {
    Path threadSelf = Path.of("/proc/thread-self");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isSymbolicLink(threadSelf), "needs Linux's /proc");
    ReaderThreads readers = new ReaderThreads();
    AtomicReference<Path> task = new AtomicReference<>();
    for (int i = 0; i < 50; i++) {
      Thread reader = new Thread(() -> {
        readers.enter();
        try {
          task.set(Path.of("/proc/self/task").resolve(Files.readSymbolicLink(threadSelf).getFileName()));
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      reader.start();
      reader.join();
      readers.awaitEnded();
      assertThat(task.get()).as("the reader's kernel task after awaitEnded").doesNotExist();
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
