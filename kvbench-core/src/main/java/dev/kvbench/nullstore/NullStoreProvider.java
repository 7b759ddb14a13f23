package dev.kvbench.nullstore;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.Durability;
import dev.kvbench.store.EntryVisitor;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.Reader;
import dev.kvbench.store.ScanDirection;
import dev.kvbench.store.Session;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.WriteOperation;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * A store that keeps nothing, to measure the harness itself: puts and commits return at once,
 * gets find nothing and cursors are empty, so what remains of a pass is the harness's own cost
 * per op (key order, key encoding, the call, the latency sampling).
 *
 * <p>With {@code -o null.values=true} every get returns one zero-filled value and a cursor pass
 * visits N copies of one entry, so the harness also digests a value per op as it does with a
 * real store: the difference between the two modes is the cost of verification.
 */
public final class NullStoreProvider implements StoreProvider {

  public static final String ID = "null";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String library() {
    return "dev.kvbench:kvbench-core";
  }

  @Override
  public String libraryVersion() {
    String v = NullStoreProvider.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  @Override
  public Capabilities capabilities() {
    return Capabilities.builder().orderedScan().reverseScan().batches()
        .durabilities(EnumSet.allOf(Durability.class)).zeroCopyReads().discardsData()
        .maxKeySize(Integer.MAX_VALUE).maxValueSize(Integer.MAX_VALUE)
        .writeOperations(EnumSet.allOf(WriteOperation.class)).concurrency(Concurrency.unlimited())
        .build();
  }

  /** The null store keeps nothing. */
  @Override
  public Footprint footprint() {
    return Footprint.NOTHING;
  }

  @Override
  public List<SettingSpec> settings() {
    return List.of(SettingSpec.bool("values", false,
        "hand back a constant value on get and N entries on a cursor pass, to measure the harness's value digest too"));
  }

  @Override
  public Store open(StoreConfig config) {
    return new NullStore(config);
  }

  private static final class NullStore implements Store, Session, Writer, Reader {

    private final long entries;
    private final boolean values;
    private final ByteBuffer key;
    private final ByteBuffer value;

    NullStore(StoreConfig config) {
      this.values = config.settings().getBoolean("values");
      this.entries = values ? config.sizing().entries() : 0;
      this.key = ByteBuffer.allocateDirect(config.sizing().keySize());
      this.value = ByteBuffer.allocateDirect(config.sizing().valueSize());
    }

    @Override
    public Session openSession() {
      return this;
    }

    @Override
    public Map<String, Object> nativeSettings() {
      return Map.of("values", values);
    }

    @Override
    public Writer beginWrite(WriteOrder order) {
      return this;
    }

    @Override
    public Reader beginRead() {
      return this;
    }

    @Override
    public void put(ByteBuffer k, ByteBuffer v) {}

    @Override
    public void delete(ByteBuffer k) {}

    @Override
    public void commit() {}

    @Override
    public ByteBuffer get(ByteBuffer k) {
      if (!values) {
        return null;
      }
      value.clear();
      return value;
    }

    @Override
    public long scan(ScanDirection direction, EntryVisitor visitor) {
      long visited = 0;
      while (visited < entries) {
        key.clear();
        value.clear();
        visited++;
        if (!visitor.visit(key, value)) {
          break;
        }
      }
      return visited;
    }

    @Override
    public long scanFrom(ByteBuffer start, EntryVisitor visitor) {
      return scan(ScanDirection.FORWARD, visitor);
    }

    /** Both ways, as its scans go: the harness's row for the range phases too. */
    @Override
    public long scanFrom(ByteBuffer start, ScanDirection direction, EntryVisitor visitor) {
      return scan(direction, visitor);
    }

    @Override
    public void close() {}
  }
}
