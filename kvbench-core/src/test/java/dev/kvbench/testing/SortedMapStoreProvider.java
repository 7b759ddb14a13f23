package dev.kvbench.testing;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.UnsupportedCapabilityException;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A simple, obviously correct store for testing the harness: a TreeMap of copied byte arrays in
 * unsigned order, persisted to one file on close so reopen tests have something to read. Its
 * {@code ordered} setting turns the cursors off, to test how unsupported phases are reported.
 */
public class SortedMapStoreProvider implements StoreProvider {

  /** Stores opened by this provider, by directory, so tests can reach into them. */
  public final Map<Path, SortedMapStore> opened = new ConcurrentHashMap<>();

  @Override
  public String id() {
    return "sortedmap";
  }

  @Override
  public String library() {
    return "java.util:TreeMap";
  }

  @Override
  public String libraryVersion() {
    return System.getProperty("java.version");
  }

  @Override
  public Capabilities capabilities() {
    return new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), false, true, 4096, 1 << 20);
  }

  @Override
  public List<SettingSpec> settings() {
    return List.of(SettingSpec.bool("ordered", true, "false hides the cursors"));
  }

  @Override
  public Store open(StoreConfig config) {
    SortedMapStore store = new SortedMapStore(id(), config.directory(), config.settings().getBoolean("ordered"),
        capabilities().writeOperations());
    opened.put(config.directory(), store);
    return store;
  }

  /** The store itself; {@link #read} is the hook a corrupting subclass overrides. */
  public static class SortedMapStore implements Store, Session {
    private final String id;
    private final Path file;
    private final boolean ordered;
    private final boolean deletes;
    private final boolean writerGets;
    final NavigableMap<byte[], byte[]> map = new TreeMap<>(Arrays::compareUnsigned);

    protected SortedMapStore(String id, Path directory, boolean ordered) {
      this(id, directory, ordered, java.util.Set.of());
    }

    /** @param declared the write operations the provider declares: undeclared, they throw as the contract wants */
    protected SortedMapStore(String id, Path directory, boolean ordered,
        java.util.Set<dev.kvbench.store.WriteOperation> declared) {
      this.deletes = declared.contains(dev.kvbench.store.WriteOperation.DELETE);
      this.writerGets = declared.contains(dev.kvbench.store.WriteOperation.GET_IN_WRITE);
      this.id = id;
      this.file = directory.resolve("data.bin");
      this.ordered = ordered;
      load();
    }

    /** Keys the store holds, committed ones only. */
    public int size() {
      return map.size();
    }

    /** The bytes a read hands out for {@code key}; overridden to inject faults. */
    protected byte[] read(byte[] key, byte[] stored) {
      return stored;
    }

    @Override
    public Session openSession() {
      return this;
    }

    @Override
    public Map<String, Object> nativeSettings() {
      return Map.of("file", file.getFileName().toString());
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new Writer() {
        private final NavigableMap<byte[], byte[]> pending = new TreeMap<>(Arrays::compareUnsigned);

        // deletes wait for the commit as puts do; null marks one
        @Override
        public void put(ByteBuffer key, ByteBuffer value) {
          pending.put(bytes(key), bytes(value));
        }

        @Override
        public void delete(ByteBuffer key) {
          if (!deletes) {
            throw new UnsupportedCapabilityException(id, "delete");
          }
          pending.put(bytes(key), null);
        }

        @Override
        public ByteBuffer get(ByteBuffer key) {
          if (!writerGets) {
            throw new UnsupportedCapabilityException(id, "get inside a write");
          }
          byte[] k = bytes(key);
          byte[] v = pending.containsKey(k) ? pending.get(k) : map.get(k);
          return v == null ? null : ByteBuffer.wrap(v).asReadOnlyBuffer();
        }

        @Override
        public void commit() {
          for (var e : pending.entrySet()) {
            if (e.getValue() == null) {
              map.remove(e.getKey());
            } else {
              map.put(e.getKey(), e.getValue());
            }
          }
          pending.clear();
        }

        @Override
        public void close() {
          pending.clear();
        }
      };
    }

    @Override
    public Reader beginRead() {
      return new Reader() {
        @Override
        public ByteBuffer get(ByteBuffer key) {
          byte[] k = bytes(key);
          byte[] v = map.get(k);
          return v == null ? null : ByteBuffer.wrap(read(k, v)).asReadOnlyBuffer();
        }

        @Override
        public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
          if (!ordered) {
            throw new UnsupportedCapabilityException(id, "ordered scans");
          }
          long n = 0;
          for (var e : map.tailMap(Writer.copyOf(start), true).entrySet()) {
            n++;
            if (!visitor.visit(ByteBuffer.wrap(e.getKey()), ByteBuffer.wrap(read(e.getKey(), e.getValue())))) {
              break;
            }
          }
          return n;
        }

        @Override
        public long scanFrom(ByteBuffer start, ScanDirection direction, EntryVisitor visitor) {
          if (direction == ScanDirection.FORWARD) {
            return scanFrom(start, visitor);
          }
          if (!ordered) {
            throw new UnsupportedCapabilityException(id, "ordered scans");
          }
          long n = 0;
          for (var e : map.headMap(Writer.copyOf(start), true).descendingMap().entrySet()) {
            n++;
            if (!visitor.visit(ByteBuffer.wrap(e.getKey()), ByteBuffer.wrap(read(e.getKey(), e.getValue())))) {
              break;
            }
          }
          return n;
        }

        @Override
        public long scan(ScanDirection direction, EntryVisitor visitor) {
          if (!ordered) {
            throw new UnsupportedCapabilityException(id, "ordered scans");
          }
          long n = 0;
          var entries = direction == ScanDirection.FORWARD ? map.entrySet() : map.descendingMap().entrySet();
          for (var e : entries) {
            n++;
            if (!visitor.visit(ByteBuffer.wrap(e.getKey()), ByteBuffer.wrap(read(e.getKey(), e.getValue())))) {
              break;
            }
          }
          return n;
        }

        @Override
        public void close() {}
      };
    }

    @Override
    public void close() {
      try (var out = new java.io.DataOutputStream(new java.io.BufferedOutputStream(Files.newOutputStream(file)))) {
        out.writeInt(map.size());
        for (var e : map.entrySet()) {
          out.writeInt(e.getKey().length);
          out.write(e.getKey());
          out.writeInt(e.getValue().length);
          out.write(e.getValue());
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private void load() {
      if (!Files.exists(file)) {
        return;
      }
      try (var in = new java.io.DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(file)))) {
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
          byte[] k = in.readNBytes(in.readInt());
          byte[] v = in.readNBytes(in.readInt());
          map.put(k, v);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private static byte[] bytes(ByteBuffer b) {
      byte[] out = new byte[b.remaining()];
      b.duplicate().get(out);
      return out;
    }
  }
}
