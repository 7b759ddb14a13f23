package dev.kvbench.stores.libmdbx;

import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_APPEND;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_CREATE;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_DB_DEFAULTS;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_FIRST;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_INTEGERKEY;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_KEYEXIST;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_LAST;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_MAP_FULL;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_NEXT;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_NOTFOUND;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_PREV;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_SET_KEY;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_SET_RANGE;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_SUCCESS;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_TXN_RDONLY;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_TXN_READWRITE;
import static dev.kvbench.stores.libmdbx.Mdbx.MDBX_UPSERT;

import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.MemoryWindow;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.stores.lmdb.IntegerKeys;
import dev.kvbench.stores.lmdb.LmdbFlag;
import dev.kvbench.stores.lmdb.LmdbSettings;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One libmdbx environment with its unnamed database, driven through kvbench's jnr-ffi binding of
 * the C API the way the LWJGL adapter drives LMDB: keys and values go in as addresses of the
 * harness's buffers and come out as addresses in libmdbx's map, shown through reused windows. The
 * settings are the LMDB stores' (one {@code -o} sweep compares both), mapped to libmdbx's flags;
 * {@code mapSize} is the geometry's upper bound, since a libmdbx file grows and shrinks within it.
 */
final class LibmdbxStore implements Store {

  /** rw-rw-r--, as the LMDB stores create their files. */
  private static final int MODE = 0664;

  /** Free space below which a failed write is put down to a full file system: a few pages. */
  private static final long NEARLY_FULL_BYTES = 64 * 1024;

  private final String id;
  private final Path directory;
  private final MdbxLibrary mdbx;
  private final MdbxNatives natives;
  private final long env;
  private final int dbi;
  private final long sizeUpper;
  private final int pageSize;
  private final int maxKeySize;
  private final int maxReaders;
  private final boolean getViaCursor;
  // autosync threshold of the nosync modes, 0 for none
  private final long syncBytes;
  private final boolean integerKeys;
  private final List<String> flagNames = new ArrayList<>();
  // a nosync mode: freed pages wait for a durable commit before libmdbx reuses them
  private final boolean nosyncMode;

  LibmdbxStore(String id, MdbxNatives natives, StoreConfig config) {
    this.id = id;
    this.directory = config.directory();
    this.natives = natives;
    this.mdbx = natives.library(id);
    this.getViaCursor = LmdbSettings.getViaCursor(config);
    this.integerKeys = LmdbSettings.integerKeys(config, id);
    this.sizeUpper = LmdbSettings.mapSize(config);
    this.syncBytes = config.settings().getLong("syncBytes");
    int flags = envFlags(config, flagNames);
    // MDBX_UTTERLY_NOSYNC includes MDBX_SAFE_NOSYNC's bit
    this.nosyncMode = (flags & Mdbx.MDBX_SAFE_NOSYNC) != 0;
    MdbxSlots slots = new MdbxSlots();
    check(mdbx.mdbx_env_create(slots.handleSlot()), "mdbx_env_create");
    long e = slots.handle();
    try {
      check(mdbx.mdbx_env_set_geometry(e, Mdbx.DEFAULT, Mdbx.DEFAULT, sizeUpper, Mdbx.DEFAULT, Mdbx.DEFAULT,
          Mdbx.DEFAULT), "mdbx_env_set_geometry");
      check(mdbx.mdbx_env_open(e, config.directory().toString(), flags, MODE), "mdbx_env_open " + config.directory());
      if (syncBytes > 0) {
        // a setting of the open environment (kept in its lock file), refused before mdbx_env_open
        check(mdbx.mdbx_env_set_option(e, Mdbx.MDBX_OPT_SYNC_BYTES, syncBytes), "mdbx_env_set_option(sync_bytes)");
      }
      check(mdbx.mdbx_txn_begin_ex(e, 0, MDBX_TXN_READWRITE, slots.handleSlot(), 0), "mdbx_txn_begin");
      long txn = slots.handle();
      int rc = mdbx.mdbx_dbi_open(txn, null, integerKeys ? MDBX_CREATE | MDBX_INTEGERKEY : MDBX_CREATE,
          slots.handleSlot());
      if (rc != MDBX_SUCCESS) {
        mdbx.mdbx_txn_abort(txn);
        check(rc, "mdbx_dbi_open");
      }
      this.dbi = slots.dbi();
      check(mdbx.mdbx_txn_commit_ex(txn, 0), "mdbx_txn_commit");
      // read now: later, a read transaction open on the caller's thread would make env_stat fail (MDBX_BAD_RSLOT)
      ByteBuffer stat = ByteBuffer.allocateDirect(Mdbx.STAT_BYTES).order(ByteOrder.nativeOrder());
      check(mdbx.mdbx_env_stat_ex(e, 0, MemoryWindow.addressAtPosition(stat), Mdbx.STAT_BYTES), "mdbx_env_stat_ex");
      this.pageSize = stat.getInt(0);
      this.maxKeySize = mdbx.mdbx_env_get_maxkeysize_ex(e, MDBX_DB_DEFAULTS);
      check(mdbx.mdbx_env_get_maxreaders(e, MemoryWindow.addressAtPosition(stat)), "mdbx_env_get_maxreaders");
      this.maxReaders = stat.getInt(0);
    } catch (StoreException ex) {
      mdbx.mdbx_env_close_ex(e, false);
      throw ex;
    }
    this.env = e;
  }

  /**
   * The LMDB stores' flags for these settings and durability, as libmdbx's: MDB_NOSYNC becomes
   * MDBX_UTTERLY_NOSYNC (nothing flushed, LMDB's meaning) or, with {@code nosync=safe},
   * MDBX_SAFE_NOSYNC (nothing flushed, the last steady commit kept).
   */
  private static int envFlags(StoreConfig config, List<String> names) {
    boolean safe = LibmdbxProvider.NOSYNC_SAFE.equals(config.settings().getString("nosync"));
    int f = Mdbx.MDBX_SYNC_DURABLE;
    for (LmdbFlag flag : LmdbSettings.envFlags(config)) {
      switch (flag) {
        case MDB_WRITEMAP -> {
          f |= Mdbx.MDBX_WRITEMAP;
          names.add("MDBX_WRITEMAP");
        }
        case MDB_NOMETASYNC -> {
          f |= Mdbx.MDBX_NOMETASYNC;
          names.add("MDBX_NOMETASYNC");
        }
        case MDB_NORDAHEAD -> {
          f |= Mdbx.MDBX_NORDAHEAD;
          names.add("MDBX_NORDAHEAD");
        }
        case MDB_NOSYNC -> {
          f |= safe ? Mdbx.MDBX_SAFE_NOSYNC : Mdbx.MDBX_UTTERLY_NOSYNC;
          names.add(safe ? "MDBX_SAFE_NOSYNC" : "MDBX_UTTERLY_NOSYNC");
        }
      }
    }
    if (names.stream().noneMatch(n -> n.endsWith("SYNC"))) {
      names.add("MDBX_SYNC_DURABLE");
    }
    return f;
  }

  private void check(int rc, String what) {
    if (rc == MDBX_SUCCESS) {
      return;
    }
    if (rc == MDBX_MAP_FULL) {
      String fix = nosyncMode && syncBytes == 0
          ? "; in a nosync mode libmdbx reuses no freed page until a durable commit, and none comes: give it"
              + " one every few MiB with -o " + id + ".syncBytes=4m, or raise -o " + id + ".mapSize=<bytes>"
          : "; raise it with -o " + id + ".mapSize=<bytes>";
      throw new StoreException(id + ": libmdbx reached its upper size bound of " + sizeUpper + " bytes" + fix);
    }
    String name = rc == MDBX_KEYEXIST ? "MDBX_KEYEXIST: " : "";
    throw new StoreException(id + ": " + what + " failed: " + name + mdbx.mdbx_strerror(rc) + " (" + rc + ")"
        + (rc == Mdbx.EIO || rc == Mdbx.ENOSPC ? fullDiskNote() : ""));
  }

  /**
   * libmdbx reports a page write that found the disk full as EIO (it puts the environment in a
   * failed state rather than return ENOSPC); the free space tells the two apart.
   */
  private String fullDiskNote() {
    try {
      long free = Files.getFileStore(directory).getUsableSpace();
      return free < NEARLY_FULL_BYTES
          ? String.format(Locale.ROOT, " (no space left on device: %,d bytes free on the file system of %s)", free,
              directory)
          : "";
    } catch (IOException e) {
      return "";
    }
  }

  @Override
  public Session openSession() {
    return new MdbxSession();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    MdbxVersion v = natives.version();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("libmdbxVersion", v.release());
    m.put("libmdbxGitDescribe", v.gitDescribe());
    m.put("libmdbxGitCommit", v.gitCommit());
    m.put("libmdbxBuild", v.target() + ", " + v.compiler());
    m.put("libmdbxBuildOptions", v.options());
    m.put("nativeLibrary", natives.source());
    m.put("api", "mdbx_* calls through kvbench's jnr-ffi binding on MDBX_val structs; values read through one"
        + " re-pointed ByteBuffer, no copies");
    m.put("envFlags", List.copyOf(flagNames));
    m.put("dbiFlags", integerKeys ? List.of("MDBX_CREATE", "MDBX_INTEGERKEY") : List.of("MDBX_CREATE"));
    m.put("geometry", "lower, now, growth step, shrink threshold and page size libmdbx's defaults; upper "
        + sizeUpper + " bytes");
    m.put("sizeUpperBytes", sizeUpper);
    m.put("syncBytes", syncBytes == 0 ? "off" : syncBytes);
    m.put("pageSize", pageSize);
    m.put("maxKeySize", maxKeySize);
    m.put("maxReaders", maxReaders);
    m.put("appendForSequentialWrites", "MDBX_APPEND");
    m.put("readKeyCall", getViaCursor ? "mdbx_cursor_get(cursor, key, value, MDBX_SET_KEY) on one cursor per read"
        + " transaction" : "mdbx_get(txn, dbi, key, value)");
    return m;
  }

  @Override
  public void close() {
    // dont_sync = false: the durability chosen decides what close flushes, as mdbx_env_close does
    int rc = mdbx.mdbx_env_close_ex(env, false);
    if (rc != MDBX_SUCCESS && rc != Mdbx.MDBX_RESULT_TRUE) {
      check(rc, "mdbx_env_close");
    }
  }

  private final class MdbxSession implements Session {

    private final IntegerKeys intKeys = new IntegerKeys();

    /** The harness's key, in native order under integerKey. */
    private ByteBuffer mdbxKey(ByteBuffer key) {
      return integerKeys ? intKeys.toNative(key) : key;
    }

    /** libmdbx's key as the harness's big-endian bytes. */
    private ByteBuffer harnessKey(ByteBuffer key) {
      return integerKeys ? intKeys.toHarness(key) : key;
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new MdbxWriter(order == WriteOrder.ASCENDING ? MDBX_APPEND : MDBX_UPSERT);
    }

    @Override
    public Reader beginRead() {
      return new MdbxReader();
    }

    @Override
    public void close() {}

    private final class MdbxWriter implements Writer {
      private final int putFlags;
      private final MdbxSlots slots = new MdbxSlots();
      private final MemoryWindow foundOut = new MemoryWindow();
      private long txn;
      private long cursor;

      MdbxWriter(int putFlags) {
        this.putFlags = putFlags;
      }

      @Override
      public void put(ByteBuffer k, ByteBuffer v) {
        if (txn == 0) {
          begin();
        }
        slots.pointKey(mdbxKey(k));
        slots.pointData(v);
        check(mdbx.mdbx_cursor_put(cursor, slots.key(), slots.data(), putFlags), "mdbx_cursor_put");
      }

      @Override
      public void delete(ByteBuffer k) {
        if (txn == 0) {
          begin();
        }
        slots.pointKey(mdbxKey(k));
        int rc = mdbx.mdbx_del(txn, dbi, slots.key(), 0);
        if (rc != MDBX_NOTFOUND) {
          check(rc, "mdbx_del");
        }
      }

      @Override
      public ByteBuffer get(ByteBuffer k) {
        if (txn == 0) {
          begin();
        }
        slots.pointKey(mdbxKey(k));
        int rc = mdbx.mdbx_get(txn, dbi, slots.key(), slots.data());
        if (rc == MDBX_NOTFOUND) {
          return null;
        }
        check(rc, "mdbx_get");
        return slots.showData(foundOut);
      }

      private void begin() {
        check(mdbx.mdbx_txn_begin_ex(env, 0, MDBX_TXN_READWRITE, slots.handleSlot(), 0), "mdbx_txn_begin");
        long t = slots.handle();
        int rc = mdbx.mdbx_cursor_open(t, dbi, slots.handleSlot());
        if (rc != MDBX_SUCCESS) {
          mdbx.mdbx_txn_abort(t);
          check(rc, "mdbx_cursor_open");
        }
        txn = t;
        cursor = slots.handle();
      }

      @Override
      public void commit() {
        if (txn == 0) {
          return;
        }
        mdbx.mdbx_cursor_close(cursor);
        int rc = mdbx.mdbx_txn_commit_ex(txn, 0);
        txn = 0;
        cursor = 0;
        check(rc, "mdbx_txn_commit");
      }

      @Override
      public void close() {
        if (txn != 0) {
          mdbx.mdbx_cursor_close(cursor);
          mdbx.mdbx_txn_abort(txn);
          txn = 0;
          cursor = 0;
        }
      }
    }

    private final class MdbxReader implements Reader {
      private final MdbxSlots slots = new MdbxSlots();
      private final MdbxSlots cursorSlots = new MdbxSlots();
      private final MemoryWindow valueOut = new MemoryWindow();
      private final MemoryWindow cursorKeyOut = new MemoryWindow();
      private final MemoryWindow cursorValueOut = new MemoryWindow();
      private final long txn;
      // the anchor's readKey idiom: one cursor for the whole pass, positioned with SET_KEY; 0 until the first get
      private long lookups;
      private boolean closed;

      MdbxReader() {
        check(mdbx.mdbx_txn_begin_ex(env, 0, MDBX_TXN_RDONLY, slots.handleSlot(), 0), "mdbx_txn_begin (read)");
        txn = slots.handle();
      }

      @Override
      public ByteBuffer get(ByteBuffer k) {
        slots.pointKey(mdbxKey(k));
        int rc;
        if (getViaCursor) {
          if (lookups == 0) {
            check(mdbx.mdbx_cursor_open(txn, dbi, slots.handleSlot()), "mdbx_cursor_open");
            lookups = slots.handle();
          }
          rc = mdbx.mdbx_cursor_get(lookups, slots.key(), slots.data(), MDBX_SET_KEY);
        } else {
          rc = mdbx.mdbx_get(txn, dbi, slots.key(), slots.data());
        }
        if (rc == MDBX_NOTFOUND) {
          return null;
        }
        check(rc, getViaCursor ? "mdbx_cursor_get" : "mdbx_get");
        return slots.showData(valueOut);
      }

      @Override
      public long scan(ScanDirection direction, EntryVisitor visitor) {
        int start = direction == ScanDirection.FORWARD ? MDBX_FIRST : MDBX_LAST;
        int step = direction == ScanDirection.FORWARD ? MDBX_NEXT : MDBX_PREV;
        check(mdbx.mdbx_cursor_open(txn, dbi, cursorSlots.handleSlot()), "mdbx_cursor_open");
        long c = cursorSlots.handle();
        long visited = 0;
        boolean keys = visitor.readsKeys();
        try {
          int rc = mdbx.mdbx_cursor_get(c, cursorSlots.key(), cursorSlots.data(), start);
          while (rc == MDBX_SUCCESS) {
            visited++;
            ByteBuffer key = keys ? harnessKey(cursorSlots.showKey(cursorKeyOut)) : EntryVisitor.UNREAD_KEY;
            if (!visitor.visit(key, cursorSlots.showData(cursorValueOut))) {
              break;
            }
            rc = mdbx.mdbx_cursor_get(c, cursorSlots.key(), cursorSlots.data(), step);
          }
          if (rc != MDBX_SUCCESS && rc != MDBX_NOTFOUND) {
            check(rc, "mdbx_cursor_get");
          }
        } finally {
          mdbx.mdbx_cursor_close(c);
        }
        return visited;
      }

      @Override
      public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
        check(mdbx.mdbx_cursor_open(txn, dbi, cursorSlots.handleSlot()), "mdbx_cursor_open");
        long c = cursorSlots.handle();
        long visited = 0;
        try {
          // MDBX_SET_RANGE lands on the first key >= start and hands it back in the key slot
          cursorSlots.pointKey(mdbxKey(start));
          int rc = mdbx.mdbx_cursor_get(c, cursorSlots.key(), cursorSlots.data(), MDBX_SET_RANGE);
          while (rc == MDBX_SUCCESS) {
            visited++;
            if (!visitor.visit(harnessKey(cursorSlots.showKey(cursorKeyOut)), cursorSlots.showData(cursorValueOut))) {
              break;
            }
            rc = mdbx.mdbx_cursor_get(c, cursorSlots.key(), cursorSlots.data(), MDBX_NEXT);
          }
          if (rc != MDBX_SUCCESS && rc != MDBX_NOTFOUND) {
            check(rc, "mdbx_cursor_get");
          }
        } finally {
          mdbx.mdbx_cursor_close(c);
        }
        return visited;
      }

      @Override
      public void close() {
        if (closed) {
          return; // a second abort of a freed txn would crash the JVM
        }
        closed = true;
        if (lookups != 0) {
          mdbx.mdbx_cursor_close(lookups);
        }
        mdbx.mdbx_txn_abort(txn);
      }
    }
  }
}
