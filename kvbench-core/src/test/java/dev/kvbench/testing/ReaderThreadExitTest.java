package dev.kvbench.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kvbench.store.Durability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * For a store whose readers hold per-thread native state that a thread-exit destructor frees
 * (LMDB's reader slots): closing it right after its reader threads were joined, as the harness
 * does after a threaded pass, waits until those threads have left the process. A Java join returns
 * before the native thread has run its destructors; an environment unmapped under one crashed the
 * JVM (SIGSEGV in mdb_env_reader_dest). The crash itself is rare in a test; a thread still listed
 * in /proc/self/task once close returned is what shows the gap left open.
 */
public abstract class ReaderThreadExitTest {

  @TempDir protected Path temp;

  /** The provider under test. */
  protected abstract StoreProvider provider();

  @Test
  void closingRightAfterItsReaderThreadsEndedWaitsUntilTheyLeftTheProcess() throws Exception {
    Path threadSelf = Path.of("/proc/thread-self");
    assumeTrue(Files.isSymbolicLink(threadSelf), "needs Linux's /proc");
    ByteBuffer key = ByteBuffer.allocateDirect(4).putInt(0, 7);
    for (int round = 0; round < 40; round++) {
      List<Path> readerTasks = new CopyOnWriteArrayList<>();
      try (Store store = open(Files.createDirectory(temp.resolve("round" + round)))) {
        try (Session s = store.openSession(); Writer w = s.beginWrite(WriteOrder.ANY)) {
          w.put(key.duplicate(), ByteBuffer.allocateDirect(8));
          w.commit();
        }
        Thread[] readers = new Thread[4];
        for (int t = 0; t < readers.length; t++) {
          readers[t] = new Thread(() -> {
            try (Session s = store.openSession(); Reader r = s.beginRead()) {
              assertThat(r.get(key.duplicate())).isNotNull();
              readerTasks.add(Path.of("/proc/self/task").resolve(Files.readSymbolicLink(threadSelf).getFileName()));
            } catch (IOException e) {
              throw new UncheckedIOException(e);
            }
          });
          readers[t].start();
        }
        for (Thread t : readers) {
          t.join();
        }
      }
      assertThat(readerTasks).as("round %d: each reader read", round).hasSize(4);
      assertThat(readerTasks).as("round %d: reader threads still in the process once close returned", round)
          .allSatisfy(task -> assertThat(task).doesNotExist());
    }
  }

  private Store open(Path dir) {
    StoreProvider p = provider();
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of());
    return p.open(new StoreConfig(dir, s, Durability.NOSYNC, new WorkloadSizing(1, 4, 8)));
  }
}
