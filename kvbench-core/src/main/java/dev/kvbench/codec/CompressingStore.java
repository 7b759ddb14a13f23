package dev.kvbench.codec;

import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A store whose values the harness compresses before each put and decompresses after each get,
 * as the Symas compression benchmark did with LMDB: the store sees only compressed bytes, the
 * workload only the values it wrote, so every read is still checked. Each session has its own
 * codec and buffers; a value handed back stays valid until that session's next get or scan step.
 */
public final class CompressingStore implements Store {

  private final Store store;
  private final ValueCodecProvider codec;
  private final int valueSize;

  /**
   * @param store the store, opened with room for the most a value compresses to
   * @param valueSize the largest value the workload writes
   */
  public CompressingStore(Store store, ValueCodecProvider codec, int valueSize) {
    this.store = store;
    this.codec = codec;
    this.valueSize = valueSize;
  }

  /**
   * Opens {@code provider}'s store as {@code config} says, but sized for the most a value
   * compresses to, and wraps it so the workload puts and gets its own values.
   */
  public static CompressingStore open(StoreProvider provider, StoreConfig config, ValueCodecProvider codec) {
    WorkloadSizing workload = config.sizing();
    int storedValueSize;
    try (ValueCodec c = codec.newCodec()) {
      storedValueSize = c.maxCompressedLength(workload.valueSize());
    }
    StoreConfig stored = new StoreConfig(config.directory(), config.settings(), config.durability(),
        new WorkloadSizing(workload.entries(), workload.keySize(), storedValueSize));
    return new CompressingStore(provider.open(stored), codec, workload.valueSize());
  }

  @Override
  public Session openSession() {
    return new CompressingSession(store.openSession(), codec.newCodec(), valueSize);
  }

  @Override
  public java.util.Optional<dev.kvbench.store.PageCounts> pageCounts() {
    return store.pageCounts();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    Map<String, Object> m = new LinkedHashMap<>(store.nativeSettings());
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("codec", codec.id());
    c.put("library", codec.library());
    // by name: a codec's Map.of changes its order from one JVM to the next
    c.putAll(new java.util.TreeMap<>(codec.settings()));
    c.put("appliedBy", "kvbench, to each value on its own, before put and after get");
    m.put("valueCodec", c);
    return m;
  }

  @Override
  public void close() {
    store.close();
  }

  private static final class CompressingSession implements Session {
    private final Session session;
    private final ValueCodec codec;
    private final ByteBuffer packed;
    private final ByteBuffer unpacked;

    CompressingSession(Session session, ValueCodec codec, int valueSize) {
      this.session = session;
      this.codec = codec;
      this.packed = ByteBuffer.allocateDirect(codec.maxCompressedLength(valueSize));
      this.unpacked = ByteBuffer.allocateDirect(valueSize);
    }

    ByteBuffer pack(ByteBuffer value) {
      int n = codec.compress(value, packed);
      return packed.limit(n).position(0);
    }

    /** The value {@code stored} decompresses to, or null for a key the store does not have. */
    ByteBuffer unpack(ByteBuffer stored) {
      if (stored == null) {
        return null;
      }
      int n = codec.decompress(stored, unpacked);
      return unpacked.limit(n).position(0);
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      Writer w = session.beginWrite(order);
      return new Writer() {
        @Override
        public void put(ByteBuffer key, ByteBuffer value) {
          w.put(key, pack(value));
        }

        @Override
        public void delete(ByteBuffer key) {
          w.delete(key);
        }

        @Override
        public ByteBuffer get(ByteBuffer key) {
          return unpack(w.get(key));
        }

        @Override
        public void commit() {
          w.commit();
        }

        @Override
        public void close() {
          w.close();
        }
      };
    }

    @Override
    public Reader beginRead() {
      Reader r = session.beginRead();
      return new Reader() {
        @Override
        public ByteBuffer get(ByteBuffer key) {
          return unpack(r.get(key));
        }

        @Override
        public long scan(ScanDirection direction, EntryVisitor visitor) {
          return r.scan(direction, unpacking(visitor));
        }

        @Override
        public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
          return r.scanFrom(start, unpacking(visitor));
        }

        @Override
        public void close() {
          r.close();
        }
      };
    }

    private EntryVisitor unpacking(EntryVisitor visitor) {
      return new EntryVisitor() {
        @Override
        public boolean visit(ByteBuffer key, ByteBuffer value) {
          return visitor.visit(key, unpack(value));
        }

        @Override
        public boolean readsKeys() {
          return visitor.readsKeys();
        }
      };
    }

    @Override
    public void close() {
      try {
        session.close();
      } finally {
        codec.close();
      }
    }
  }
}
