package dev.kvbench.stores.leveldbjava;

import dev.kvbench.store.ArrayReader;
import dev.kvbench.store.ArrayStore;
import dev.kvbench.store.ArrayWriter;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.UnsupportedCapabilityException;
import dev.kvbench.store.WriteOrder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.iq80.leveldb.CompressionType;
import org.iq80.leveldb.DB;
import org.iq80.leveldb.DBException;
import org.iq80.leveldb.DBIterator;
import org.iq80.leveldb.Options;
import org.iq80.leveldb.ReadOptions;
import org.iq80.leveldb.Snapshot;
import org.iq80.leveldb.WriteBatch;
import org.iq80.leveldb.WriteOptions;
import org.iq80.leveldb.impl.Iq80DBFactory;
import org.iq80.leveldb.util.Snappy;

/**
 * One iq80 LevelDB database. iq80 keeps the byte[] it is given in its batch and memtable instead
 * of copying them, so every put hands it fresh arrays: that is the copy the harness's reused
 * buffers require. Reads get a new byte[] from iq80 on every call, which no option avoids.
 */
final class LevelDbJavaStore extends ArrayStore {

  private final String id;
  private final DB db;
  private final WriteOptions writeOptions;
  private final Map<String, Object> nativeSettings = new LinkedHashMap<>();

  LevelDbJavaStore(String id, StoreConfig config) {
    this.id = id;
    CompressionType compression =
        config.settings().getString("compression").equals("snappy") ? CompressionType.SNAPPY : CompressionType.NONE;
    if (compression == CompressionType.SNAPPY && !Snappy.available()) {
      // iq80 would silently fall back to no compression and the result would lie about it
      throw new StoreException(id + ": compression=snappy needs org.iq80.snappy:snappy or "
          + "org.xerial.snappy:snappy-java on the class path (kvbench.jar has snappy-java, through kvbench-codecs;"
          + " this module alone has neither)");
    }
    Options options = new Options().createIfMissing(true).compressionType(compression);
    // iq80 has no switch for its log: sync=false (LAZY and NOSYNC) still writes every batch to it
    boolean sync = config.durability() == Durability.SYNC;
    this.writeOptions = new WriteOptions().sync(sync);
    try {
      this.db = Iq80DBFactory.factory.open(config.directory().toFile(), options);
    } catch (IOException | DBException e) {
      throw new StoreException(id + ": cannot open LevelDB in " + config.directory() + ": " + e.getMessage(), e);
    }
    // read back from the options iq80 opened with: it adjusts them in place
    nativeSettings.put("compression", options.compressionType().name());
    nativeSettings.put("createIfMissing", options.createIfMissing());
    nativeSettings.put("writeBufferSize", (long) options.writeBufferSize());
    nativeSettings.put("blockCache", "none: iq80 has no block cache and ignores cacheSize");
    nativeSettings.put("blockSize", (long) options.blockSize());
    nativeSettings.put("maxOpenFiles", (long) options.maxOpenFiles());
    nativeSettings.put("verifyChecksums", options.verifyChecksums());
    nativeSettings.put("paranoidChecks", options.paranoidChecks());
    nativeSettings.put("mmap", Iq80DBFactory.USE_MMAP);
    nativeSettings.put("sync", sync);
    nativeSettings.put("writeAheadLog", "always on: iq80 cannot disable its log");
    nativeSettings.put("reverseCursor", "unsupported: iq80 0.12 throws from seekToLast/prev");
  }

  @Override
  protected ArrayWriter writer(WriteOrder order) {
    return new LevelWriter();
  }

  @Override
  protected ArrayReader reader() {
    return new LevelReader();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  @Override
  public void close() {
    try {
      db.close();
    } catch (IOException e) {
      throw new StoreException(id + ": close failed: " + e.getMessage(), e);
    }
  }

  /** The open database, for tests that drive iq80 beside the adapter. */
  DB db() {
    return db;
  }

  /** The write options in force, for the same tests. */
  WriteOptions writeOptions() {
    return writeOptions;
  }

  private StoreException failure(String what, RuntimeException e) {
    return new StoreException(id + ": " + what + " failed: " + e.getMessage(), e);
  }

  private final class LevelWriter extends ArrayWriter {
    private WriteBatch batch = db.createWriteBatch();

    LevelWriter() {
      // the batch keeps deleted keys until it is written
      super(DeletedKeys.KEPT_UNTIL_COMMIT);
    }

    @Override
    protected void put(byte[] key, byte[] value) {
      // arrays of their own: iq80 keeps references to them until long after put returns
      batch.put(key, value);
    }

    @Override
    protected void delete(byte[] key) {
      batch.delete(key);
    }

    @Override
    protected void commitPuts() {
      if (!uncommitted()) {
        return;
      }
      try {
        db.write(batch, writeOptions);
      } catch (DBException e) {
        throw failure("write batch", e);
      }
      // the API has no clear(): a written batch is closed and replaced
      release();
      batch = db.createWriteBatch();
    }

    @Override
    protected void release() {
      try {
        batch.close();
      } catch (IOException e) {
        throw new StoreException(id + ": closing a write batch failed: " + e.getMessage(), e);
      }
    }
  }

  private final class LevelReader extends ArrayReader {
    private final Snapshot snapshot = db.getSnapshot();
    private final ReadOptions readOptions = new ReadOptions().snapshot(snapshot);

    @Override
    protected byte[] get(byte[] key) {
      // iq80 does not keep the keys of gets, so the reused array will do
      try {
        return db.get(key, readOptions);
      } catch (DBException e) {
        throw failure("get", e);
      }
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      if (direction != ScanDirection.FORWARD) {
        throw new UnsupportedCapabilityException(id, "reverse scan");
      }
      return forward(DBIterator::seekToFirst, visitor);
    }

    @Override
    public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
      return forward(it -> it.seek(lookupKey(start)), visitor);
    }

    /** Visits entries in key order from where {@code position} puts a new iterator. */
    private long forward(java.util.function.Consumer<DBIterator> position, EntryVisitor visitor) {
      try (DBIterator it = db.iterator(readOptions)) {
        position.accept(it);
        return visitEach(it, visitor);
      } catch (IOException | DBException e) {
        throw new StoreException(id + ": iterate failed: " + e.getMessage(), e);
      }
    }

    @Override
    public void close() {
      try {
        snapshot.close();
      } catch (IOException e) {
        throw new StoreException(id + ": releasing a snapshot failed: " + e.getMessage(), e);
      }
    }
  }
}
