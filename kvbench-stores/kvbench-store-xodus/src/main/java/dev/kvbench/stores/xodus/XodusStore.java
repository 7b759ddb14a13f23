package dev.kvbench.stores.xodus;

import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import jetbrains.exodus.ArrayByteIterable;
import jetbrains.exodus.ByteIterable;
import jetbrains.exodus.ExodusException;
import jetbrains.exodus.env.Cursor;
import jetbrains.exodus.env.Environment;
import jetbrains.exodus.env.EnvironmentConfig;
import jetbrains.exodus.env.Environments;
import jetbrains.exodus.env.Transaction;

/**
 * One Xodus environment holding one store. Xodus compares {@link ByteIterable} keys as unsigned
 * bytes, the harness's order. A mutable tree keeps the iterables it is given until commit, so
 * every put copies the harness's bytes into new arrays.
 */
final class XodusStore implements Store {

  private static final String STORE_NAME = "kv";

  /**
   * NOSYNC: a sync period no commit reaches, so Xodus leaves write-back to the OS (it still syncs
   * on close); not Long.MAX_VALUE, which Xodus adds to the time of the last sync.
   */
  static final long NO_SYNC_PERIOD = Long.MAX_VALUE / 4;

  private final String id;
  private final Environment env;
  private final jetbrains.exodus.env.Store store;
  private final long maxTxnEntries;
  private final boolean prefixing;
  private final Map<String, Object> nativeSettings = new LinkedHashMap<>();

  /**
   * The 2016 benchmark wrote Xodus in transactions of max(1,000,000 / value size, 1,000) puts "so
   * as not to block GC": 10,000 at 100-byte values, 1,000 from about 1 KB up.
   */
  static long seedsTxnEntries(int valueSize) {
    return Math.max(1_000_000L / Math.max(1, valueSize), 1_000L);
  }

  XodusStore(String id, StoreConfig config) {
    this.id = id;
    StoreSettings s = config.settings();
    this.maxTxnEntries = s.isAuto("maxTxnEntries") ? seedsTxnEntries(config.sizing().valueSize())
        : s.getLong("maxTxnEntries");
    long logFileSize = s.getLong("logFileSize");
    long cachePageSize = s.getLong("logCachePageSize");
    if (logFileSize < 1024 || logFileSize % 1024 != 0) {
      throw new StoreException(id + ": logFileSize must be a whole number of KiB, got " + logFileSize);
    }
    if (cachePageSize > Integer.MAX_VALUE || cachePageSize > logFileSize) {
      throw new StoreException(id + ": logCachePageSize must not exceed logFileSize, got " + cachePageSize);
    }
    requireEntriesFit(id, config.sizing(), logFileSize);
    jetbrains.exodus.env.StoreConfig treeConfig =
        s.getString("tree").equals("btree")
            ? jetbrains.exodus.env.StoreConfig.WITHOUT_DUPLICATES
            : jetbrains.exodus.env.StoreConfig.WITHOUT_DUPLICATES_WITH_PREFIXING;
    this.prefixing = treeConfig.prefixing;
    Durability durability = config.durability();
    long syncPeriod =
        durability == Durability.NOSYNC ? NO_SYNC_PERIOD : EnvironmentConfig.DEFAULT.getLogSyncPeriod();
    EnvironmentConfig cfg =
        new EnvironmentConfig()
            .setLogFileSize(logFileSize / 1024)
            .setLogCachePageSize((int) cachePageSize)
            .setLogDurableWrite(durability == Durability.SYNC)
            .setLogSyncPeriod(syncPeriod)
            .setGcEnabled(s.getBoolean("gc"))
            // no JMX beans: nothing registered outside the store that close could miss
            .setManagementEnabled(false)
            // close aborts a transaction left open instead of refusing and keeping the files open
            .setEnvCloseForcedly(true);
    try {
      this.env = Environments.newInstance(config.directory().toFile(), cfg);
    } catch (ExodusException | IllegalArgumentException e) {
      throw new StoreException(id + ": cannot open Xodus in " + config.directory() + ": " + e, e);
    }
    try {
      this.store = env.computeInTransaction(txn -> env.openStore(STORE_NAME, treeConfig, txn));
    } catch (RuntimeException e) {
      env.close();
      throw new StoreException(id + ": cannot open the store in " + config.directory() + ": " + e, e);
    }
    EnvironmentConfig in = env.getEnvironmentConfig();
    nativeSettings.put("storeConfig", treeConfig.name());
    nativeSettings.put("logFileSizeKb", in.getLogFileSize());
    nativeSettings.put("logCachePageSize", in.getLogCachePageSize());
    nativeSettings.put("logDurableWrite", in.getLogDurableWrite());
    nativeSettings.put("logSyncPeriodMs", in.getLogSyncPeriod());
    nativeSettings.put("maxTxnEntries", maxTxnEntries);
    nativeSettings.put("ascendingWrites", "putRight");
    nativeSettings.put("reverseScan", prefixing ? "getLast/getPrev, keys held back past the longer keys they prefix" : "getLast/getPrev");
    nativeSettings.put("gcEnabled", in.isGcEnabled());
    nativeSettings.put("logCacheShared", in.isLogCacheShared());
    nativeSettings.put("memoryUsagePercentage", in.getMemoryUsagePercentage());
    nativeSettings.put("useVersion1Format", version1Format(in));
    nativeSettings.put("managementEnabled", in.isManagementEnabled());
    nativeSettings.put("envCloseForcedly", in.getEnvCloseForcedly());
  }

  /** Xodus 2.0's choice of log format; 1.x has no choice and writes the version-1 format. */
  private static Object version1Format(EnvironmentConfig in) {
    try {
      return in.getUseVersion1Format();
    } catch (NoSuchMethodError before20) {
      return "always (Xodus 1.x)";
    }
  }

  /** A key and value go to the log as one loggable, which Xodus cannot split across files. */
  static void requireEntriesFit(String id, WorkloadSizing sizing, long logFileSize) {
    long entry = sizing.keySize() + (long) sizing.valueSize();
    if (entry > logFileSize / 2) {
      throw new StoreException(id + ": entries of " + entry + " bytes need log files of at least "
          + 2 * entry + " bytes; raise -o " + id + ".logFileSize");
    }
  }

  @Override
  public Session openSession() {
    return new XodusSession();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  /**
   * Xodus' counters of its log: bytes written, read and moved by its GC (cumulative), and its files'
   * utilization. By name, not by constant: an older Xodus in a version sweep lacks some (1.3.0 has no
   * GC_TRANSACTIONS), and naming a constant it lacks would fail the adapter's class.
   */
  private static final java.util.Set<String> STATISTICS = java.util.Set.of("BYTES_WRITTEN", "BYTES_READ",
      "BYTES_MOVED_BY_GC", "GC_TRANSACTIONS", "FLUSHED_TRANSACTIONS", "UTILIZATION_PERCENT");

  @Override
  public Map<String, Long> statistics() {
    Map<String, Long> stats = new LinkedHashMap<>();
    try {
      for (jetbrains.exodus.env.EnvironmentStatistics.Type type : jetbrains.exodus.env.EnvironmentStatistics.Type
          .values()) {
        if (STATISTICS.contains(type.name())) {
          stats.put(type.id, env.getStatistics().getStatisticsItem(type).getTotal());
        }
      }
    } catch (RuntimeException | LinkageError e) {
      // statistics this release keeps otherwise: what was read stands
    }
    return stats;
  }

  @Override
  public void close() {
    try {
      // ends this environment's GC and flush jobs, syncs and closes the log and lock files; the
      // threads that ran them are Xodus' JVM-wide shared daemons and stay for the next environment
      env.close();
    } catch (ExodusException e) {
      throw new StoreException(id + ": close failed: " + e, e);
    }
  }

  private static ByteBuffer view(ByteIterable it) {
    return ByteBuffer.wrap(it.getBytesUnsafe(), 0, it.getLength());
  }

  private final class XodusSession implements Session {

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new XodusWriter(order == WriteOrder.ASCENDING);
    }

    @Override
    public Reader beginRead() {
      return new XodusReader();
    }

    @Override
    public void close() {}
  }

  private final class XodusWriter implements Writer {
    private final boolean ascending;
    private Transaction txn;
    private long inTxn;

    XodusWriter(boolean ascending) {
      this.ascending = ascending;
    }

    @Override
    public void put(ByteBuffer key, ByteBuffer value) {
      if (txn == null) {
        txn = env.beginTransaction();
      }
      ArrayByteIterable k = new ArrayByteIterable(Writer.copyOf(key));
      ArrayByteIterable v = new ArrayByteIterable(Writer.copyOf(value));
      if (ascending) {
        // appends to the right edge of the tree, as the seeds did for sequential keys
        store.putRight(txn, k, v);
      } else {
        store.put(txn, k, v);
      }
      if (++inTxn == maxTxnEntries) {
        commit();
      }
    }

    @Override
    public void delete(ByteBuffer key) {
      if (txn == null) {
        txn = env.beginTransaction();
      }
      store.delete(txn, new ArrayByteIterable(Writer.copyOf(key)));
    }

    @Override
    public ByteBuffer get(ByteBuffer key) {
      if (txn == null) {
        txn = env.beginTransaction();
      }
      // the transaction's own view: its puts and deletes not yet committed included
      ByteIterable value = store.get(txn, new ArrayByteIterable(Writer.copyOf(key)));
      return value == null ? null : view(value).asReadOnlyBuffer();
    }

    @Override
    public void commit() {
      if (txn == null) {
        return;
      }
      Transaction t = txn;
      txn = null;
      inTxn = 0;
      if (!t.commit()) {
        t.abort();
        throw new StoreException(id + ": commit failed: the environment changed under the writer");
      }
    }

    @Override
    public void close() {
      if (txn != null) {
        txn.abort();
        txn = null;
        inTxn = 0;
      }
    }
  }

  private final class XodusReader implements Reader {
    private final Transaction txn = env.beginReadonlyTransaction();
    private final ArrayByteIterable keyView = new ArrayByteIterable(new byte[0]);
    private byte[] keyBytes = new byte[0];

    @Override
    public ByteBuffer get(ByteBuffer key) {
      int n = key.remaining();
      if (keyBytes.length != n) {
        keyBytes = new byte[n];
        keyView.setBytes(keyBytes);
      }
      key.get(key.position(), keyBytes);
      ByteIterable value = store.get(txn, keyView);
      return value == null ? null : view(value);
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      try (Cursor c = store.openCursor(txn)) {
        if (direction == ScanDirection.FORWARD) {
          return forward(c, visitor);
        }
        return prefixing ? reversePatricia(c, visitor) : reverse(c, visitor);
      }
    }

    @Override
    public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
      try (Cursor c = store.openCursor(txn)) {
        long visited = 0;
        // getSearchKeyRange moves to the first key >= start (null when there is none)
        for (boolean more = c.getSearchKeyRange(new ArrayByteIterable(Writer.copyOf(start))) != null; more;
            more = c.getNext()) {
          visited++;
          if (!visitor.visit(view(c.getKey()), view(c.getValue()))) {
            break;
          }
        }
        return visited;
      }
    }

    private long forward(Cursor c, EntryVisitor visitor) {
      long visited = 0;
      // a new cursor stands before the first entry: getNext moves to it
      while (c.getNext()) {
        visited++;
        if (!visitor.visit(view(c.getKey()), view(c.getValue()))) {
          break;
        }
      }
      return visited;
    }

    private long reverse(Cursor c, EntryVisitor visitor) {
      long visited = 0;
      for (boolean more = c.getLast(); more; more = c.getPrev()) {
        visited++;
        if (!visitor.visit(view(c.getKey()), view(c.getValue()))) {
          break;
        }
      }
      return visited;
    }

    /**
     * Xodus' Patricia cursor walks backwards through a node before its children, so a key comes
     * before the longer keys it is a prefix of ({1} before {1, 0}). Each key is held back until the
     * walk reaches a key it is not a prefix of; with keys of one length (the harness's) at most one
     * entry is held.
     */
    private long reversePatricia(Cursor c, EntryVisitor visitor) {
      PendingStack pending = new PendingStack();
      long visited = 0;
      for (boolean more = c.getLast(); more; more = c.getPrev()) {
        ByteBuffer key = view(c.getKey());
        while (pending.size > 0 && !isProperPrefix(pending.topKey(), key)) {
          visited++;
          if (!pending.popInto(visitor)) {
            return visited;
          }
        }
        pending.push(key, view(c.getValue()));
      }
      while (pending.size > 0) {
        visited++;
        if (!pending.popInto(visitor)) {
          break;
        }
      }
      return visited;
    }

    @Override
    public void close() {
      txn.abort();
    }
  }

  private static boolean isProperPrefix(ByteBuffer prefix, ByteBuffer key) {
    return prefix.remaining() < key.remaining() && prefix.mismatch(key) == prefix.remaining();
  }

  /** Entries held back by a reverse Patricia walk, most recent on top. */
  private static final class PendingStack {
    private ByteBuffer[] keys = new ByteBuffer[4];
    private ByteBuffer[] values = new ByteBuffer[4];
    int size;

    void push(ByteBuffer key, ByteBuffer value) {
      if (size == keys.length) {
        keys = Arrays.copyOf(keys, size * 2);
        values = Arrays.copyOf(values, size * 2);
      }
      keys[size] = key;
      values[size++] = value;
    }

    ByteBuffer topKey() {
      return keys[size - 1];
    }

    boolean popInto(EntryVisitor visitor) {
      size--;
      ByteBuffer k = keys[size];
      ByteBuffer v = values[size];
      keys[size] = null;
      values[size] = null;
      return visitor.visit(k, v);
    }
  }
}
