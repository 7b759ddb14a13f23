package dev.kvbench.stores.mvstore;

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
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.RootReference;
import org.h2.mvstore.type.ByteArrayDataType;

/**
 * One MVStore file holding one map. {@link ByteArrayDataType} compares keys as unsigned bytes
 * (H2 2.x; the seeds' default ObjectDataType did not), the harness's order. MVStore keeps the
 * arrays it is given in its pages, so every put copies the harness's bytes into new arrays.
 */
final class MvStoreStore extends ArrayStore {

  static final String FILE_NAME = "mvstore.db";
  static final String SCAN_VIA_LOOKUP = "lookup";
  static final String SCAN_VIA_CURSOR = "cursor";
  private static final String MAP_NAME = "kv";

  private final String id;
  private final MVStore store;
  private final MVMap<byte[], byte[]> map;
  private final boolean sync;
  private final int compactOnCloseMillis;
  private final boolean scanByLookup;
  private final Map<String, Object> nativeSettings = new LinkedHashMap<>();

  MvStoreStore(String id, StoreConfig config) {
    this.id = id;
    StoreSettings s = config.settings();
    this.sync = config.durability() == Durability.SYNC;
    int autoCommitDelay = nonNegativeInt(id, "autoCommitDelay", s.getLong("autoCommitDelay"));
    int bufferKb = nonNegativeInt(id, "autoCommitBufferSize", ceilDiv(s.getLong("autoCommitBufferSize"), 1024));
    int retentionTime = nonNegativeInt(id, "retentionTime", s.getLong("retentionTime"));
    int cacheMb = nonNegativeInt(id, "cacheSize", s.getLong("cacheSize") >> 20);
    int pageSplitSize = nonNegativeInt(id, "pageSplitSize", s.getLong("pageSplitSize"));
    this.compactOnCloseMillis = nonNegativeInt(id, "compactOnCloseMillis", s.getLong("compactOnCloseMillis"));
    this.scanByLookup = SCAN_VIA_LOOKUP.equals(s.getString("scanVia"));
    Path file = config.directory().resolve(FILE_NAME);

    MVStore.Builder builder =
        new MVStore.Builder()
            .fileName(file.toString())
            .autoCommitBufferSize(bufferKb)
            .cacheSize(cacheMb)
            .pageSplitSize(pageSplitSize);
    if (autoCommitDelay == 0) {
      // stops the background writer; the unsaved-memory trigger is the buffer size above
      builder.autoCommitDisabled();
    }
    try {
      this.store = builder.open();
    } catch (MVStoreException | IllegalStateException e) {
      throw new StoreException(id + ": cannot open MVStore file " + file + ": " + e, e);
    }
    try {
      if (autoCommitDelay > 0) {
        store.setAutoCommitDelay(autoCommitDelay);
      }
      store.setRetentionTime(retentionTime);
      store.setReuseSpace(s.getBoolean("reuseSpace"));
      this.map =
          store.openMap(
              MAP_NAME,
              new MVMap.Builder<byte[], byte[]>()
                  .keyType(KEY_TYPE)
                  .valueType(ByteArrayDataType.INSTANCE));
    } catch (RuntimeException e) {
      store.closeImmediately();
      throw new StoreException(id + ": cannot open the map in " + file + ": " + e, e);
    }
    nativeSettings.put("file", FILE_NAME);
    nativeSettings.put("autoCommitDelayMs", store.getAutoCommitDelay());
    nativeSettings.put("autoCommitMemoryBytes", store.getAutoCommitMemory());
    nativeSettings.put("retentionTimeMs", store.getRetentionTime());
    nativeSettings.put("reuseSpace", spaceReused(store, s.getBoolean("reuseSpace")));
    nativeSettings.put("cacheSizeMb", store.getCacheSize());
    nativeSettings.put("maxPageSize", store.getMaxPageSize());
    nativeSettings.put("keysPerPage", store.getKeysPerPage());
    nativeSettings.put("compress", false);
    nativeSettings.put("commit", sync ? "commit + sync" : "commit");
    nativeSettings.put("compactOnCloseMillis", compactOnCloseMillis);
    nativeSettings.put("scanCall", scanByLookup
        ? "MVMap.cursor over the read's root for the keys, MVMap.get(root, key) for each value (the anchor's keyIterator + get)"
        : "MVMap.cursor over the read's root, Cursor.getValue()");
    nativeSettings.put("keyType", KEY_TYPE == ByteArrayDataType.INSTANCE ? "ByteArrayDataType (unsigned compare)"
        : "UnsignedBytesType (ByteArrayDataType's format, unsigned compare: this MVStore's cannot compare)");
    nativeSettings.put("valueType", "ByteArrayDataType");
  }

  /**
   * ByteArrayDataType compares keys as unsigned bytes from H2 2.4 on; before, it cannot compare at
   * all, and keys go through {@link UnsignedBytesType}, the same format with that compare.
   */
  private static final org.h2.mvstore.type.DataType<byte[]> KEY_TYPE = comparesBytes()
      ? ByteArrayDataType.INSTANCE : new UnsignedBytesType();

  private static boolean comparesBytes() {
    try {
      ByteArrayDataType.class.getDeclaredMethod("compare", byte[].class, byte[].class);
      return true;
    } catch (NoSuchMethodException before24) {
      return false;
    }
  }

  /** What the store says of space reuse; H2 before 2.2 cannot say, so the setting given is recorded. */
  private static Object spaceReused(MVStore store, boolean asked) {
    try {
      return store.isSpaceReused();
    } catch (NoSuchMethodError before22) {
      return asked + " (as set; this MVStore cannot report it)";
    }
  }

  private static int nonNegativeInt(String id, String key, long value) {
    if (value < 0 || value > Integer.MAX_VALUE) {
      throw new StoreException(id + ": " + key + " out of range: " + value);
    }
    return (int) value;
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }

  @Override
  protected ArrayWriter writer(WriteOrder order) {
    // no append path is used: ascending puts already touch only the right edge of the tree
    return new MvWriter();
  }

  @Override
  protected ArrayReader reader() {
    return new MvReader();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  /** MVStore's page cache on the heap, which it counts in whole megabytes. */
  @Override
  public Map<String, Long> memoryUsage() {
    return Map.of("mvstore.cacheSizeUsed (MB resolution)", (long) store.getCacheSizeUsed() << 20);
  }

  @Override
  public void close() {
    try {
      // stores what is not yet committed, stops the background writer if any, releases the file
      store.close(compactOnCloseMillis);
    } catch (MVStoreException e) {
      throw new StoreException(id + ": close failed: " + e, e);
    }
  }

  private final class MvWriter extends ArrayWriter {

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
      // one chunk with every page changed since the last commit
      store.commit();
      if (sync) {
        store.sync();
      }
    }

    @Override
    protected void discard() {
      // back to the last stored version
      store.rollback();
    }
  }

  /** Reads one root of the map: a snapshot that later puts do not change. */
  private final class MvReader extends ArrayReader {
    private final RootReference<byte[], byte[]> root = map.flushAndGetRoot();

    @Override
    protected byte[] get(byte[] key) {
      return map.get(root.root, key);
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      Cursor<byte[], byte[]> c = map.cursor(root, null, null, direction == ScanDirection.REVERSE);
      long visited = 0;
      while (c.hasNext()) {
        byte[] k = c.next();
        visited++;
        // the anchor's MVStore passes looked every key up again (keyIterator + get; readRev getKey(i) + get)
        byte[] v = scanByLookup ? map.get(root.root, k) : c.getValue();
        if (!visitor.visit(ByteBuffer.wrap(k), ByteBuffer.wrap(v))) {
          break;
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
      // the cursor copies nothing from its bound, so a copy keeps the reused array out of it;
      // reversed, it starts at the last key at or before the bound
      Cursor<byte[], byte[]> c = map.cursor(root, Writer.copyOf(start), null, direction == ScanDirection.REVERSE);
      long visited = 0;
      while (c.hasNext()) {
        byte[] k = c.next();
        visited++;
        if (!visitor.visit(ByteBuffer.wrap(k), ByteBuffer.wrap(c.getValue()))) {
          break;
        }
      }
      return visited;
    }
  }
}
