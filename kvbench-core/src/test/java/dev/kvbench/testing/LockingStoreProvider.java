package dev.kvbench.testing;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A test-only store whose write transaction excludes every reader: a read transaction holds the
 * read half of one lock from begin to close, a write transaction the write half. A writer that
 * stalls inside its transaction therefore stalls the readers, which is what the coordinated
 * omission test needs; real stores such as LMDB never block their readers. Any number of
 * sessions, one writer at a time. Each get spins for {@link #GET_NANOS}.
 */
public final class LockingStoreProvider implements StoreProvider {

  @Override
  public String id() {
    return "locking";
  }

  @Override
  public String library() {
    return "java.util.concurrent:ConcurrentSkipListMap";
  }

  @Override
  public String libraryVersion() {
    return System.getProperty("java.version");
  }

  @Override
  public Capabilities capabilities() {
    return new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, true, 4096, 1 << 20)
        .withWriteOperations(EnumSet.allOf(WriteOperation.class))
        .withConcurrency(new Concurrency(Concurrency.UNLIMITED, 1));
  }

  @Override
  public List<SettingSpec> settings() {
    return List.of();
  }

  @Override
  public Store open(StoreConfig config) {
    return new LockingStore();
  }

  /** What every get costs: the pace a reader can keep then depends on the store, not on the JIT. */
  static final long GET_NANOS = 2_000;

  private static void serviceTime() {
    long until = System.nanoTime() + GET_NANOS;
    while (System.nanoTime() < until) {
      Thread.onSpinWait();
    }
  }

  private static final class LockingStore implements Store {
    private final NavigableMap<byte[], byte[]> map = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();

    @Override
    public Session openSession() {
      return new Session() {
        @Override
        public Writer beginWrite(WriteOrder order) {
          lock.writeLock().lock();
          return new Writer() {
            private final NavigableMap<byte[], byte[]> pending = new java.util.TreeMap<>(Arrays::compareUnsigned);
            private boolean open = true;

            @Override
            public void put(ByteBuffer key, ByteBuffer value) {
              pending.put(Writer.copyOf(key), Writer.copyOf(value));
            }

            @Override
            public void delete(ByteBuffer key) {
              pending.put(Writer.copyOf(key), null);
            }

            @Override
            public ByteBuffer get(ByteBuffer key) {
              byte[] k = Writer.copyOf(key);
              byte[] v = pending.containsKey(k) ? pending.get(k) : map.get(k);
              return v == null ? null : ByteBuffer.wrap(v).asReadOnlyBuffer();
            }

            @Override
            public void commit() {
              pending.forEach((k, v) -> {
                if (v == null) {
                  map.remove(k);
                } else {
                  map.put(k, v);
                }
              });
              pending.clear();
            }

            @Override
            public void close() {
              if (open) {
                open = false;
                lock.writeLock().unlock();
              }
            }
          };
        }

        @Override
        public Reader beginRead() {
          lock.readLock().lock();
          return new Reader() {
            private boolean open = true;

            @Override
            public ByteBuffer get(ByteBuffer key) {
              serviceTime();
              byte[] v = map.get(Writer.copyOf(key));
              return v == null ? null : ByteBuffer.wrap(v).asReadOnlyBuffer();
            }

            @Override
            public long scan(ScanDirection direction, EntryVisitor visitor) {
              return visit(direction == ScanDirection.FORWARD ? map : map.descendingMap(), visitor);
            }

            @Override
            public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
              return visit(map.tailMap(Writer.copyOf(start), true), visitor);
            }

            private long visit(NavigableMap<byte[], byte[]> entries, EntryVisitor visitor) {
              long n = 0;
              for (var e : entries.entrySet()) {
                n++;
                if (!visitor.visit(ByteBuffer.wrap(e.getKey()), ByteBuffer.wrap(e.getValue()))) {
                  break;
                }
              }
              return n;
            }

            @Override
            public void close() {
              if (open) {
                open = false;
                lock.readLock().unlock();
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
      return Map.of("lock", "ReentrantReadWriteLock, writers exclude readers");
    }

    @Override
    public void close() {}
  }
}
