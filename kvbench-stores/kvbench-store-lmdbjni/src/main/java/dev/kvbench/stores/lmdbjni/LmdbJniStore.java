package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.MemoryWindow;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.stores.lmdb.LmdbFlag;
import dev.kvbench.stores.lmdb.IntegerKeys;
import dev.kvbench.stores.lmdb.LmdbSettings;
import dev.kvbench.stores.lmdb.ReaderThreads;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fusesource.lmdbjni.Constants;
import org.fusesource.lmdbjni.Cursor;
import org.fusesource.lmdbjni.Database;
import org.fusesource.lmdbjni.DirectBuffer;
import org.fusesource.lmdbjni.Env;
import org.fusesource.lmdbjni.GetOp;
import org.fusesource.lmdbjni.LMDBException;
import org.fusesource.lmdbjni.SeekOp;
import org.fusesource.lmdbjni.Transaction;

/**
 * One LMDB environment with one unnamed database through LMDBJNI's DirectBuffer API, which passes
 * addresses to LMDB and wraps the addresses LMDB returns: nothing is copied on the way in or out.
 */
final class LmdbJniStore implements Store {

  /** rw-rw-r--, LmdbJava's default mode for the environment's files. */
  private static final int MODE = 0664;

  private final String id;
  private final Env env;
  private final Database db;
  private final long mapSize;
  private final List<String> flagNames = new ArrayList<>();
  private final int flags;
  private final boolean getViaCursor;
  private final boolean integerKeys;
  /** Closing waits for those that ended: LMDB frees their reader slots as they exit. */
  private final ReaderThreads readerThreads = new ReaderThreads();

  LmdbJniStore(String id, StoreConfig config) {
    this.id = id;
    this.flags = envFlags(config, flagNames);
    this.mapSize = LmdbSettings.mapSize(config);
    this.getViaCursor = LmdbSettings.getViaCursor(config);
    this.integerKeys = LmdbSettings.integerKeys(config, id);
    Env e = new Env();
    try {
      e.setMapSize(mapSize);
      e.setMaxDbs(1);
      e.setMaxReaders(126);
      e.open(config.directory().toString(), flags, MODE);
      this.db = e.openDatabase((String) null, integerKeys ? Constants.CREATE | Constants.INTEGERKEY : Constants.CREATE);
    } catch (LMDBException ex) {
      e.close();
      throw new StoreException(id + ": cannot open LMDB in " + config.directory() + ": " + ex.getMessage(), ex);
    }
    this.env = e;
  }

  /** The flags every LMDB store uses for these settings and durability, as this binding's constants. */
  private static int envFlags(StoreConfig config, List<String> names) {
    int f = 0;
    for (LmdbFlag flag : LmdbSettings.envFlags(config)) {
      names.add(flag.name());
      f |= switch (flag) {
        case MDB_WRITEMAP -> Constants.WRITEMAP;
        case MDB_NOSYNC -> Constants.NOSYNC;
        case MDB_NOMETASYNC -> Constants.NOMETASYNC;
        case MDB_NORDAHEAD -> Constants.NORDAHEAD;
      };
    }
    return f;
  }

  @Override
  public Session openSession() {
    return new JniSession();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    Map<String, Object> m = new LinkedHashMap<>();
    // LMDBJNI exposes no mdb_version(); Env.version() is MDB_VERSION_STRING of the LMDB its
    // native library was built from, e.g. "LMDB 0.9.19: (December 28, 2016)"
    String version = Env.version();
    m.put("lmdbVersion", version.replaceFirst("^LMDB ([0-9.]+).*$", "$1"));
    m.put("lmdbVersionString", version);
    m.put("api", "DirectBuffer: Cursor.put/position and Database.get with addresses, no copies");
    m.put("envFlags", List.copyOf(flagNames));
    m.put("dbiFlags", LmdbSettings.dbiFlagNames(integerKeys));
    m.put("mapSizeBytes", mapSize);
    m.put("pageSize", env.stat().ms_psize);
    m.put("maxKeySize", env.getMaxKeySize());
    m.put("appendForSequentialWrites", "MDB_APPEND");
    m.put("readKeyCall", getViaCursor
        ? "Cursor.seekPosition(key, value, SeekOp.KEY) on one cursor per read transaction (MDB_SET_KEY, "
            + "what the anchor's BufferCursor.seekKey calls)"
        : "Database.get(txn, key, value) (mdb_get)");
    m.put("nativeLibrary", LmdbJniNatives.library().source());
    return m;
  }

  @Override
  public void close() {
    readerThreads.awaitEnded();
    env.close();
  }

  private StoreException failure(String what, int rc) {
    if (rc == LMDBException.MAP_FULL) {
      return new StoreException(
          id + ": LMDB map is full at " + mapSize + " bytes; raise it with -o " + id + ".mapSize=<bytes>");
    }
    String name = rc == LMDBException.KEYEXIST ? " (MDB_KEYEXIST)" : "";
    return new StoreException(id + ": " + what + " failed with LMDB error " + rc + name);
  }

  private final class JniSession implements Session {

    private final NativeInput keyIn = new NativeInput();
    private final NativeInput valueIn = new NativeInput();
    private final IntegerKeys intKeys = new IntegerKeys();

    /** The harness's key as LMDBJNI takes it, in native order under integerKey. */
    private DirectBuffer lmdbKey(ByteBuffer key) {
      return keyIn.of(integerKeys ? intKeys.toNative(key) : key);
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new JniWriter(order == WriteOrder.ASCENDING ? Constants.APPEND : 0);
    }

    @Override
    public Reader beginRead() {
      readerThreads.enter();
      return new JniReader();
    }

    @Override
    public void close() {}

    private final class JniWriter implements Writer {
      private final int putFlags;
      private Transaction txn;
      private Cursor cursor;

      JniWriter(int putFlags) {
        this.putFlags = putFlags;
      }

      @Override
      public void put(ByteBuffer key, ByteBuffer value) {
        if (txn == null) {
          begin();
        }
        // LMDBJNI's DirectBuffer put returns LMDB's code instead of throwing
        int rc = cursor.put(lmdbKey(key), valueIn.of(value), putFlags);
        if (rc != 0) {
          throw failure("put", rc);
        }
      }

      // a read inside the write transaction: LMDB's own memory, valid until the next write
      private final DirectBuffer found = new DirectBuffer(0L, 0);
      private final MemoryWindow foundOut = new MemoryWindow();

      @Override
      public void delete(ByteBuffer key) {
        if (txn == null) {
          begin();
        }
        db.delete(txn, lmdbKey(key));
      }

      @Override
      public ByteBuffer get(ByteBuffer key) {
        if (txn == null) {
          begin();
        }
        int rc = db.get(txn, lmdbKey(key), found);
        if (rc == LMDBException.NOTFOUND) {
          return null;
        }
        if (rc != 0) {
          throw failure("get", rc);
        }
        return foundOut.show(found.addressOffset(), found.capacity());
      }

      private void begin() {
        Transaction t = env.createWriteTransaction();
        try {
          cursor = db.openCursor(t);
        } catch (LMDBException e) {
          t.abort();
          throw new StoreException(id + ": cannot open a write cursor: " + e.getMessage(), e);
        }
        txn = t;
      }

      @Override
      public void commit() {
        if (txn == null) {
          return;
        }
        cursor.close();
        try {
          txn.commit();
        } catch (LMDBException e) {
          throw new StoreException(id + ": commit failed: " + e.getMessage(), e);
        } finally {
          txn = null;
          cursor = null;
        }
      }

      @Override
      public void close() {
        if (txn != null) {
          cursor.close();
          txn.abort();
          txn = null;
          cursor = null;
        }
      }
    }

    private final class JniReader implements Reader {
      private final Transaction txn = env.createReadTransaction();
      private final DirectBuffer value = new DirectBuffer(0L, 0);
      private final DirectBuffer cursorKey = new DirectBuffer(0L, 0);
      private final DirectBuffer cursorValue = new DirectBuffer(0L, 0);
      private final MemoryWindow valueOut = new MemoryWindow();
      private final MemoryWindow cursorKeyOut = new MemoryWindow();
      private final MemoryWindow cursorValueOut = new MemoryWindow();

      // the anchor's readKey: one cursor for the whole pass, positioned with MDB_SET_KEY
      private Cursor lookups;

      @Override
      public ByteBuffer get(ByteBuffer key) {
        // LMDBJNI wraps `value` around LMDB's own memory: zero copy
        int rc;
        if (getViaCursor) {
          if (lookups == null) {
            lookups = db.openCursor(txn);
          }
          rc = lookups.seekPosition(lmdbKey(key), value, SeekOp.KEY);
        } else {
          rc = db.get(txn, lmdbKey(key), value);
        }
        if (rc == LMDBException.NOTFOUND) {
          return null;
        }
        return valueOut.show(value.addressOffset(), value.capacity());
      }

      @Override
      public long scan(ScanDirection direction, EntryVisitor visitor) {
        // Cursor.position is the thin zero-copy cursor call; BufferCursor wraps the same call
        // with key/value write buffers this read-only pass does not need
        GetOp start = direction == ScanDirection.FORWARD ? GetOp.FIRST : GetOp.LAST;
        GetOp step = direction == ScanDirection.FORWARD ? GetOp.NEXT : GetOp.PREV;
        long visited = 0;
        boolean keys = visitor.readsKeys();
        try (Cursor c = db.openCursor(txn)) {
          int rc = c.position(cursorKey, cursorValue, start);
          while (rc == 0) {
            visited++;
            ByteBuffer k = EntryVisitor.UNREAD_KEY;
            if (keys) {
              k = cursorKeyOut.show(cursorKey.addressOffset(), cursorKey.capacity());
              if (integerKeys) {
                k = intKeys.toHarness(k);
              }
            }
            ByteBuffer v = cursorValueOut.show(cursorValue.addressOffset(), cursorValue.capacity());
            if (!visitor.visit(k, v)) {
              break;
            }
            rc = c.position(cursorKey, cursorValue, step);
          }
        }
        return visited;
      }

      @Override
      public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
        long visited = 0;
        try (Cursor c = db.openCursor(txn)) {
          // MDB_SET_RANGE, then MDB_GET_CURRENT for the key it landed on
          int rc = c.seekPosition(lmdbKey(start), cursorValue, SeekOp.RANGE);
          if (rc == 0) {
            rc = c.position(cursorKey, cursorValue, GetOp.GET_CURRENT);
          }
          while (rc == 0) {
            visited++;
            ByteBuffer k = cursorKeyOut.show(cursorKey.addressOffset(), cursorKey.capacity());
            if (integerKeys) {
              k = intKeys.toHarness(k);
            }
            if (!visitor.visit(k, cursorValueOut.show(cursorValue.addressOffset(), cursorValue.capacity()))) {
              break;
            }
            rc = c.position(cursorKey, cursorValue, GetOp.NEXT);
          }
        }
        return visited;
      }

      @Override
      public void close() {
        if (lookups != null) {
          lookups.close();
        }
        txn.abort();
      }
    }
  }
}
