package dev.kvbench.stores.bdbje;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WriteOperation;
import java.util.EnumSet;

/**
 * Berkeley DB Java Edition: a transactional environment holding one database, a B+tree whose
 * records go to an append-only log of numbered files that a cleaner compacts.
 */
public final class BdbJeProvider extends DeclaredProvider {

  /** Keys sit in the tree's internal nodes, in the cache: kept to 1 MiB; a record's data to 64 MiB. */
  static final int MAX_KEY = 1 << 20;
  static final int MAX_VALUE = 64 << 20;

  public BdbJeProvider() {
    super(declare("bdb-je", "com.sleepycat:je")
        // each end of the range run by hand (docs/versions.md); 18.x is Apache-2.0 licensed
        .versions("[18.1.11,18.4)")
        .capabilities(Capabilities.builder().orderedScan().reverseScan().transactions().batches()
            .durabilities(EnumSet.allOf(Durability.class))
            .maxKeySize(MAX_KEY).maxValueSize(MAX_VALUE)
            .writeOperations(EnumSet.allOf(WriteOperation.class))
            // readers read committed records beside one writer transaction; two writers' record locks
            // could deadlock each other, which JE reports by failing one of them
            .concurrency(Concurrency.readersAndOneWriter())
            .build())
        // a log of 10 MB files, 1.6 x the flat bytes at 100,000 random int keys; the cleaner lets a file fall to 50 % use
        .footprint(Footprint.tableFiles(2.5, 10_000_000))
        .settings(
            SettingSpec.size("cacheSize", "0",
                "JE's cache on the heap; 0 keeps JE's default, 60 % of the JVM's maximum heap (je.maxMemoryPercent)"),
            SettingSpec.size("logFileSize", "10m", "size of each .jdb log file (je.log.fileMax; JE's default 10 MB)"),
            SettingSpec.size("freeDisk", "5g", "free space JE keeps on the disk, refusing writes below it (je.freeDisk; "
                + "JE's default 5 GB; 0 keeps none, for a small disk such as the crash test's power-cut image)"),
            SettingSpec.count("maxTxnEntries", "0",
                "puts after which the writer commits on its own (each uncommitted record holds a lock on the heap); "
                    + "0 leaves batching to the harness")));
  }

  @Override
  public String settingsProblem(StoreSettings settings, Durability durability) {
    return BdbJeStore.settingsProblem(id(), settings);
  }

  @Override
  public Store open(StoreConfig config) {
    return new BdbJeStore(id(), config);
  }
}
