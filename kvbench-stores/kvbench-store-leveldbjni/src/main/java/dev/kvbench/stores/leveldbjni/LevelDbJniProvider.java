package dev.kvbench.stores.leveldbjni;

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

/**
 * LevelDB through LevelDBJNI 1.8 and its bundled native library, the seeds' "LevelDB", configured
 * as they ran it: compression off, leveldb's default write buffer and block cache, LevelDBJNI's
 * native memory pool of 512 KiB.
 */
public final class LevelDbJniProvider extends DeclaredProvider {

  public LevelDbJniProvider() {
    super(declare("leveldbjni", "org.fusesource.leveldbjni:leveldbjni-all")
        .natives(LevelDbJniNatives::library)
        // the last release; run by hand (README, "Library versions")
        .versions("[1.8]")
        .engine(Engine.NATIVE)
        // leveldb sets no key or value limit of its own; keys are bounded as for RocksDB (8 MiB) and
        // values by the byte[] LevelDBJNI returns. No transactions: reads use a snapshot, writes a batch.
        .capabilities(Capabilities.builder().orderedScan().reverseScan().batches()
            .durabilities(EnumSet.allOf(Durability.class))
            .maxKeySize(8 << 20).maxValueSize(Integer.MAX_VALUE - 8)
            // a WriteBatch cannot be read, so no get inside a write
            .writeOperations(EnumSet.of(WriteOperation.OVERWRITE, WriteOperation.DELETE))
            // thread-safe; concurrent batches are queued into the log by the store itself
            .concurrency(Concurrency.unlimited())
            .build())
        // LevelDB's LSM tree: as most stores on disk, one open file per table file
        .footprint(Footprint.tableFiles(Footprint.TYPICAL.spaceOverFlat(), Footprint.SMALL_TABLE_FILE_BYTES))
        .settings(
            SettingSpec.choice("compression", "none", "block compression; none as in the seeds", "none", "snappy"),
            SettingSpec.size("writeBufferSize", "4m", "memtable size before a flush (leveldb's default, as the seeds ran)"),
            SettingSpec.size("cacheSize", "8m", "block cache (leveldb's default size, as the seeds ran)"),
            SettingSpec.size("memoryPool", "512k",
                "LevelDBJNI's per-thread native buffer pool around each writer and reader (the seeds' pushMemoryPool); 0 turns it off")));
  }

  @Override
  public Store open(StoreConfig config) {
    LevelDbJniNatives.library().require(id());
    return new LevelDbJniStore(id(), config);
  }
}
