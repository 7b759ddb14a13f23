package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.EntrySource;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.KeyLookups;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.PrivateUnpacking;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.stores.lmdb.IntegerKeys;
import dev.kvbench.stores.lmdb.LmdbSettings;
import dev.kvbench.stores.lmdb.ReaderThreads;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.Cursor;
import org.lmdbjava.Dbi;
import org.lmdbjava.DbiFlags;
import org.lmdbjava.Env;
import org.lmdbjava.GetOp;
import org.lmdbjava.EnvFlags;
import org.lmdbjava.LmdbException;
import org.lmdbjava.Meta;
import org.lmdbjava.PutFlags;
import org.lmdbjava.Txn;

/** One LMDB environment with one unnamed database, in either buffer flavour. */
final class LmdbJavaStore<T> implements Store {

  private static final PutFlags[] APPEND = {PutFlags.MDB_APPEND};
  private static final PutFlags[] NO_FLAGS = {};

  private final String id;
  private final BufferFlavour<T> flavour;
  private final Env<T> env;
  private final Dbi<T> dbi;
  private final long mapSize;
  private final List<EnvFlags> flags;
  private final String nativeLibrary;
  private final boolean getViaCursor;
  private final boolean integerKeys;
  /** Closing waits for those that ended: LMDB frees their reader slots as they exit. */
  private final ReaderThreads readerThreads = new ReaderThreads();

  LmdbJavaStore(String id, BufferFlavour<T> flavour, StoreConfig config) {
    this.id = id;
    this.flavour = flavour;
    // LMDB's flag names are LmdbJava's enum constants
    this.flags = LmdbSettings.envFlags(config).stream().map(f -> EnvFlags.valueOf(f.name())).toList();
    this.mapSize = LmdbSettings.mapSize(config);
    this.getViaCursor = LmdbSettings.getViaCursor(config);
    this.integerKeys = LmdbSettings.integerKeys(config, id);
    this.nativeLibrary = loadLibrary(id, config.settings().getString(LmdbJavaProvider.NATIVE_LIB));
    skipChecksAsTheAnchorDoes();
    try {
      this.env =
          Env.create(flavour.proxy())
              .setMapSize(mapSize)
              .setMaxDbs(1)
              .setMaxReaders(126)
              .open(config.directory().toFile(), flags.toArray(new EnvFlags[0]));
      this.dbi = integerKeys ? env.openDbi((String) null, DbiFlags.MDB_CREATE, DbiFlags.MDB_INTEGERKEY)
          : env.openDbi((String) null, DbiFlags.MDB_CREATE);
    } catch (LmdbException e) {
      throw new StoreException(id + ": cannot open LMDB in " + config.directory() + ": " + e.getMessage(), e);
    }
  }

  // LmdbJava loads one liblmdb per JVM, when its Library class initialises: which one, once known
  private static String loadedLibrary;

  /**
   * Loads {@code nativeLib} (LmdbJava's lmdbjava.native.lib), or LmdbJava's bundled liblmdb,
   * which it unpacks into java.io.tmpdir and deletes only at exit, so a killed run would leave it
   * there: it goes into a private directory that goes once it loaded. A JVM keeps the first
   * library it loaded, so a cell asking for another one in the same JVM is refused.
   */
  private static synchronized String loadLibrary(String id, String nativeLib) {
    String wanted = nativeLib.equals(SettingSpec.SettingType.BUNDLED) ? "bundled" : nativeLib;
    if (loadedLibrary != null) {
      if (!loadedLibrary.equals(wanted)) {
        throw new StoreException(id + ": this JVM has LmdbJava's " + loadedLibrary + " liblmdb loaded and cannot load "
            + wanted + "; give each nativeLib its own JVM (forks 1 or more)");
      }
      return describe(wanted);
    }
    try {
      if (!wanted.equals("bundled")) {
        System.setProperty("lmdbjava.native.lib", wanted);
        Class.forName("org.lmdbjava.Library", true, LmdbJavaStore.class.getClassLoader());
      } else {
        // Library.LMDB_EXTRACT_DIR_PROP; the class itself is package-private in LmdbJava
        PrivateUnpacking.initialise("lmdbjava.extract.dir", "org.lmdbjava.Library", LmdbJavaStore.class.getClassLoader());
      }
    } catch (java.io.IOException | ClassNotFoundException | LinkageError e) {
      throw new StoreException(id + ": cannot load " + (wanted.equals("bundled") ? "LmdbJava's own liblmdb" : wanted)
          + ": " + e, e);
    }
    loadedLibrary = wanted;
    return describe(wanted);
  }

  private static String describe(String library) {
    return library.equals("bundled") ? "bundled with LmdbJava; unpacked to a private temporary directory, deleted once"
        + " loaded" : library + " (nativeLib)";
  }

  /**
   * The anchor runs LmdbJava with its argument checks and Agrona's bounds checks off; both are read
   * once, when their class initialises, so they are set here before Env is first used, unless the
   * user set them. {@link #nativeSettings()} records what is in force.
   */
  private static void skipChecksAsTheAnchorDoes() {
    if (System.getProperty(Env.DISABLE_CHECKS_PROP) == null) {
      System.setProperty(Env.DISABLE_CHECKS_PROP, "true");
    }
    if (System.getProperty(UnsafeBuffer.DISABLE_BOUNDS_CHECKS_PROP_NAME) == null) {
      System.setProperty(UnsafeBuffer.DISABLE_BOUNDS_CHECKS_PROP_NAME, "true");
    }
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
    m.put("dbiFlags", LmdbSettings.dbiFlagNames(integerKeys));
    m.put("mapSizeBytes", mapSize);
    m.put("pageSize", env.stat().pageSize);
    m.put("maxKeySize", env.getMaxKeySize());
    m.put("appendForSequentialWrites", "MDB_APPEND");
    m.put("readKeyCall", getViaCursor ? "Cursor.get(key, MDB_SET_KEY) on one cursor per read transaction"
        : "Dbi.get(txn, key) (mdb_get)");
    m.put("nativeLibrary", nativeLibrary);
    m.put("lmdbjavaChecks", Env.SHOULD_CHECK);
    m.put("agronaBoundsChecks", UnsafeBuffer.SHOULD_BOUNDS_CHECK);
    return m;
  }

  @Override
  public java.util.Optional<dev.kvbench.store.PageCounts> pageCounts() {
    // the unnamed database is the one this store writes, so the environment's stat is its tree's
    org.lmdbjava.Stat stat = env.stat();
    return java.util.Optional.of(new dev.kvbench.store.PageCounts(stat.pageSize, env.info().lastPageNumber,
        stat.branchPages + stat.leafPages + stat.overflowPages, stat.depth));
  }

  @Override
  public void close() {
    readerThreads.awaitEnded();
    env.close();
  }

  private final class LmdbSession implements Session {

    private final BufferFlavour.Views<T> views = flavour.newViews();
    private final IntegerKeys intKeys = new IntegerKeys();

    /** The harness's key as the flavour's buffer, in native order under integerKey. */
    private T keyIn(ByteBuffer key) {
      T harnessKey = views.key(key);
      return integerKeys ? views.nativeIntKey(harnessKey) : harnessKey;
    }

    /** LMDB's key as the harness's big-endian bytes. */
    private ByteBuffer keyOut(T key) {
      ByteBuffer k = views.outKey(key);
      return integerKeys ? intKeys.toHarness(k) : k;
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new LmdbWriter(order == WriteOrder.ASCENDING ? APPEND : NO_FLAGS);
    }

    @Override
    public Reader beginRead() {
      readerThreads.enter();
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

      private void begin() {
        if (txn == null) {
          txn = env.txnWrite();
          cursor = dbi.openCursor(txn);
        }
      }

      @Override
      public void delete(ByteBuffer key) {
        begin();
        dbi.delete(txn, keyIn(key));
      }

      @Override
      public ByteBuffer get(ByteBuffer key) {
        begin();
        T value = dbi.get(txn, keyIn(key));
        return value == null ? null : views.outValue(value);
      }

      @Override
      public void put(ByteBuffer key, ByteBuffer value) {
        begin();
        try {
          cursor.put(keyIn(key), views.value(value), putFlags);
        } catch (Env.MapFullException e) {
          throw mapFull(e);
        }
      }

      /**
       * The anchor's loop: the views of the two buffers are taken once, since the key's position
       * and limit stay and only the value's limit may change, which is checked per entry.
       */
      @Override
      public void putAll(EntrySource entries, long from, long end, ByteBuffer key, ByteBuffer value) {
        begin();
        T harnessKey = views.key(key);
        T valueView = views.value(value);
        int valueLimit = value.limit();
        int keyLimit = key.limit();
        try {
          for (long position = from; position < end; position++) {
            entries.fill(position, key, value);
            // keys of several lengths (YCSB's names) move the key's limit: a new view then
            if (key.limit() != keyLimit) {
              harnessKey = views.key(key);
              keyLimit = key.limit();
            }
            if (value.limit() != valueLimit) {
              valueView = views.value(value);
              valueLimit = value.limit();
            }
            cursor.put(integerKeys ? views.nativeIntKey(harnessKey) : harnessKey, valueView, putFlags);
          }
        } catch (Env.MapFullException e) {
          throw mapFull(e);
        }
      }

      private StoreException mapFull(Env.MapFullException e) {
        return new StoreException(
            id + ": LMDB map is full at " + mapSize + " bytes; raise it with -o " + id + ".mapSize=<bytes>", e);
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
      // the anchor's readKey: one cursor for the whole pass, positioned with MDB_SET_KEY
      private Cursor<T> lookups;

      @Override
      public ByteBuffer get(ByteBuffer key) {
        if (!getViaCursor) {
          T value = dbi.get(txn, keyIn(key));
          return value == null ? null : views.outValue(value);
        }
        if (lookups == null) {
          lookups = dbi.openCursor(txn);
        }
        return lookups.get(keyIn(key), GetOp.MDB_SET_KEY) ? views.outValue(lookups.val()) : null;
      }

      /** The anchor's readKey loop: the view of the key buffer is taken once, its position and limit staying. */
      @Override
      public void getAll(KeyLookups keys, long from, long end, ByteBuffer key) {
        T harnessKey = views.key(key);
        if (getViaCursor && lookups == null) {
          lookups = dbi.openCursor(txn);
        }
        int keyLimit = key.limit();
        for (long position = from; position < end; position++) {
          keys.fillKey(position, key);
          if (key.limit() != keyLimit) {
            harnessKey = views.key(key);
            keyLimit = key.limit();
          }
          T lmdbKey = integerKeys ? views.nativeIntKey(harnessKey) : harnessKey;
          T value = !getViaCursor ? dbi.get(txn, lmdbKey)
              : lookups.get(lmdbKey, GetOp.MDB_SET_KEY) ? lookups.val() : null;
          if (value == null) {
            keys.missing(position);
          } else {
            keys.found(position, views.lengthOf(value));
          }
        }
      }

      @Override
      public long scan(ScanDirection direction, EntryVisitor visitor) {
        boolean forward = direction == ScanDirection.FORWARD;
        long visited = 0;
        boolean keys = visitor.readsKeys();
        try (Cursor<T> c = dbi.openCursor(txn)) {
          boolean more = forward ? c.first() : c.last();
          while (more) {
            visited++;
            if (!visitor.visit(keys ? keyOut(c.key()) : EntryVisitor.UNREAD_KEY, views.outValue(c.val()))) {
              break;
            }
            more = forward ? c.next() : c.prev();
          }
        }
        return visited;
      }

      @Override
      public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
        return scanFrom(start, ScanDirection.FORWARD, visitor);
      }

      @Override
      public long scanFrom(ByteBuffer start, ScanDirection direction, EntryVisitor visitor) {
        boolean forward = direction == ScanDirection.FORWARD;
        long visited = 0;
        try (Cursor<T> c = dbi.openCursor(txn)) {
          // the first key at or after start; descending, back one unless it is start itself
          boolean more = c.get(keyIn(start), GetOp.MDB_SET_RANGE);
          if (!forward && !more) {
            more = c.last();
          } else if (!forward && unsignedCompare(keyOut(c.key()), start) > 0) {
            more = c.prev();
          }
          while (more) {
            visited++;
            if (!visitor.visit(keyOut(c.key()), views.outValue(c.val()))) {
              break;
            }
            more = forward ? c.next() : c.prev();
          }
        }
        return visited;
      }

      @Override
      public void close() {
        if (lookups != null) {
          lookups.close();
        }
        txn.close();
      }
    }
  }

  /** Compares the bytes between position and limit as unsigned, as LMDB orders keys. */
  static int unsignedCompare(ByteBuffer a, ByteBuffer b) {
    int i = a.mismatch(b);
    if (i < 0) {
      return 0;
    }
    if (i >= a.remaining() || i >= b.remaining()) {
      return a.remaining() - b.remaining();
    }
    return Integer.compare(a.get(a.position() + i) & 0xFF, b.get(b.position() + i) & 0xFF);
  }
}
