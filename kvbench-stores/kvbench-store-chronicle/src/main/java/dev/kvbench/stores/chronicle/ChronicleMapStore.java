package dev.kvbench.stores.chronicle;

import dev.kvbench.store.PrivateUnpacking;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreException;
import dev.kvbench.store.UnsupportedCapabilityException;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import net.openhft.chronicle.map.ChronicleMap;

/**
 * One Chronicle Map persisted to a file in the store directory. Keys and values are ByteBuffers:
 * Chronicle copies the bytes between position and limit of the harness's buffers into the map
 * without moving them, and reads copy into one reused buffer per reader (getUsing), so no op
 * allocates.
 *
 * <p>Sizes are constant, taken from the workload: Chronicle then stores no lengths and reads every
 * key and value back at the constant size. It refuses a put of another size itself, but such a
 * refused put can leave the map's size count wrong (seen with 2026.1), so the adapter refuses
 * them before Chronicle sees them.
 */
final class ChronicleMapStore implements Store {

  static final String FILE_NAME = "chronicle-map.dat";

  private final String id;
  private final int keySize;
  // keys of several lengths (YCSB's names): sized by their longest, checked against it
  private final boolean varyingKeys;
  private final int valueSize;
  private final ChronicleMap<ByteBuffer, ByteBuffer> map;
  private final Map<String, Object> nativeSettings = new LinkedHashMap<>();

  ChronicleMapStore(String id, StoreConfig config) {
    this.id = id;
    WorkloadSizing sizing = config.sizing();
    this.keySize = sizing.keySize();
    this.varyingKeys = sizing.keyLengths() == WorkloadSizing.KeyLengths.VARYING;
    this.valueSize = sizing.valueSize();
    boolean auto = config.settings().isAuto("entries");
    // Chronicle refuses a map sized for no entries; an empty workload still opens a store
    long entries = Math.max(1, auto ? sizing.entries() : config.settings().getLong("entries"));
    File file = config.directory().resolve(FILE_NAME).toFile();
    String jna = loadJna(id);
    try {
      var builder = ChronicleMap.of(ByteBuffer.class, ByteBuffer.class).name(id);
      builder = varyingKeys ? builder.averageKeySize(keySize) : builder.constantKeySizeBySample(ByteBuffer.allocate(keySize));
      this.map = builder
          .constantValueSizeBySample(ByteBuffer.allocate(valueSize))
          .entries(entries)
          .createPersistedTo(file);
    } catch (IOException | RuntimeException e) {
      throw new StoreException(id + ": cannot create Chronicle Map in " + file + ": " + e.getMessage(), e);
    }
    nativeSettings.put("file", FILE_NAME);
    nativeSettings.put("entries", entries);
    nativeSettings.put("entriesFrom", auto ? "workload" : "setting");
    nativeSettings.put(varyingKeys ? "averageKeySize" : "constantKeySize", (long) keySize);
    nativeSettings.put("constantValueSize", (long) valueSize);
    nativeSettings.put("keyValueType", "java.nio.ByteBuffer");
    nativeSettings.put("reads", "getUsing into a reused buffer per reader");
    nativeSettings.put("segments", (long) map.segments());
    nativeSettings.put("maxBloatFactor", map.maxBloatFactor());
    nativeSettings.put("transactions", "none: commit() is a no-op, each put is visible at once");
    nativeSettings.put("sync", "none: the map is a shared memory-mapped file the OS writes back");
    nativeSettings.put("jna", jna);
  }

  /**
   * JNA, which Chronicle uses, unpacks its native dispatcher under ~/.cache/JNA and leaves that
   * directory behind unless jna.tmpdir points elsewhere: load it first, unpacking privately.
   */
  private static String loadJna(String id) {
    try {
      return PrivateUnpacking.initialise("jna.tmpdir", "com.sun.jna.Native", ChronicleMapStore.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      return "not on the class path";
    } catch (IOException e) {
      throw new StoreException(id + ": cannot prepare a directory for JNA's native library: " + e.getMessage(), e);
    }
  }

  @Override
  public Session openSession() {
    return new ChronicleSession();
  }

  @Override
  public Map<String, Object> nativeSettings() {
    return nativeSettings;
  }

  /** The off-heap memory the map's segments take, as Chronicle Map counts it (its file, mapped). */
  @Override
  public Map<String, Long> memoryUsage() {
    return Map.of("chronicle.offHeapMemoryUsed", map.offHeapMemoryUsed());
  }

  @Override
  public void close() {
    // unmaps the file and closes its channel
    map.close();
  }

  private void checkSize(String what, ByteBuffer buffer, int expected) {
    if (buffer.remaining() != expected) {
      throw new StoreException(id + ": " + what + " of " + buffer.remaining() + " bytes, but the map holds "
          + what + "s of exactly " + expected + " bytes (constant sizes from the workload)");
    }
  }

  private final class ChronicleSession implements Session {

    @Override
    public Writer beginWrite(WriteOrder order) {
      return new ChronicleWriter();
    }

    @Override
    public Reader beginRead() {
      return new ChronicleReader();
    }

    @Override
    public void close() {}
  }

  private boolean keyFits(ByteBuffer key) {
    return varyingKeys ? key.remaining() <= keySize : key.remaining() == keySize;
  }

  private final class ChronicleWriter implements Writer {
    /** Chronicle fills this on every get; it allocates a bigger one only if this is too small. */
    private ByteBuffer found = ByteBuffer.allocateDirect(valueSize);

    @Override
    public void put(ByteBuffer key, ByteBuffer value) {
      if (varyingKeys ? key.remaining() > keySize : !keyFits(key)) {
        checkSize("key", key, keySize);
      }
      checkSize("value", value, valueSize);
      try {
        map.put(key, value);
      } catch (RuntimeException e) {
        throw new StoreException(id + ": put failed: " + e.getMessage(), e);
      }
    }

    @Override
    public void delete(ByteBuffer key) {
      if (keyFits(key)) {
        map.remove(key);
      }
    }

    @Override
    public ByteBuffer get(ByteBuffer key) {
      // no transactions: a put is in the map at once, so this writer sees its own writes
      if (!keyFits(key)) {
        return null;
      }
      ByteBuffer got = map.getUsing(key, found);
      if (got == null) {
        return null;
      }
      found = got;
      return got.asReadOnlyBuffer();
    }

    @Override
    public void commit() {
      // Chronicle Map has no transactions or batches
    }

    @Override
    public void close() {}
  }

  private final class ChronicleReader implements Reader {
    /** Chronicle fills this on every get; it allocates a bigger one only if this is too small. */
    private ByteBuffer value = ByteBuffer.allocateDirect(valueSize);

    @Override
    public ByteBuffer get(ByteBuffer key) {
      if (!keyFits(key)) {
        // no key of another size can have been stored
        return null;
      }
      ByteBuffer found = map.getUsing(key, value);
      if (found == null) {
        return null;
      }
      value = found;
      return found;
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      throw new UnsupportedCapabilityException(id, "ordered scan (Chronicle Map is a hash map)");
    }

    @Override
    public void close() {}
  }
}
