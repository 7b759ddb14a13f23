package dev.kvbench.stores.mapdb;

import dev.kvbench.store.ArrayReader;
import dev.kvbench.store.ArrayStore;
import dev.kvbench.store.ArrayWriter;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WriteOrder;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.mapdb.BTreeMap;
import org.mapdb.DB;
import org.mapdb.DBMaker;
import org.mapdb.Serializer;

/**
 * One MapDB file holding one BTreeMap. {@link Serializer#BYTE_ARRAY} compares keys as unsigned
 * bytes, the harness's order. MapDB keeps the arrays it is given in its nodes, so every put copies
 * the harness's bytes into new arrays; gets copy the key into an array the reader reuses (both
 * done by {@link ArrayWriter} and {@link ArrayReader}).
 */
final class MapDbStore extends ArrayStore {

  static final String FILE_NAME = "map.db";
  private static final String MAP_NAME = "kv";

  private final String id;
  private final DB db;
  private final BTreeMap<byte[], byte[]> map;
  private final boolean transactions;
  private final Map<String, Object> nativeSettings = new LinkedHashMap<>();

  MapDbStore(String id, StoreConfig config) {
    this.id = id;
    // before any MapDB class initialises, so lz4-java's library is not unpacked into java.io.tmpdir
    String lz4 = Lz4Natives.ensureLoaded();
    StoreSettings s = config.settings();
    boolean mmap = s.getBoolean("mmap");
    boolean concurrency = s.getBoolean("concurrency");
    this.transactions = s.getBoolean("transactions");
    boolean sync = config.durability() == Durability.SYNC;
    long startSize = startSize(config);
    int maxNodeSize = Math.toIntExact(s.getLong("maxNodeSize"));
    Path file = config.directory().resolve(FILE_NAME);

    DBMaker.Maker maker = DBMaker.fileDB(file.toFile()).allocateStartSize(startSize);
    if (mmap) {
      // without the cleaner hack the mapping outlives close until a GC collects the buffers
      maker.fileMmapEnable().cleanerHackEnable();
    } else {
      maker.fileChannelEnable();
    }
    if (!concurrency) {
      maker.concurrencyDisable();
    }
    if (transactions) {
      maker.transactionEnable();
    }
    if (!sync) {
      // commit (and the WAL, with transactions) then leave write-back to the OS
      maker.fileSyncDisable();
    }
    refuseStartSizeBeyondFreeSpace(config.directory(), startSize);
    try {
      this.db = maker.make();
    } catch (RuntimeException e) {
      throw new StoreException(id + ": cannot open MapDB file " + file + ": " + e, e);
    }
    try {
      this.map =
          db.treeMap(MAP_NAME, Serializer.BYTE_ARRAY, Serializer.BYTE_ARRAY)
              .maxNodeSize(maxNodeSize)
              .createOrOpen();
    } catch (RuntimeException e) {
      db.close();
      throw new StoreException(id + ": cannot open the BTreeMap in " + file + ": " + e, e);
    }
    nativeSettings.put("file", FILE_NAME);
    nativeSettings.put("volume", mmap ? "fileMmapEnable+cleanerHackEnable" : "fileChannelEnable");
    nativeSettings.put("concurrencyDisable", !concurrency);
    nativeSettings.put("transactionEnable", transactions);
    nativeSettings.put("fileSyncDisable", !sync);
    nativeSettings.put("commit", transactions ? "db.commit (WAL)" : "db.commit (header checksum" + (sync ? " + sync)" : ")"));
    nativeSettings.put("allocateStartSize", startSize);
    nativeSettings.put("map", "BTreeMap");
    nativeSettings.put("maxNodeSize", maxNodeSize);
    nativeSettings.put("keySerializer", "BYTE_ARRAY (unsigned compare)");
    nativeSettings.put("valueSerializer", "BYTE_ARRAY");
    nativeSettings.put("valuesOutsideNodes", false);
    nativeSettings.put("lz4NativeLibrary", lz4);
  }

  /**
   * MapDB allocates its start size when it opens the file, and when that fails (a full disk) it
   * keeps the file open though it is deleted, so the space stays taken and starves the next store
   * in the same JVM. Refusing before MapDB opens anything keeps the failure clean.
   */
  private void refuseStartSizeBeyondFreeSpace(Path directory, long startSize) {
    long free;
    try {
      free = java.nio.file.Files.getFileStore(directory).getUsableSpace();
    } catch (java.io.IOException e) {
      return; // cannot tell: let MapDB try
    }
    if (startSize > free) {
      throw new StoreException(id + ": no space left on device for MapDB's allocateStartSize of " + startSize
          + " bytes: " + free + " bytes free in " + directory + "; lower -o mapdb.allocateStartSize or free space");
    }
  }

  /** The initial file size: entries x value size when auto, as the seeds computed it. */
  static long startSize(StoreConfig config) {
    if (!config.settings().isAuto("allocateStartSize")) {
      return config.settings().getLong("allocateStartSize");
    }
    // the seeds wrote num * valSize in int arithmetic, which overflowed at 10M x 2 KB
    return config.sizing().entries() * (long) config.sizing().valueSize();
  }

  @Override
  protected ArrayWriter writer(WriteOrder order) {
    // MapDB has no append path for ascending keys; the order is ignored
    return new MapDbWriter();
  }

  @Override
  protected ArrayReader reader() {
    return new MapDbReader();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  @Override
  public void close() {
    try {
      db.close();
    } catch (RuntimeException e) {
      throw new StoreException(id + ": close failed: " + e, e);
    }
  }

  private final class MapDbWriter extends ArrayWriter {

    @Override
    protected void put(byte[] key, byte[] value) {
      map.put(key, value);
    }

    @Override
    protected void delete(byte[] key) {
      map.remove(key);
    }

    @Override
    protected byte[] get(byte[] key) {
      return map.get(key);
    }

    @Override
    protected void commitPuts() {
      db.commit();
    }

    @Override
    protected void discard() {
      // only the WAL can take puts back; without it they are already in the file
      if (transactions) {
        db.rollback();
      }
    }
  }

  private final class MapDbReader extends ArrayReader {

    @Override
    protected byte[] get(byte[] key) {
      return map.get(key);
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      return visitEach(direction == ScanDirection.FORWARD ? map.entryIterator() : map.descendingEntryIterator(),
          visitor);
    }

    @Override
    public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
      // a lookup bound, not kept by the map: the reused array will do
      return visitEach(map.tailMap(lookupKey(start), true).entrySet().iterator(), visitor);
    }
  }
}
