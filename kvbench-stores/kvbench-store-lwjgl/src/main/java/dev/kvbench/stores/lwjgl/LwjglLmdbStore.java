package dev.kvbench.stores.lwjgl;

import dev.kvbench.store.MemoryWindow;
import static org.lwjgl.system.MemoryUtil.NULL;
import static org.lwjgl.system.MemoryUtil.memAllocPointer;
import static org.lwjgl.system.MemoryUtil.memFree;
import static org.lwjgl.system.MemoryUtil.memGetAddress;
import static org.lwjgl.util.lmdb.LMDB.MDB_APPEND;
import static org.lwjgl.util.lmdb.LMDB.MDB_CREATE;
import static org.lwjgl.util.lmdb.LMDB.MDB_FIRST;
import static org.lwjgl.util.lmdb.LMDB.MDB_INTEGERKEY;
import static org.lwjgl.util.lmdb.LMDB.MDB_KEYEXIST;
import static org.lwjgl.util.lmdb.LMDB.MDB_LAST;
import static org.lwjgl.util.lmdb.LMDB.MDB_MAP_FULL;
import static org.lwjgl.util.lmdb.LMDB.MDB_NEXT;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOMETASYNC;
import static org.lwjgl.util.lmdb.LMDB.MDB_NORDAHEAD;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOSYNC;
import static org.lwjgl.util.lmdb.LMDB.MDB_NOTFOUND;
import static org.lwjgl.util.lmdb.LMDB.MDB_PREV;
import static org.lwjgl.util.lmdb.LMDB.MDB_RDONLY;
import static org.lwjgl.util.lmdb.LMDB.MDB_SET_KEY;
import static org.lwjgl.util.lmdb.LMDB.MDB_SET_RANGE;
import static org.lwjgl.util.lmdb.LMDB.MDB_SUCCESS;
import static org.lwjgl.util.lmdb.LMDB.MDB_WRITEMAP;
import static org.lwjgl.util.lmdb.LMDB.mdb_cursor_close;
import static org.lwjgl.util.lmdb.LMDB.mdb_cursor_get;
import static org.lwjgl.util.lmdb.LMDB.mdb_cursor_open;
import static org.lwjgl.util.lmdb.LMDB.mdb_cursor_put;
import static org.lwjgl.util.lmdb.LMDB.mdb_dbi_open;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_close;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_create;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_get_maxkeysize;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_open;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_set_mapsize;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_set_maxdbs;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_set_maxreaders;
import static org.lwjgl.util.lmdb.LMDB.mdb_env_stat;
import static org.lwjgl.util.lmdb.LMDB.mdb_del;
import static org.lwjgl.util.lmdb.LMDB.mdb_get;
import static org.lwjgl.util.lmdb.LMDB.mdb_strerror;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_abort;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_begin;
import static org.lwjgl.util.lmdb.LMDB.mdb_txn_commit;
import static org.lwjgl.util.lmdb.LMDB.mdb_version;

import dev.kvbench.store.DirectInput;
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
import java.nio.IntBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.lwjgl.PointerBuffer;
import org.lwjgl.Version;
import org.lwjgl.system.Checks;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.util.lmdb.MDBStat;
import org.lwjgl.util.lmdb.MDBVal;

/**
 * One LMDB environment with one unnamed database through LWJGL's raw LMDB functions. Keys and
 * values go in as addresses of the harness's buffers and come out as addresses of LMDB's memory;
 * the MDBVal structs and handle slots each writer and reader needs are allocated once, natively,
 * and freed on close, so no operation allocates.
 */
final class LwjglLmdbStore implements Store {

  /** rw-rw-r--, LmdbJava's default mode for the environment's files. */
  private static final int MODE = 0664;

  private final String id;
  private final long env;
  private final int dbi;
  private final long mapSize;
  private final boolean getViaCursor;
  private final boolean integerKeys;
  private final List<String> flagNames = new ArrayList<>();
  /** Closing waits for those that ended: LMDB frees their reader slots as they exit. */
  private final ReaderThreads readerThreads = new ReaderThreads();

  LwjglLmdbStore(String id, StoreConfig config) {
    this.id = id;
    int flags = envFlags(config, flagNames);
    this.mapSize = LmdbSettings.mapSize(config);
    this.getViaCursor = LmdbSettings.getViaCursor(config);
    this.integerKeys = LmdbSettings.integerKeys(config, id);
    try (MemoryStack stack = MemoryStack.stackPush()) {
      PointerBuffer handle = stack.mallocPointer(1);
      check(mdb_env_create(handle), "mdb_env_create");
      long e = handle.get(0);
      try {
        check(mdb_env_set_mapsize(e, mapSize), "mdb_env_set_mapsize");
        check(mdb_env_set_maxdbs(e, 1), "mdb_env_set_maxdbs");
        check(mdb_env_set_maxreaders(e, 126), "mdb_env_set_maxreaders");
        check(mdb_env_open(e, config.directory().toString(), flags, MODE), "mdb_env_open " + config.directory());
        check(mdb_txn_begin(e, NULL, 0, handle), "mdb_txn_begin");
        long txn = handle.get(0);
        IntBuffer dbiOut = stack.mallocInt(1);
        int rc = mdb_dbi_open(txn, (CharSequence) null, integerKeys ? MDB_CREATE | MDB_INTEGERKEY : MDB_CREATE, dbiOut);
        if (rc != MDB_SUCCESS) {
          mdb_txn_abort(txn);
          check(rc, "mdb_dbi_open");
        }
        check(mdb_txn_commit(txn), "mdb_txn_commit");
        this.dbi = dbiOut.get(0);
      } catch (StoreException ex) {
        mdb_env_close(e);
        throw ex;
      }
      this.env = e;
    }
  }

  /** The flags every LMDB store uses for these settings and durability, as this binding's constants. */
  private static int envFlags(StoreConfig config, List<String> names) {
    int f = 0;
    for (LmdbFlag flag : LmdbSettings.envFlags(config)) {
      names.add(flag.name());
      f |= switch (flag) {
        case MDB_WRITEMAP -> MDB_WRITEMAP;
        case MDB_NOSYNC -> MDB_NOSYNC;
        case MDB_NOMETASYNC -> MDB_NOMETASYNC;
        case MDB_NORDAHEAD -> MDB_NORDAHEAD;
      };
    }
    return f;
  }

  private void check(int rc, String what) {
    if (rc == MDB_SUCCESS) {
      return;
    }
    if (rc == MDB_MAP_FULL) {
      throw new StoreException(
          id + ": LMDB map is full at " + mapSize + " bytes; raise it with -o " + id + ".mapSize=<bytes>");
    }
    String name = rc == MDB_KEYEXIST ? "MDB_KEYEXIST: " : "";
    throw new StoreException(id + ": " + what + " failed: " + name + mdb_strerror(rc) + " (" + rc + ")");
  }

  @Override
  public Session openSession() {
    return new LwjglSession();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    Map<String, Object> m = new LinkedHashMap<>();
    int[] major = new int[1];
    int[] minor = new int[1];
    int[] patch = new int[1];
    // mdb_version() of the library LWJGL loaded, not the header LWJGL was generated from
    String version = mdb_version(major, minor, patch);
    m.put("lmdbVersion", major[0] + "." + minor[0] + "." + patch[0]);
    m.put("lmdbVersionString", version);
    m.put("lwjglVersion", Version.getVersion());
    m.put("lwjglChecks", Checks.CHECKS);
    m.put("api", "raw mdb_* calls on MDBVal structs; values read through one re-pointed ByteBuffer, no copies");
    m.put("envFlags", List.copyOf(flagNames));
    m.put("dbiFlags", LmdbSettings.dbiFlagNames(integerKeys));
    m.put("mapSizeBytes", mapSize);
    try (MemoryStack stack = MemoryStack.stackPush()) {
      MDBStat stat = MDBStat.malloc(stack);
      check(mdb_env_stat(env, stat), "mdb_env_stat");
      m.put("pageSize", stat.ms_psize());
    }
    m.put("maxKeySize", mdb_env_get_maxkeysize(env));
    m.put("appendForSequentialWrites", "MDB_APPEND");
    m.put("readKeyCall", getViaCursor ? "mdb_cursor_get(cursor, key, value, MDB_SET_KEY) on one cursor per read transaction"
        : "mdb_get(txn, dbi, key, value)");
    m.put("nativeLibrary", LwjglNatives.libraries().source());
    return m;
  }

  @Override
  public void close() {
    readerThreads.awaitEnded();
    mdb_env_close(env);
  }

  private final class LwjglSession implements Session {

    // MDBVal.mv_data(ByteBuffer) stores the address and remaining size of a direct buffer, no copy
    private final DirectInput keyIn = new DirectInput();
    private final IntegerKeys intKeys = new IntegerKeys();

    /** The harness's key, in native order under integerKey. */
    private ByteBuffer lmdbKey(ByteBuffer key) {
      return integerKeys ? intKeys.toNative(key) : key;
    }

    /** LMDB's key as the harness's big-endian bytes. */
    private ByteBuffer harnessKey(ByteBuffer key) {
      return integerKeys ? intKeys.toHarness(key) : key;
    }
    private final DirectInput valueIn = new DirectInput();

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new LwjglWriter(order == WriteOrder.ASCENDING ? MDB_APPEND : 0);
    }

    @Override
    public Reader beginRead() {
      readerThreads.enter();
      return new LwjglReader();
    }

    @Override
    public void close() {}

    /** LMDB's memory behind {@code val}, through a reused buffer instead of mv_data()'s new one. */
    private static ByteBuffer show(MemoryWindow window, MDBVal val) {
      return window.show(memGetAddress(val.address() + MDBVal.MV_DATA), (int) val.mv_size());
    }

    private final class LwjglWriter implements Writer {
      private final int putFlags;
      private final MDBVal key = MDBVal.calloc();
      private final MDBVal value = MDBVal.calloc();
      private final PointerBuffer handle = memAllocPointer(1);
      private final MemoryWindow foundOut = new MemoryWindow();
      private long txn = NULL;
      private long cursor = NULL;
      private boolean closed;

      LwjglWriter(int putFlags) {
        this.putFlags = putFlags;
      }

      @Override
      public void put(ByteBuffer k, ByteBuffer v) {
        if (txn == NULL) {
          begin();
        }
        key.mv_data(keyIn.of(lmdbKey(k)));
        value.mv_data(valueIn.of(v));
        check(mdb_cursor_put(cursor, key, value, putFlags), "mdb_cursor_put");
      }

      @Override
      public void delete(ByteBuffer k) {
        if (txn == NULL) {
          begin();
        }
        key.mv_data(keyIn.of(lmdbKey(k)));
        int rc = mdb_del(txn, dbi, key, null);
        if (rc != MDB_NOTFOUND) {
          check(rc, "mdb_del");
        }
      }

      @Override
      public ByteBuffer get(ByteBuffer k) {
        if (txn == NULL) {
          begin();
        }
        key.mv_data(keyIn.of(lmdbKey(k)));
        int rc = mdb_get(txn, dbi, key, value);
        if (rc == MDB_NOTFOUND) {
          return null;
        }
        check(rc, "mdb_get");
        return show(foundOut, value);
      }

      private void begin() {
        check(mdb_txn_begin(env, NULL, 0, handle), "mdb_txn_begin");
        long t = handle.get(0);
        int rc = mdb_cursor_open(t, dbi, handle);
        if (rc != MDB_SUCCESS) {
          mdb_txn_abort(t);
          check(rc, "mdb_cursor_open");
        }
        txn = t;
        cursor = handle.get(0);
      }

      @Override
      public void commit() {
        if (txn == NULL) {
          return;
        }
        mdb_cursor_close(cursor);
        int rc = mdb_txn_commit(txn);
        txn = NULL;
        cursor = NULL;
        check(rc, "mdb_txn_commit");
      }

      @Override
      public void close() {
        if (closed) {
          return; // a second free of the native structs would crash the JVM
        }
        closed = true;
        if (txn != NULL) {
          mdb_cursor_close(cursor);
          mdb_txn_abort(txn);
          txn = NULL;
          cursor = NULL;
        }
        key.free();
        value.free();
        memFree(handle);
      }
    }

    private final class LwjglReader implements Reader {
      private final MDBVal key = MDBVal.calloc();
      private final MDBVal value = MDBVal.calloc();
      private final MDBVal cursorKey = MDBVal.calloc();
      private final MDBVal cursorValue = MDBVal.calloc();
      private final PointerBuffer handle = memAllocPointer(1);
      private final MemoryWindow valueOut = new MemoryWindow();
      private final MemoryWindow cursorKeyOut = new MemoryWindow();
      private final MemoryWindow cursorValueOut = new MemoryWindow();
      private final long txn;
      // the anchor's readKey: one cursor for the whole pass, positioned with MDB_SET_KEY; 0 until the first get
      private long lookups;
      private boolean closed;

      LwjglReader() {
        int rc = mdb_txn_begin(env, NULL, MDB_RDONLY, handle);
        if (rc != MDB_SUCCESS) {
          free();
          check(rc, "mdb_txn_begin (read)");
        }
        txn = handle.get(0);
      }

      @Override
      public ByteBuffer get(ByteBuffer k) {
        key.mv_data(keyIn.of(lmdbKey(k)));
        int rc;
        if (getViaCursor) {
          if (lookups == 0) {
            check(mdb_cursor_open(txn, dbi, handle), "mdb_cursor_open");
            lookups = handle.get(0);
          }
          rc = mdb_cursor_get(lookups, key, value, MDB_SET_KEY);
        } else {
          rc = mdb_get(txn, dbi, key, value);
        }
        if (rc == MDB_NOTFOUND) {
          return null;
        }
        check(rc, getViaCursor ? "mdb_cursor_get" : "mdb_get");
        return show(valueOut, value);
      }

      @Override
      public long scan(ScanDirection direction, EntryVisitor visitor) {
        int start = direction == ScanDirection.FORWARD ? MDB_FIRST : MDB_LAST;
        int step = direction == ScanDirection.FORWARD ? MDB_NEXT : MDB_PREV;
        check(mdb_cursor_open(txn, dbi, handle), "mdb_cursor_open");
        long c = handle.get(0);
        long visited = 0;
        boolean keys = visitor.readsKeys();
        try {
          int rc = mdb_cursor_get(c, cursorKey, cursorValue, start);
          while (rc == MDB_SUCCESS) {
            visited++;
            ByteBuffer k = keys ? harnessKey(show(cursorKeyOut, cursorKey)) : EntryVisitor.UNREAD_KEY;
            if (!visitor.visit(k, show(cursorValueOut, cursorValue))) {
              break;
            }
            rc = mdb_cursor_get(c, cursorKey, cursorValue, step);
          }
          if (rc != MDB_SUCCESS && rc != MDB_NOTFOUND) {
            check(rc, "mdb_cursor_get");
          }
        } finally {
          mdb_cursor_close(c);
        }
        return visited;
      }

      @Override
      public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
        check(mdb_cursor_open(txn, dbi, handle), "mdb_cursor_open");
        long c = handle.get(0);
        long visited = 0;
        try {
          // MDB_SET_RANGE lands on the first key >= start and hands it back in cursorKey
          cursorKey.mv_data(keyIn.of(lmdbKey(start)));
          int rc = mdb_cursor_get(c, cursorKey, cursorValue, MDB_SET_RANGE);
          while (rc == MDB_SUCCESS) {
            visited++;
            if (!visitor.visit(harnessKey(show(cursorKeyOut, cursorKey)), show(cursorValueOut, cursorValue))) {
              break;
            }
            rc = mdb_cursor_get(c, cursorKey, cursorValue, MDB_NEXT);
          }
          if (rc != MDB_SUCCESS && rc != MDB_NOTFOUND) {
            check(rc, "mdb_cursor_get");
          }
        } finally {
          mdb_cursor_close(c);
        }
        return visited;
      }

      @Override
      public void close() {
        if (closed) {
          return; // a second abort or free would crash the JVM
        }
        closed = true;
        if (lookups != 0) {
          mdb_cursor_close(lookups);
        }
        mdb_txn_abort(txn);
        free();
      }

      private void free() {
        key.free();
        value.free();
        cursorKey.free();
        cursorValue.free();
        memFree(handle);
      }
    }
  }
}
