package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.LmdbException;
import org.lmdbjava.Meta;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/** One LMDB environment with one unnamed database, in either buffer flavour. */
final class LmdbJavaStore<T> implements Store {

  /** LMDB's page size on Linux x86-64 and aarch64 with 4 KiB pages. */
  private static final long PAGE = 4096;

  private static final PutFlags[] APPEND = {PutFlags.MDB_APPEND};
  private static final PutFlags[] NO_FLAGS = {};

  private final String id;
  private final BufferFlavour<T> flavour;
  private final Env<T> env;
  private final Dbi<T> dbi;
  private final long mapSize;
  private final List<EnvFlags> flags;

  LmdbJavaStore(String id, BufferFlavour<T> flavour, StoreConfig config) {
    this.id = id;
    this.flavour = flavour;
    this.flags = envFlags(config);
    this.mapSize =
        config.settings().isAuto("mapSize")
            ? autoMapSize(config.sizing())
            : config.settings().getLong("mapSize");
    try {
      this.env =
          Env.create(flavour.proxy())
              .setMapSize(mapSize)
              .setMaxDbs(1)
              .setMaxReaders(126)
              .open(config.directory().toFile(), flags.toArray(new EnvFlags[0]));
      this.dbi = env.openDbi((String) null, DbiFlags.MDB_CREATE);
    } catch (LmdbException e) {
      throw new StoreException(id + ": cannot open LMDB in " + config.directory() + ": " + e.getMessage(), e);
    }
  }

  private static List<EnvFlags> envFlags(StoreConfig config) {
    List<EnvFlags> f = new ArrayList<>();
    if (config.settings().getBoolean("writeMap")) {
      f.add(EnvFlags.MDB_WRITEMAP);
    }
    if (config.durability() == Durability.NOSYNC) {
      f.add(EnvFlags.MDB_NOSYNC);
    } else if (config.durability() == Durability.LAZY || !config.settings().getBoolean("metaSync")) {
      // LAZY: data pages are flushed on commit, the meta page at the next one
      f.add(EnvFlags.MDB_NOMETASYNC);
    }
    return f;
  }

  /**
   * Map size for the workload with headroom: a B+ tree leaf filled by random inserts is often only
   * half full, and copy-on-write needs free pages while a transaction is open. Entries too big to
   * share a page go to overflow pages, rounded up to whole pages.
   */
  static long autoMapSize(WorkloadSizing sizing) {
    long node = 8 + sizing.keySize() + (long) sizing.valueSize() + 2;
    long nodeMax = (PAGE - 16) / 2;
    long perEntry =
        node <= nodeMax
            ? node
            : 8 + sizing.keySize() + 8 + 2 + ceilDiv(sizing.valueSize() + 16L, PAGE) * PAGE;
    long bytes = 64L * 1024 * 1024 + sizing.entries() * perEntry * 3;
    return ceilDiv(bytes, PAGE) * PAGE;
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }

  @Override
  public Session openSession() {
    return new LmdbSession();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    Map<String, Object> m = new LinkedHashMap<>();
    Meta.Version v = Meta.version();
    m.put("lmdbVersion", v.major + "." + v.minor + "." + v.patch);
    m.put("bufferProxy", flavour.toString());
    m.put("envFlags", flags.stream().map(Enum::name).toList());
    m.put("mapSizeBytes", mapSize);
    m.put("pageSize", env.stat().pageSize);
    m.put("maxKeySize", env.getMaxKeySize());
    m.put("appendForSequentialWrites", "MDB_APPEND");
    return m;
  }

  @Override
  public void close() {
    env.close();
  }

  private final class LmdbSession implements Session {

    private final BufferFlavour.Views<T> views = flavour.newViews();

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new LmdbWriter(order == WriteOrder.ASCENDING ? APPEND : NO_FLAGS);
    }

    @Override
    public Reader beginRead() {
      return new LmdbReader();
    }

    @Override
    public void close() {}

    private final class LmdbWriter implements Writer {
      private final PutFlags[] putFlags;
      private Txn<T> txn;
      private Cursor<T> cursor;

      LmdbWriter(PutFlags[] putFlags) {
        this.putFlags = putFlags;
      }

      @Override
      public void put(ByteBuffer key, ByteBuffer value) {
        if (txn == null) {
          txn = env.txnWrite();
          cursor = dbi.openCursor(txn);
        }
        try {
          cursor.put(views.key(key), views.value(value), putFlags);
        } catch (Env.MapFullException e) {
          throw new StoreException(
              id + ": LMDB map is full at " + mapSize + " bytes; raise it with -o " + id + ".mapSize=<bytes>", e);
        }
      }

      @Override
      public void commit() {
        if (txn == null) {
          return;
        }
        cursor.close();
        txn.commit();
        txn.close();
        txn = null;
        cursor = null;
      }

      @Override
      public void close() {
        if (txn != null) {
          cursor.close();
          txn.abort();
          txn.close();
          txn = null;
        }
      }
    }

    private final class LmdbReader implements Reader {
      private final Txn<T> txn = env.txnRead();

      @Override
      public ByteBuffer get(ByteBuffer key) {
        T value = dbi.get(txn, views.key(key));
        return value == null ? null : views.outValue(value);
      }

      @Override
      public long scan(ScanDirection direction, EntryVisitor visitor) {
        boolean forward = direction == ScanDirection.FORWARD;
        long visited = 0;
        try (Cursor<T> c = dbi.openCursor(txn)) {
          boolean more = forward ? c.first() : c.last();
          while (more) {
            visited++;
            if (!visitor.visit(views.outKey(c.key()), views.outValue(c.val()))) {
              break;
            }
            more = forward ? c.next() : c.prev();
          }
        }
        return visited;
      }

      @Override
      public void close() {
        txn.close();
      }
    }
  }
}
