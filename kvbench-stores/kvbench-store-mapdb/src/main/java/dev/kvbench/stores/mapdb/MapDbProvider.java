package dev.kvbench.stores.mapdb;

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
 * MapDB's BTreeMap with byte-array keys and values on a memory-mapped file, configured as the
 * seeds did: mmap on, concurrency locks off, no write-ahead log, the file pre-sized to the data.
 */
public final class MapDbProvider extends DeclaredProvider {

  /**
   * A BTreeMap leaf of up to 32 entries is serialized into one record in a growable byte[]; keeping
   * a full leaf of the largest key plus the largest value under 1 GiB (where the array can no longer
   * double) leaves 16 MiB for each.
   */
  static final int MAX_ENTRY_PART = 16 << 20;

  public MapDbProvider() {
    super(declare("mapdb", "org.mapdb:mapdb")
        // each end of the range run by hand (README, "Library versions")
        .versions("[3.0.10,3.2)")
        // no WAL by default (as the seeds): a put is in the file at once and commit only flushes, so
        // there are no transactions nor atomic batches; commit either syncs the file or it does not
        .capabilities(Capabilities.builder().orderedScan().reverseScan()
            .durabilities(EnumSet.of(Durability.SYNC, Durability.NOSYNC))
            .maxKeySize(MAX_ENTRY_PART).maxValueSize(MAX_ENTRY_PART)
            .writeOperations(EnumSet.allOf(WriteOperation.class))
            // by default (concurrencyDisable, the seeds' setting) MapDB has no locks at all, and with the
            // write-ahead log a read races a commit (an IndexOutOfBoundsException inside StoreWAL.get)
            .concurrency(Concurrency.ONE_SESSION)
            .build())
        // MapDB's BTreeMap: 1.35 x the flat bytes at 1M random int keys
        .footprint(new Footprint(1.35, 0, 0))
        .settings(
            SettingSpec.bool("mmap", true, "fileMmapEnable: memory-map the file (the seeds' choice); false uses a FileChannel"),
            SettingSpec.bool("concurrency", false, "false calls concurrencyDisable (the seeds' choice): no segment locks, one thread at a time"),
            SettingSpec.bool("transactions", false, "transactionEnable: write-ahead log, commit is atomic and close rolls back; the seeds had none"),
            SettingSpec.size("allocateStartSize", "auto",
                "initial file size; auto is entries x value size as the seeds computed it (in long arithmetic)"),
            SettingSpec.integer("maxNodeSize", 32, "entries per BTreeMap node (MapDB's default, the seeds')")));
  }

  @Override
  public Store open(StoreConfig config) {
    return new MapDbStore(id(), config);
  }
}
