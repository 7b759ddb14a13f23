package dev.kvbench.stores.rocksdb;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Engine;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.WriteOperation;
import java.util.EnumSet;

/** RocksDB through its JNI binding, configured as the seeds did: compression off, large batches. */
public final class RocksDbProvider extends DeclaredProvider {

  /** The versions the adapter drives, checked by running them (see the README's library versions). */
  static final String SUPPORTED_VERSIONS = "[8.0.0,12)";

  static final String LIBRARY = "org.rocksdb:rocksdbjni";

  public RocksDbProvider() {
    super(declare("rocksdb", LIBRARY)
        .versions(SUPPORTED_VERSIONS, platformArtifact())
        .engine(Engine.NATIVE)
        // RocksDB's documented limits: keys up to 8 MiB, values up to 3 GiB (capped by ByteBuffer)
        .capabilities(Capabilities.builder().orderedScan().reverseScan().batches()
            .durabilities(EnumSet.allOf(Durability.class))
            .maxKeySize(8 << 20).maxValueSize(Integer.MAX_VALUE - 8)
            // a WriteBatch cannot be read, so no get inside a write (WriteBatchWithIndex could, at a cost to every put)
            .writeOperations(EnumSet.of(WriteOperation.OVERWRITE, WriteOperation.DELETE))
            // thread-safe; concurrent batches are queued into the log by the store itself
            .concurrency(Concurrency.unlimited())
            .build())
        // RocksDB's LSM tree: as most stores on disk, one open file per table file
        .footprint(Footprint.tableFiles(Footprint.TYPICAL.spaceOverFlat(), Footprint.SMALL_TABLE_FILE_BYTES))
        .settings(
            SettingSpec.choice("compression", "none", "block compression; none as in the seeds", "none", "snappy", "lz4", "zstd"),
            SettingSpec.size("writeBufferSize", "64m", "memtable size before a flush (RocksDB's default)"),
            SettingSpec.integer("maxBackgroundJobs", 2, "flush and compaction threads (RocksDB's default)"),
            SettingSpec.integer("maxOpenFiles", -1, "table files kept open; -1 keeps all open (RocksDB's default)")));
  }

  /**
   * This platform's jar where RocksDB publishes one (up to 10.x; 10.x's plain jar has no binary),
   * else the one jar with every platform's binary (11.x publishes only that).
   */
  private static String platformArtifact() {
    String os = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT);
    String classifier = os.contains("linux") ? "linux64" : os.contains("mac") ? "osx" : os.contains("win") ? "win64" : "";
    return classifier.isEmpty() ? LIBRARY : LIBRARY + ":jar:" + classifier + "|" + LIBRARY;
  }

  @Override
  public Store open(StoreConfig config) {
    return new RocksDbStore(id(), config);
  }
}
