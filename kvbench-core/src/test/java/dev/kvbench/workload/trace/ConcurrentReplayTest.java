package dev.kvbench.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.testing.CorruptingStoreProvider;
import dev.kvbench.testing.SortedMapStoreProvider;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 67: a trace whose sessions had transactions open at once replays with the recorded thread
 * layout, a thread per session, each read checked against what the replay's commits could have
 * left; a store that cannot serve that many transactions at once is unsupported with the reason.
 */
class ConcurrentReplayTest {

  @TempDir Path dir;
  private final AtomicInteger stores = new AtomicInteger();

  /** A sorted-map store made safe for several sessions at once by one lock, declaring them. */
  static final class Locked implements StoreProvider {
    private final SortedMapStoreProvider inner;
    private final Concurrency concurrency;

    Locked(SortedMapStoreProvider inner, Concurrency concurrency) {
      this.inner = inner;
      this.concurrency = concurrency;
    }

    @Override
    public String id() {
      return "locked-" + inner.id();
    }

    @Override
    public String library() {
      return inner.library();
    }

    @Override
    public Capabilities capabilities() {
      return inner.capabilities().withWriteOperations(EnumSet.of(WriteOperation.OVERWRITE, WriteOperation.DELETE,
          WriteOperation.GET_IN_WRITE)).withConcurrency(concurrency);
    }

    @Override
    public java.util.List<dev.kvbench.store.SettingSpec> settings() {
      return inner.settings();
    }

    @Override
    public Store open(StoreConfig config) {
      Store s = inner.open(config);
      Object lock = new Object();
      return new Store() {
        @Override
        public Session openSession() {
          Session session = s.openSession();
          return new Session() {
            @Override
            public Writer beginWrite(WriteOrder order) {
              Writer w;
              synchronized (lock) {
                w = session.beginWrite(order);
              }
              return new Writer() {
                @Override
                public void put(ByteBuffer key, ByteBuffer value) {
                  synchronized (lock) {
                    w.put(key, value);
                  }
                }

                @Override
                public void delete(ByteBuffer key) {
                  synchronized (lock) {
                    w.delete(key);
                  }
                }

                @Override
                public ByteBuffer get(ByteBuffer key) {
                  synchronized (lock) {
                    return w.get(key);
                  }
                }

                @Override
                public void commit() {
                  synchronized (lock) {
                    w.commit();
                  }
                }

                @Override
                public void close() {
                  synchronized (lock) {
                    w.close();
                  }
                }
              };
            }

            @Override
            public Reader beginRead() {
              Reader r;
              synchronized (lock) {
                r = session.beginRead();
              }
              return new Reader() {
                @Override
                public ByteBuffer get(ByteBuffer key) {
                  synchronized (lock) {
                    return r.get(key);
                  }
                }

                @Override
                public long scan(ScanDirection direction, EntryVisitor visitor) {
                  synchronized (lock) {
                    return r.scan(direction, visitor);
                  }
                }

                @Override
                public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
                  synchronized (lock) {
                    return r.scanFrom(start, visitor);
                  }
                }

                @Override
                public long scanFrom(ByteBuffer start, ScanDirection direction, EntryVisitor visitor) {
                  synchronized (lock) {
                    return r.scanFrom(start, direction, visitor);
                  }
                }

                @Override
                public void close() {
                  synchronized (lock) {
                    r.close();
                  }
                }
              };
            }

            @Override
            public void close() {}
          };
        }

        @Override
        public Map<String, Object> nativeSettings() {
          return s.nativeSettings();
        }

        @Override
        public void close() {
          s.close();
        }
      };
    }
  }

  private Store open(StoreProvider p) throws Exception {
    Path d = Files.createDirectories(dir.resolve("store-" + stores.incrementAndGet()));
    StoreSettings s = StoreSettings.resolve(p.id(), p.settings(), Map.of());
    return p.open(new StoreConfig(d, s, Durability.NOSYNC, new WorkloadSizing(1_000, 8, 100)));
  }

  private static ByteBuffer key(long k) {
    return ByteBuffer.allocate(8).putLong(0, k);
  }

  /**
   * An application of two threads on a store holding keys 0-199: a writer overwrites and deletes
   * them in transactions of 5, while a reader gets and scans them, each on a session of its own.
   */
  private Path recordTwoThreads(boolean deletes) throws Exception {
    Store before = open(new Locked(new TraceReplayTest.FullProvider(), Concurrency.unlimited()));
    try (Session s = before.openSession(); Writer w = s.beginWrite(WriteOrder.ASCENDING)) {
      for (long k = 0; k < 200; k++) {
        w.put(key(k), ByteBuffer.wrap(new byte[40]));
      }
      w.commit();
    }
    Path file = dir.resolve("two-threads-" + deletes + ".trace");
    try (TraceWriter trace = TraceWriter.create(file, KeyMode.RAW, 7, "ConcurrentReplayTest")) {
      Store store = Recording.of(before, trace);
      CountDownLatch bothOpen = new CountDownLatch(2);
      Thread writer = new Thread(() -> {
        try (Session s = store.openSession()) {
          bothOpen.countDown();
          for (int t = 0; t < 40; t++) {
            try (Writer w = s.beginWrite(WriteOrder.ANY)) {
              if (t == 0) {
                await(bothOpen);
              }
              for (int i = 0; i < 5; i++) {
                long k = (t * 37L + i * 11) % 200;
                if (deletes && i == 4 && t % 3 == 0) {
                  w.delete(key(k));
                } else {
                  w.put(key(k), ByteBuffer.wrap(new byte[20 + i]));
                }
              }
              w.commit();
            }
          }
        }
      });
      Thread reader = new Thread(() -> {
        try (Session s = store.openSession()) {
          for (int t = 0; t < 60; t++) {
            long from = t;
            try (Reader r = s.beginRead()) {
              if (t == 0) {
                bothOpen.countDown(); // a read open while the writer's first write is: the sessions overlap
                await(bothOpen);
              }
              for (long k = t; k < 200; k += 23) {
                r.get(key(k));
              }
              r.scanFrom(key(from), (k, v) -> k.getLong(0) < from + 10);
            }
          }
        }
      });
      writer.start();
      reader.start();
      writer.join();
      reader.join();
      store.close();
    }
    return file;
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void overlappingSessionsReplayOnAThreadEachAndEveryReadFindsAStateTheCommitsLeft() throws Exception {
    TracePlan plan = TracePlan.of(recordTwoThreads(true));
    assertThat(plan.sessions()).isEqualTo(2);
    assertThat(plan.overlap()).isNotNull();
    assertThat(plan.overlap().writes()).isEqualTo(1);
    assertThat(plan.overlap().reads()).isEqualTo(1);
    Locked concurrent = new Locked(new TraceReplayTest.FullProvider(), Concurrency.readersAndOneWriter());
    Replayer replay = Replayer.of(plan, TraceReplay.Checks.AGAINST_WHAT_WAS_WRITTEN, true,
        ReplayPace.AS_FAST_AS_POSSIBLE, concurrent.capabilities());
    assertThat(replay).isInstanceOf(ConcurrentReplay.class);
    assertThat(replay.unsupportedReason(concurrent.capabilities())).isNull();
    try (Store fresh = open(concurrent)) {
      replay.load(fresh);
      for (int pass = 0; pass < 3; pass++) {
        // each pass goes on from what the last left: its checks follow the replay's own commits
        TraceReplay.Outcome o = replay.replay(fresh, new java.util.EnumMap<>(TraceKind.class), null, n -> { });
        assertThat(o.failure()).as("pass %d", pass).isNull();
        assertThat(o.operations()).isEqualTo(plan.operations());
        assertThat(o.byKind()).containsEntry(TraceKind.COMMIT, 40L).containsEntry(TraceKind.DELETE, 14L).containsEntry(TraceKind.BEGIN_READ, 60L)
            .containsEntry(TraceKind.SCAN_FROM, 60L);
        assertThat(o.scannedEntries()).isPositive();
      }
      assertThat(replay.heldBytes()).isPositive();
    }
  }

  @Test
  void aStoreThatReturnsAValueNoCommitWroteFailsTheReplay() throws Exception {
    TracePlan plan = TracePlan.of(recordTwoThreads(false));
    Locked bad = new Locked(new CorruptingStoreProvider(key(46), 0), Concurrency.unlimited());
    Replayer replay = Replayer.of(plan, TraceReplay.Checks.AGAINST_WHAT_WAS_WRITTEN, true,
        ReplayPace.AS_FAST_AS_POSSIBLE, bad.capabilities());
    try (Store store = open(bad)) {
      replay.load(store);
      TraceReplay.Outcome o = replay.replay(store, null, null, n -> { });
      assertThat(o.failure()).contains("000000000000002e").contains("no commit the read could see wrote");
    }
  }

  @Test
  void aStoreThatServesFewerTransactionsAtOnceIsUnsupportedWithTheReason() throws Exception {
    TracePlan plan = TracePlan.of(recordTwoThreads(true));
    Replayer replay = Replayer.of(plan, TraceReplay.Checks.NONE, true, ReplayPace.AS_FAST_AS_POSSIBLE,
        new SortedMapStoreProvider().capabilities());
    assertThat(replay.unsupportedReason(new SortedMapStoreProvider().capabilities()))
        .contains("had transactions open at once").contains("one session at a time");
    assertThat(replay.unsupportedReason(new Locked(new SortedMapStoreProvider(), new Concurrency(0, 1)).capabilities()))
        .contains("one session at a time");
  }
}
