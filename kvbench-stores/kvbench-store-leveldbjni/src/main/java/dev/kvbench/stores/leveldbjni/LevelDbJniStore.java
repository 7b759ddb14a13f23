package dev.kvbench.stores.leveldbjni;

import dev.kvbench.store.ArrayInput;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.InvalidSettingException;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.fusesource.leveldbjni.JniDBFactory;
import org.iq80.leveldb.CompressionType;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.DBException;
import org.iq80.leveldb.DBIterator;
import org.iq80.leveldb.Options;
import org.iq80.leveldb.ReadOptions;
import org.iq80.leveldb.Snapshot;
import org.iq80.leveldb.WriteBatch;
import org.iq80.leveldb.WriteOptions;

/**
 * One LevelDB database through LevelDBJNI's org.iq80.leveldb API, which takes and returns whole
 * byte[]s: writes copy the harness's bytes into reused arrays and go through a WriteBatch per
 * commit; reads use a snapshot and copy what LevelDBJNI allocates into reused buffers.
 */
final class LevelDbJniStore implements Store {

  private final String id;
  private final DB db;
  private final WriteOptions writeOptions;
  private final int memoryPool;
  private final Map<String, Object> nativeSettings = new LinkedHashMap<>();

  LevelDbJniStore(String id, StoreConfig config) {
    this.id = id;
    CompressionType compression =
        config.settings().getString("compression").equals("snappy") ? CompressionType.SNAPPY : CompressionType.NONE;
    Options options =
        new Options()
            .createIfMissing(true)
            .compressionType(compression)
            .writeBufferSize(intSize(config, "writeBufferSize"))
            .cacheSize(size(config, "cacheSize"));
    this.memoryPool = intSize(config, "memoryPool");
    // SYNC: fsync the log on every commit. LAZY and NOSYNC: write the log without fsync; leveldb
    // cannot turn its log off, so the two are the same here, and nativeSettings says so.
    this.writeOptions = new WriteOptions().sync(config.durability() == Durability.SYNC);
    try {
      this.db = JniDBFactory.factory.open(config.directory().toFile(), options);
    } catch (IOException | DBException e) {
      throw new StoreException(id + ": cannot open LevelDB in " + config.directory() + ": " + e.getMessage(), e);
    }
    nativeSettings.put("leveldbjniVersion", JniDBFactory.VERSION);
    nativeSettings.put("leveldbVersion", "not exposed by LevelDBJNI at run time (its bundled native library)");
    nativeSettings.put("compression", options.compressionType().name());
    nativeSettings.put("writeBufferSize", options.writeBufferSize());
    nativeSettings.put("cacheSize", options.cacheSize());
    nativeSettings.put("blockSize", options.blockSize());
    nativeSettings.put("blockRestartInterval", options.blockRestartInterval());
    nativeSettings.put("maxOpenFiles", options.maxOpenFiles());
    nativeSettings.put("paranoidChecks", options.paranoidChecks());
    nativeSettings.put("verifyChecksums", options.verifyChecksums());
    nativeSettings.put("sync", writeOptions.sync());
    nativeSettings.put("log", "always written: leveldb has no switch to turn its log off, so lazy and nosync are both sync=false");
    nativeSettings.put("memoryPoolBytes", memoryPool);
    nativeSettings.put("readCopies",
        "get returns a new byte[], each cursor step a new key and value byte[] and Map.Entry; copied into reused buffers");
    nativeSettings.put("reverseScan",
        "DBIterator.seekToLast then hasPrev/prev: LevelDBJNI steps back and forth to keep its peek semantics, "
            + "five native iterator moves per entry");
    nativeSettings.put("nativeLibrary", LevelDbJniNatives.library().source());
  }

  private long size(StoreConfig config, String key) {
    if (config.settings().isAuto(key)) {
      throw new InvalidSettingException(id + ": " + key + " has no auto value; give a size such as 4m");
    }
    return config.settings().getLong(key);
  }

  private int intSize(StoreConfig config, String key) {
    long bytes = size(config, key);
    if (bytes > Integer.MAX_VALUE) {
      throw new InvalidSettingException(id + ": " + key + " must be below 2g, LevelDBJNI takes an int");
    }
    return (int) bytes;
  }

  @Override
  public Session openSession() {
    return new JniSession();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  /**
   * LevelDB's compaction figures from its {@code leveldb.stats} table, summed over the levels:
   * bytes compaction read and wrote and its time (cumulative), and the files at level 0, which
   * slow writes from 8 and stop them at 12 (LevelDB keeps no count of its stalls).
   */
  @Override
  public Map<String, Long> statistics() {
    Map<String, Long> stats = new LinkedHashMap<>();
    String table = db.getProperty("leveldb.stats");
    if (table == null) {
      return stats;
    }
    long files0 = 0;
    double seconds = 0;
    double readMb = 0;
    double writeMb = 0;
    for (String line : table.split("\n")) {
      String[] f = line.trim().split("\\s+");
      // Level Files Size(MB) Time(sec) Read(MB) Write(MB)
      if (f.length == 6 && f[0].matches("\\d+")) {
        files0 += f[0].equals("0") ? Long.parseLong(f[1]) : 0;
        seconds += Double.parseDouble(f[3]);
        readMb += Double.parseDouble(f[4]);
        writeMb += Double.parseDouble(f[5]);
      }
    }
    stats.put("level0-files", files0);
    stats.put("compaction.read-bytes", Math.round(readMb * (1 << 20)));
    stats.put("compaction.write-bytes", Math.round(writeMb * (1 << 20)));
    stats.put("compaction.micros", Math.round(seconds * 1e6));
    return stats;
  }

  @Override
  public void close() {
    try {
      db.close();
    } catch (IOException | DBException e) {
      throw failure("close", e);
    }
  }

  private StoreException failure(String what, Exception e) {
    return new StoreException(id + ": " + what + " failed: " + e.getMessage(), e);
  }

  /**
   * LevelDBJNI's memory pool is a per-thread stack: pushed when a writer or reader begins, popped
   * when it closes. Sessions are used by one thread; should a close come from another thread, its
   * pool is left to that thread rather than popping someone else's.
   */
  private final class PoolScope {
    private final Thread owner = memoryPool > 0 ? Thread.currentThread() : null;

    PoolScope() {
      if (owner != null) {
        JniDBFactory.pushMemoryPool(memoryPool);
      }
    }

    void close() {
      if (owner == Thread.currentThread()) {
        JniDBFactory.popMemoryPool();
      }
    }
  }

  private final class JniSession implements Session {

    private final ArrayInput keyIn = new ArrayInput();
    private final ArrayInput valueIn = new ArrayInput();

    @Override
    public Writer beginWrite(WriteOrder order) {
      // leveldb has no append fast path: the order promise changes nothing
      return new JniWriter();
    }

    @Override
    public Reader beginRead() {
      return new JniReader();
    }

    @Override
    public void close() {}

    private final class JniWriter implements Writer {
      private final PoolScope pool = new PoolScope();
      private WriteBatch batch;

      @Override
      public void put(ByteBuffer key, ByteBuffer value) {
        if (batch == null) {
          batch = db.createWriteBatch();
        }
        batch.put(keyIn.of(key), valueIn.of(value));
      }

      @Override
      public void delete(ByteBuffer key) {
        if (batch == null) {
          batch = db.createWriteBatch();
        }
        batch.delete(keyIn.of(key));
      }

      @Override
      public void commit() {
        if (batch == null) {
          return;
        }
        try {
          db.write(batch, writeOptions);
        } catch (DBException e) {
          throw failure("write batch", e);
        } finally {
          closeBatch();
        }
      }

      @Override
      public void close() {
        try {
          closeBatch();
        } finally {
          pool.close();
        }
      }

      private void closeBatch() {
        if (batch == null) {
          return;
        }
        // the iq80 WriteBatch has no clear(): a batch is closed and the next put starts another
        try {
          batch.close();
        } catch (IOException e) {
          throw failure("close batch", e);
        } finally {
          batch = null;
        }
      }
    }

    private final class JniReader implements Reader {
      private final PoolScope pool = new PoolScope();
      private final Snapshot snapshot = db.getSnapshot();
      private final ReadOptions readOptions = new ReadOptions().snapshot(snapshot);
      private final ArrayOutput valueOut = new ArrayOutput();
      private final ArrayOutput cursorKeyOut = new ArrayOutput();
      private final ArrayOutput cursorValueOut = new ArrayOutput();

      @Override
      public ByteBuffer get(ByteBuffer key) {
        try {
          byte[] value = db.get(keyIn.of(key), readOptions);
          return value == null ? null : valueOut.of(value);
        } catch (DBException e) {
          throw failure("get", e);
        }
      }

      @Override
      public long scan(ScanDirection direction, EntryVisitor visitor) {
        try (DBIterator it = db.iterator(readOptions)) {
          return direction == ScanDirection.FORWARD ? forward(it, visitor) : reverse(it, visitor);
        } catch (IOException | DBException e) {
          throw failure("iterate", e);
        }
      }

      @Override
      public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
        try (DBIterator it = db.iterator(readOptions)) {
          long visited = 0;
          it.seek(keyIn.of(start));
          while (it.hasNext()) {
            visited++;
            if (!visit(visitor, it.next())) {
              break;
            }
          }
          return visited;
        } catch (IOException | DBException e) {
          throw failure("iterate", e);
        }
      }

      private long forward(DBIterator it, EntryVisitor visitor) {
        long visited = 0;
        it.seekToFirst();
        while (it.hasNext()) {
          Map.Entry<byte[], byte[]> e = it.next();
          visited++;
          if (!visit(visitor, e)) {
            break;
          }
        }
        return visited;
      }

      /**
       * LevelDBJNI's prev() returns the entry before the current one and moves there, so the last
       * entry is read with peekNext() first. (The seeds' loop, seekToLast/hasPrev/prev with
       * peekPrev, never visits the last entry.)
       */
      private long reverse(DBIterator it, EntryVisitor visitor) {
        it.seekToLast();
        if (!it.hasNext()) {
          return 0;
        }
        long visited = 0;
        Map.Entry<byte[], byte[]> e = it.peekNext();
        while (true) {
          visited++;
          if (!visit(visitor, e) || !it.hasPrev()) {
            return visited;
          }
          e = it.prev();
        }
      }

      private boolean visit(EntryVisitor visitor, Map.Entry<byte[], byte[]> e) {
        return visitor.visit(cursorKeyOut.of(e.getKey()), cursorValueOut.of(e.getValue()));
      }

      @Override
      public void close() {
        try {
          snapshot.close();
        } catch (IOException e) {
          throw failure("release snapshot", e);
        } finally {
          pool.close();
        }
      }
    }
  }
}
