package dev.kvbench.stores.rocksdb;

import dev.kvbench.store.ArrayInput;
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
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.CompressionType;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * One RocksDB database. RocksDB's ByteBuffer API copies into buffers we own and moves the
 * positions of the buffers it is given, so every call restores the harness's positions.
 */
final class RocksDbStore implements Store {

  private final String id;
  private final Options options;
  private final WriteOptions writeOptions;
  private final RocksDB db;
  private final Map<String, Object> nativeSettings = new LinkedHashMap<>();

  RocksDbStore(String id, StoreConfig config) {
    this.id = id;
    String nativeLibrary = RocksDbNatives.ensureLoaded();
    CompressionType compression = switch (config.settings().getString("compression")) {
      case "snappy" -> CompressionType.SNAPPY_COMPRESSION;
      case "lz4" -> CompressionType.LZ4_COMPRESSION;
      case "zstd" -> CompressionType.ZSTD_COMPRESSION;
      default -> CompressionType.NO_COMPRESSION;
    };
    this.options =
        new Options()
            .setCreateIfMissing(true)
            .setCompressionType(compression)
            .setWriteBufferSize(config.settings().getLong("writeBufferSize"))
            .setMaxBackgroundJobs((int) config.settings().getLong("maxBackgroundJobs"))
            .setMaxOpenFiles((int) config.settings().getLong("maxOpenFiles"));
    boolean sync = config.durability() == Durability.SYNC;
    boolean wal = config.durability() != Durability.NOSYNC;
    this.writeOptions = new WriteOptions().setSync(sync).setDisableWAL(!wal);
    try {
      this.db = RocksDB.open(options, config.directory().toString());
    } catch (RocksDBException e) {
      writeOptions.close();
      options.close();
      throw new StoreException(id + ": cannot open RocksDB in " + config.directory() + ": " + e.getMessage(), e);
    }
    RocksDB.Version v = RocksDB.rocksdbVersion();
    nativeSettings.put("rocksdbVersion", v.toString());
    nativeSettings.put("compression", compression.name());
    nativeSettings.put("writeBufferSize", options.writeBufferSize());
    nativeSettings.put("maxBackgroundJobs", options.maxBackgroundJobs());
    nativeSettings.put("maxOpenFiles", options.maxOpenFiles());
    nativeSettings.put("sync", sync);
    nativeSettings.put("wal", wal);
    nativeSettings.put("nativeLibrary", nativeLibrary);
    nativeSettings.put("api", "byte[] as the anchor: WriteBatch.put(byte[], byte[]), RocksDB.get(byte[], byte[]) with default"
        + " ReadOptions; cursor passes on the reader's snapshot copy each value (and the key, when read) out with"
        + " RocksIterator.key/value(ByteBuffer)");
  }

  @Override
  public Session openSession() {
    return new RocksSession();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  /** RocksDB's own memory, as its properties say: the block cache, the memtables, the table readers' indexes. */
  private static final List<String> MEMORY_PROPERTIES = List.of("rocksdb.block-cache-usage",
      "rocksdb.block-cache-pinned-usage", "rocksdb.cur-size-all-mem-tables", "rocksdb.estimate-table-readers-mem");

  @Override
  public Map<String, Long> memoryUsage() {
    Map<String, Long> usage = new LinkedHashMap<>();
    for (String property : MEMORY_PROPERTIES) {
      try {
        usage.put(property, db.getLongProperty(property));
      } catch (RocksDBException | LinkageError e) {
        // a property (or the call) this RocksDB does not have, an older release in a version sweep: left out
      }
    }
    return usage;
  }

  /** Gauges of RocksDB's write path now: whether writes are stopped or delayed, and what work is pending. */
  private static final List<String> STATISTIC_PROPERTIES = List.of("rocksdb.is-write-stopped",
      "rocksdb.actual-delayed-write-rate", "rocksdb.num-running-compactions", "rocksdb.num-running-flushes",
      "rocksdb.num-immutable-mem-table", "rocksdb.estimate-pending-compaction-bytes", "rocksdb.num-files-at-level0",
      "rocksdb.live-sst-files-size");

  /** Cumulative counters of the column family's stats map: stalls by cause, and compaction's bytes. */
  private static final List<String> CF_STALL_COUNTS = List.of("total-stops", "total-delays", "memtable-limit-stops",
      "memtable-limit-delays", "l0-file-count-limit-stops", "l0-file-count-limit-delays",
      "pending-compaction-bytes-stops", "pending-compaction-bytes-delays");

  /**
   * RocksDB's stall and compaction figures, as {@code db_bench --stats_interval} prints them: the
   * write-stall micros and the stops and delays by cause (cumulative), compaction's bytes read and
   * written (cumulative), and the gauges of its write path. A property this release lacks is left out.
   */
  @Override
  public Map<String, Long> statistics() {
    Map<String, Long> stats = new LinkedHashMap<>();
    for (String property : STATISTIC_PROPERTIES) {
      try {
        stats.put(property, db.getLongProperty(property));
      } catch (RocksDBException | RuntimeException | LinkageError e) {
        // not in this release
      }
    }
    try {
      Map<String, String> db = this.db.getMapProperty("rocksdb.dbstats");
      putNumber(stats, "db.user_write_stall_micros", db.get("db.user_write_stall_micros"), 1);
      putNumber(stats, "db.wal_bytes_written", db.get("db.wal_bytes_written"), 1);
      Map<String, String> cf = this.db.getMapProperty("rocksdb.cfstats");
      for (String count : CF_STALL_COUNTS) {
        putNumber(stats, "stall." + count, cf.get(count), 1);
      }
      double gib = 1L << 30;
      putNumber(stats, "compaction.write-bytes", cf.get("compaction.Sum.WriteGB"), gib);
      putNumber(stats, "compaction.read-bytes", cf.get("compaction.Sum.ReadGB"), gib);
      putNumber(stats, "compaction.count", cf.get("compaction.Sum.CompCount"), 1);
      putNumber(stats, "compaction.micros", cf.get("compaction.Sum.CompSec"), 1e6);
    } catch (RocksDBException | RuntimeException | LinkageError e) {
      // the map properties came with RocksDB 6: an older release in a version sweep has the gauges only
    }
    return stats;
  }

  private static void putNumber(Map<String, Long> stats, String name, String text, double scale) {
    if (text != null) {
      try {
        stats.put(name, Math.round(Double.parseDouble(text) * scale));
      } catch (NumberFormatException e) {
        // not a number in this release: left out
      }
    }
  }

  /**
   * Flushes the memtables and closes, failing if either fails. RocksDB flushes on close anyway,
   * but its {@code close()} swallows errors: on a full disk it reported success and left 65,536
   * bytes, while with the WAL off (nosync) the memtable was the only copy of the data.
   */
  @Override
  public void close() {
    try (FlushOptions flush = new FlushOptions().setWaitForFlush(true)) {
      db.flush(flush);
      db.closeE();
    } catch (RocksDBException e) {
      db.close();
      throw failure("close (flushing the memtables; the data was not kept)", e);
    } finally {
      writeOptions.close();
      options.close();
    }
  }

  private StoreException failure(String what, RocksDBException e) {
    return new StoreException(id + ": " + what + " failed: " + e.getMessage(), e);
  }

  private final class RocksSession implements Session {

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new RocksWriter();
    }

    @Override
    public Reader beginRead() {
      return new RocksReader();
    }

    @Override
    public void close() {}
  }

  private final class RocksWriter implements Writer {
    private final WriteBatch batch = new WriteBatch();
    // the anchor's idiom: WriteBatch.put(byte[], byte[]) from arrays it refills for every put
    private final ArrayInput keyIn = new ArrayInput();
    private final ArrayInput valueIn = new ArrayInput();

    @Override
    public void put(ByteBuffer key, ByteBuffer value) {
      try {
        batch.put(keyIn.of(key), valueIn.of(value));
      } catch (RocksDBException e) {
        throw failure("put", e);
      }
    }

    @Override
    public void delete(ByteBuffer key) {
      try {
        batch.delete(keyIn.of(key));
      } catch (RocksDBException e) {
        throw failure("delete", e);
      }
    }

    @Override
    public void commit() {
      try {
        db.write(writeOptions, batch);
        batch.clear();
      } catch (RocksDBException e) {
        throw failure("write batch", e);
      }
    }

    @Override
    public void close() {
      batch.close();
    }
  }

  private final class RocksReader implements Reader {
    private final Snapshot snapshot = db.getSnapshot();
    private final ReadOptions readOptions = new ReadOptions().setSnapshot(snapshot);
    private ByteBuffer keyOut = ByteBuffer.allocateDirect(64);
    private ByteBuffer valueOut = ByteBuffer.allocateDirect(256);
    // the anchor's readKey: RocksDB.get(byte[] key, byte[] value) into an array it reuses, with
    // default ReadOptions: the latest data, not this reader's snapshot (the same data while no
    // writer runs; a snapshot made the gets about 10 % slower here)
    private final ArrayInput keyIn = new ArrayInput();
    private byte[] valueBytes = new byte[256];
    private ByteBuffer valueView = ByteBuffer.wrap(valueBytes);

    @Override
    public ByteBuffer get(ByteBuffer key) {
      byte[] keyBytes = keyIn.of(key);
      try {
        while (true) {
          int size = db.get(keyBytes, valueBytes);
          if (size == RocksDB.NOT_FOUND) {
            return null;
          }
          if (size <= valueBytes.length) {
            return valueView.limit(size).position(0);
          }
          valueBytes = new byte[size];
          valueView = ByteBuffer.wrap(valueBytes);
        }
      } catch (RocksDBException e) {
        throw failure("get", e);
      }
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      boolean forward = direction == ScanDirection.FORWARD;
      long visited = 0;
      try (RocksIterator it = db.newIterator(readOptions)) {
        if (forward) {
          it.seekToFirst();
        } else {
          it.seekToLast();
        }
        // the anchor's readSeq and readRev take each value and never the key
        boolean keys = visitor.readsKeys();
        while (it.isValid()) {
          if (keys) {
            keyOut = copyOut(keyOut, it, true);
          }
          valueOut = copyOut(valueOut, it, false);
          visited++;
          if (!visitor.visit(keys ? keyOut : EntryVisitor.UNREAD_KEY, valueOut)) {
            break;
          }
          if (forward) {
            it.next();
          } else {
            it.prev();
          }
        }
        it.status();
      } catch (RocksDBException e) {
        throw failure("iterate", e);
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
      try (RocksIterator it = db.newIterator(readOptions)) {
        // ascending from the first key at or after start, descending from the last at or before it
        if (forward) {
          it.seek(keyIn.of(start));
        } else {
          it.seekForPrev(keyIn.of(start));
        }
        for (; it.isValid(); step(it, forward)) {
          keyOut = copyOut(keyOut, it, true);
          valueOut = copyOut(valueOut, it, false);
          visited++;
          if (!visitor.visit(keyOut, valueOut)) {
            break;
          }
        }
        it.status();
      } catch (RocksDBException e) {
        throw failure("iterate", e);
      }
      return visited;
    }

    private static void step(RocksIterator it, boolean forward) {
      if (forward) {
        it.next();
      } else {
        it.prev();
      }
    }

    /** Copies the iterator's key or value into {@code into}, growing it when too small. */
    private ByteBuffer copyOut(ByteBuffer into, RocksIterator it, boolean key) {
      into.clear();
      int size = key ? it.key(into) : it.value(into);
      if (size > into.capacity()) {
        into = ByteBuffer.allocateDirect(size);
        size = key ? it.key(into) : it.value(into);
      }
      into.position(0).limit(size);
      return into;
    }

    @Override
    public void close() {
      readOptions.close();
      db.releaseSnapshot(snapshot);
    }
  }
}
