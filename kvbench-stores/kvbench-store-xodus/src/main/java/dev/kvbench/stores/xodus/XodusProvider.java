package dev.kvbench.stores.xodus;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.WriteOperation;
import java.util.EnumSet;

/**
 * JetBrains Xodus: one environment with one Patricia-tree store, configured as the seeds did (32
 * MiB log files, 128 KiB cache pages, at most 1,000 puts per transaction).
 */
public final class XodusProvider extends DeclaredProvider {

  /**
   * A key and its value are written as one loggable, which must fit in one log file; 8 MiB each
   * keeps an entry within half of the default 32 MiB file. A smaller {@code logFileSize} lowers
   * the limit, and the store refuses at open a workload whose entries would not fit.
   */
  static final int MAX_ENTRY_PART = 8 << 20;

  public XodusProvider() {
    super(declare("xodus", "org.jetbrains.xodus:xodus-environment")
        // each end of the range run by hand (README, "Library versions")
        .versions("[1.3.0,2.1)")
        .capabilities(Capabilities.builder().orderedScan().reverseScan().transactions().batches()
            .durabilities(EnumSet.allOf(Durability.class))
            .maxKeySize(MAX_ENTRY_PART).maxValueSize(MAX_ENTRY_PART)
            .writeOperations(EnumSet.allOf(WriteOperation.class))
            // readers see snapshots; concurrent write transactions would fail each other's commits
            .concurrency(Concurrency.readersAndOneWriter())
            .build())
        // Xodus' log: 3.6 x the flat bytes at 1M random int keys, in many log files
        .footprint(Footprint.tableFiles(3.6, Footprint.SMALL_TABLE_FILE_BYTES))
        .settings(
            SettingSpec.count("maxTxnEntries", "auto",
                "puts after which the writer commits on its own; auto = max(1,000,000 / value size, 1,000), the 2016 benchmark's "
                    + "transaction size (large transactions ran out of heap); 0 leaves batching to the harness"),
            SettingSpec.size("logFileSize", "32m", "size of each immutable .xd log file (the seeds' 32 MiB; Xodus' default is 8 MiB)"),
            SettingSpec.size("logCachePageSize", "128k", "log cache page size (the seeds' 0x20000; Xodus' default is 64 KiB)"),
            SettingSpec.choice("tree", "patricia",
                "patricia: WITHOUT_DUPLICATES_WITH_PREFIXING (the seeds'); btree: WITHOUT_DUPLICATES", "patricia", "btree"),
            SettingSpec.bool("gc", true, "Xodus' background log garbage collector (on by default, as in the seeds)")));
  }

  @Override
  public Store open(StoreConfig config) {
    return new XodusStore(id(), config);
  }
}
