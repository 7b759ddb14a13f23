package dev.kvbench.stores.bdbje;

import com.sleepycat.je.Cursor;
import com.sleepycat.je.CursorConfig;
import com.sleepycat.je.Database;
import com.sleepycat.je.DatabaseConfig;
import com.sleepycat.je.DatabaseEntry;
import com.sleepycat.je.DatabaseException;
import com.sleepycat.je.DiskLimitException;
import com.sleepycat.je.Environment;
import com.sleepycat.je.EnvironmentConfig;
import com.sleepycat.je.EnvironmentStats;
import com.sleepycat.je.JEVersion;
import com.sleepycat.je.LockMode;
import com.sleepycat.je.OperationStatus;
import com.sleepycat.je.StatsConfig;
import com.sleepycat.je.Transaction;
import dev.kvbench.store.ArrayInput;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One JE environment with one transactional database. JE's default B+tree comparison is unsigned
 * byte by byte, shorter first on a common prefix: the harness's order, with no comparator class
 * of ours stored in the database. JE copies the bytes of every {@link DatabaseEntry} it is given,
 * so a writer reuses its arrays; it hands out new arrays on reads. JE has no snapshots: a read
 * pass reads committed records, each locked only while it is read.
 */
final class BdbJeStore implements Store {

  static final String DATABASE = "kv";

  private final String id;
  private final Environment env;
  private final Database db;
  private final long maxTxnEntries;
  private final StatsConfig fastStats = new StatsConfig().setFast(true);
  private final Map<String, Object> nativeSettings = new LinkedHashMap<>();

  BdbJeStore(String id, StoreConfig config) {
    this.id = id;
    StoreSettings s = config.settings();
    this.maxTxnEntries = s.getLong("maxTxnEntries");
    String problem = settingsProblem(id, s);
    if (problem != null) {
      throw new StoreException(problem);
    }
    long cacheSize = s.getLong("cacheSize");
    long logFileSize = s.getLong("logFileSize");
    EnvironmentConfig cfg = new EnvironmentConfig();
    cfg.setAllowCreate(true);
    cfg.setTransactional(true);
    cfg.setDurability(durability(config.durability()));
    cfg.setConfigParam(EnvironmentConfig.LOG_FILE_MAX, Long.toString(logFileSize));
    cfg.setConfigParam(EnvironmentConfig.FREE_DISK, Long.toString(s.getLong("freeDisk")));
    if (cacheSize > 0) {
      cfg.setCacheSize(cacheSize);
    }
    try {
      this.env = new Environment(config.directory().toFile(), cfg);
    } catch (DatabaseException | IllegalArgumentException e) {
      throw new StoreException(id + ": cannot open a JE environment in " + config.directory() + ": " + e.getMessage(),
          e);
    }
    try {
      DatabaseConfig dbConfig = new DatabaseConfig();
      dbConfig.setAllowCreate(true);
      dbConfig.setTransactional(true);
      this.db = env.openDatabase(null, DATABASE, dbConfig);
    } catch (RuntimeException e) {
      env.close();
      throw new StoreException(id + ": cannot open the database in " + config.directory() + ": " + e.getMessage(), e);
    }
    EnvironmentConfig in = env.getConfig();
    nativeSettings.put("jeVersion", JEVersion.CURRENT_VERSION.getVersionString());
    nativeSettings.put("durability", in.getDurability().toString());
    nativeSettings.put("cacheSizeBytes", in.getCacheSize());
    nativeSettings.put("cacheSizeFrom", cacheSize > 0 ? "setting" : "je.maxMemoryPercent="
        + in.getConfigParam(EnvironmentConfig.MAX_MEMORY_PERCENT) + " of the heap");
    nativeSettings.put("logFileMax", Long.parseLong(in.getConfigParam(EnvironmentConfig.LOG_FILE_MAX)));
    nativeSettings.put("freeDisk", Long.parseLong(in.getConfigParam(EnvironmentConfig.FREE_DISK)));
    nativeSettings.put("cleanerMinUtilization", in.getConfigParam(EnvironmentConfig.CLEANER_MIN_UTILIZATION));
    nativeSettings.put("lockTimeout", in.getConfigParam(EnvironmentConfig.LOCK_TIMEOUT));
    nativeSettings.put("statsCollect", in.getConfigParam(EnvironmentConfig.STATS_COLLECT));
    nativeSettings.put("btreeComparator", "JE's default: unsigned bytes, shorter key first on a common prefix");
    nativeSettings.put("maxTxnEntries", maxTxnEntries);
    nativeSettings.put("reads", "LockMode.READ_COMMITTED outside a transaction; cursors with CursorConfig.READ_COMMITTED");
    nativeSettings.put("writes", "Database.put in one transaction per batch");
  }

  /** The run's durability as JE's commit policy: sync, write to the OS without sync, or keep in JE's buffer. */
  static com.sleepycat.je.Durability durability(Durability durability) {
    return switch (durability) {
      case SYNC -> com.sleepycat.je.Durability.COMMIT_SYNC;
      case LAZY -> com.sleepycat.je.Durability.COMMIT_WRITE_NO_SYNC;
      case NOSYNC -> com.sleepycat.je.Durability.COMMIT_NO_SYNC;
    };
  }

  @Override
  public Session openSession() {
    return new Session() {
      @Override
      public Writer beginWrite(WriteOrder order) {
        return new JeWriter();
      }

      @Override
      public Reader beginRead() {
        return new JeReader();
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  /** JE's cache, on the heap (so in the heap figure too). */
  @Override
  public Map<String, Long> memoryUsage() {
    return Map.of("je.cacheTotalBytes", env.getStats(fastStats).getCacheTotalBytes());
  }

  /** JE's counters of its background work: the cleaner, checkpoints, fsyncs and cache misses. */
  @Override
  public Map<String, Long> statistics() {
    Map<String, Long> stats = new LinkedHashMap<>();
    try {
      EnvironmentStats es = env.getStats(fastStats);
      stats.put("je.cleanerRuns", es.getNCleanerRuns());
      stats.put("je.checkpoints", es.getNCheckpoints());
      stats.put("je.logFSyncs", es.getNLogFSyncs());
      stats.put("je.cacheMisses", es.getNCacheMiss());
      stats.put("je.cacheTotalBytes", es.getCacheTotalBytes());
    } catch (RuntimeException | LinkageError e) {
      // counters this release keeps otherwise: what was read stands
    }
    return stats;
  }

  @Override
  public void close() {
    try {
      db.close();
    } catch (RuntimeException e) {
      env.close();
      throw failure("closing the database failed", e);
    }
    try {
      // a checkpoint, then the log and the lock file closed and the daemon threads stopped; JE
      // closes them even when the checkpoint fails (a disk under its reserve), then throws
      env.close();
    } catch (RuntimeException e) {
      throw failure("close failed", e);
    }
  }

  /** The bytes JE handed back in {@code entry}, without a copy. */
  private static ByteBuffer view(DatabaseEntry entry) {
    return ByteBuffer.wrap(entry.getData(), entry.getOffset(), entry.getSize());
  }

  /** The smallest cache JE takes (its je.maxMemory minimum); 0 leaves the cache to JE. */
  static final long SMALLEST_CACHE = 96 * 1024;

  /** Why these settings cannot open JE, or null: JE's own bounds for its log files and its cache. */
  static String settingsProblem(String id, StoreSettings s) {
    long logFileSize = s.getLong("logFileSize");
    if (logFileSize < 1_000_000 || logFileSize > 1L << 32) {
      // JE's own bounds for je.log.fileMax
      return id + ": logFileSize must be from 1,000,000 bytes to 4 GiB, got " + logFileSize;
    }
    long cacheSize = s.getLong("cacheSize");
    if (cacheSize != 0 && cacheSize < SMALLEST_CACHE) {
      return id + ": cacheSize must be 0 (JE's 60 % of the heap) or at least 96k, JE's least, got " + cacheSize;
    }
    return null;
  }

  private StoreException failure(String what, RuntimeException e) {
    if (e instanceof DiskLimitException) {
      // JE's reserve, not the disk's end: said in the words every full disk gets, with the setting
      return new StoreException(id + ": " + what + ": not enough space: JE refuses writes with less than je.freeDisk="
          + nativeSettings.get("freeDisk") + " bytes free; lower it with -o " + id + ".freeDisk=SIZE: " + e.getMessage(),
          e);
    }
    return new StoreException(id + ": " + what + ": " + e.getMessage(), e);
  }

  private final class JeWriter implements Writer {
    private final ArrayInput keyBytes = new ArrayInput();
    private final ArrayInput valueBytes = new ArrayInput();
    private final DatabaseEntry key = new DatabaseEntry();
    private final DatabaseEntry value = new DatabaseEntry();
    private final DatabaseEntry found = new DatabaseEntry();
    private Transaction txn;
    private long inTxn;

    private Transaction txn() {
      if (txn == null) {
        txn = env.beginTransaction(null, null);
      }
      return txn;
    }

    @Override
    public void put(ByteBuffer k, ByteBuffer v) {
      try {
        // JE copies both into its own records, so the arrays are reused for the next put
        key.setData(keyBytes.of(k));
        value.setData(valueBytes.of(v));
        db.put(txn(), key, value);
      } catch (RuntimeException e) {
        throw failure("put failed", e);
      }
      if (++inTxn == maxTxnEntries) {
        commit();
      }
    }

    @Override
    public void delete(ByteBuffer k) {
      try {
        key.setData(keyBytes.of(k));
        db.delete(txn(), key);
      } catch (RuntimeException e) {
        throw failure("delete failed", e);
      }
    }

    @Override
    public ByteBuffer get(ByteBuffer k) {
      try {
        key.setData(keyBytes.of(k));
        // the transaction's own view: its uncommitted puts and deletes included
        OperationStatus status = db.get(txn(), key, found, LockMode.DEFAULT);
        return status == OperationStatus.SUCCESS ? view(found).asReadOnlyBuffer() : null;
      } catch (RuntimeException e) {
        throw failure("get failed", e);
      }
    }

    @Override
    public void commit() {
      if (txn == null) {
        return;
      }
      Transaction t = txn;
      txn = null;
      inTxn = 0;
      try {
        t.commit();
      } catch (RuntimeException e) {
        t.abort();
        throw failure("commit failed", e);
      }
    }

    @Override
    public void close() {
      if (txn != null) {
        Transaction t = txn;
        txn = null;
        inTxn = 0;
        t.abort();
      }
    }
  }

  /** A read pass: committed records, each read-locked only while it is read (JE keeps no snapshots). */
  private final class JeReader implements Reader {
    private final ArrayInput keyBytes = new ArrayInput();
    private final DatabaseEntry key = new DatabaseEntry();
    private final DatabaseEntry value = new DatabaseEntry();

    @Override
    public ByteBuffer get(ByteBuffer k) {
      try {
        key.setData(keyBytes.of(k));
        OperationStatus status = db.get(null, key, value, LockMode.READ_COMMITTED);
        return status == OperationStatus.SUCCESS ? view(value) : null;
      } catch (RuntimeException e) {
        throw failure("get failed", e);
      }
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      try (Cursor c = db.openCursor(null, CursorConfig.READ_COMMITTED)) {
        DatabaseEntry k = new DatabaseEntry();
        DatabaseEntry v = new DatabaseEntry();
        boolean forward = direction == ScanDirection.FORWARD;
        // an unpositioned cursor's getNext moves to the first record, its getPrev to the last
        return visitFrom(c, forward ? c.getNext(k, v, null) : c.getPrev(k, v, null), forward, k, v, visitor);
      } catch (RuntimeException e) {
        throw failure("scan failed", e);
      }
    }

    @Override
    public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
      return scanFrom(start, ScanDirection.FORWARD, visitor);
    }

    @Override
    public long scanFrom(ByteBuffer start, ScanDirection direction, EntryVisitor visitor) {
      try (Cursor c = db.openCursor(null, CursorConfig.READ_COMMITTED)) {
        byte[] from = keyBytes.of(start).clone();
        DatabaseEntry k = new DatabaseEntry(from);
        DatabaseEntry v = new DatabaseEntry();
        // the first key at or after start
        OperationStatus status = c.getSearchKeyRange(k, v, null);
        if (direction == ScanDirection.FORWARD) {
          return visitFrom(c, status, true, k, v, visitor);
        }
        // descending from the last key at or before start: one step back unless start itself was found
        if (status != OperationStatus.SUCCESS) {
          status = c.getLast(k, v, null);
        } else if (!java.util.Arrays.equals(k.getData(), from)) {
          status = c.getPrev(k, v, null);
        }
        return visitFrom(c, status, false, k, v, visitor);
      } catch (RuntimeException e) {
        throw failure("scan failed", e);
      }
    }

    private long visitFrom(Cursor c, OperationStatus first, boolean forward, DatabaseEntry k, DatabaseEntry v,
        EntryVisitor visitor) {
      long visited = 0;
      for (OperationStatus status = first; status == OperationStatus.SUCCESS;
          status = forward ? c.getNext(k, v, null) : c.getPrev(k, v, null)) {
        visited++;
        if (!visitor.visit(view(k), view(v))) {
          break;
        }
      }
      return visited;
    }

    @Override
    public void close() {}
  }
}
