package dev.kvbench.stores.leveldbjava;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.WriteOperation;
import java.util.EnumSet;

/**
 * LevelDB's pure-Java port (iq80), configured as the seeds configured LevelDB: compression off,
 * every other option at the library's default, large batches.
 */
public final class LevelDbJavaProvider extends DeclaredProvider {

  /**
   * LevelDB's format sets no key or value limit, but iq80 holds each batch, block and log record
   * in int-indexed arrays and copies keys into its manifest. These bounds are what was verified:
   * 1 MiB keys with 64 MiB values written, flushed, reopened and read back.
   */
  static final int MAX_KEY_SIZE = 1 << 20;

  static final int MAX_VALUE_SIZE = 64 << 20;

  public LevelDbJavaProvider() {
    super(declare("leveldb-java", "org.iq80.leveldb:leveldb")
        // each end of the range run by hand (README, "Library versions")
        .versions("[0.9,0.13)")
        // iq80 0.12's DBIterator throws UnsupportedOperationException from seekToLast/prev: no reverse
        // cursor. LAZY and NOSYNC are both accepted: iq80 cannot turn its log off, so both run with the
        // log written and not synced, which is at least as durable as either promises (recorded).
        .capabilities(Capabilities.builder().orderedScan().batches()
            .durabilities(EnumSet.allOf(Durability.class))
            .maxKeySize(MAX_KEY_SIZE).maxValueSize(MAX_VALUE_SIZE)
            // a WriteBatch cannot be read, so no get inside a write
            .writeOperations(EnumSet.of(WriteOperation.OVERWRITE, WriteOperation.DELETE))
            // thread-safe; concurrent batches are queued into the log by the store itself
            .concurrency(Concurrency.unlimited())
            .build())
        // LevelDB's LSM tree: as most stores on disk, one open file per table file
        .footprint(Footprint.tableFiles(Footprint.TYPICAL.spaceOverFlat(), Footprint.SMALL_TABLE_FILE_BYTES))
        // the seeds changed only the compression; write buffer and cache stay at LevelDB's defaults
        .settings(SettingSpec.choice("compression", "none",
            "block compression; none as in the seeds (snappy needs a Snappy library on the class path: kvbench.jar has"
                + " snappy-java)",
            "none", "snappy")));
  }

  @Override
  public Store open(StoreConfig config) {
    return new LevelDbJavaStore(id(), config);
  }
}
