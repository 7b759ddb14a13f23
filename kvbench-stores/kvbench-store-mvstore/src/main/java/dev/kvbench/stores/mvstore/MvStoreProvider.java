package dev.kvbench.stores.mvstore;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.Durability;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.WriteOperation;
import java.util.EnumSet;

/**
 * H2's MVStore with one byte-array map. Commits happen only when the harness commits: MVStore's
 * automatic commits rewrite most of the tree each time under random puts and keep the old copies
 * for the retention time, which grew a 104 MB load into a 1-3.5 GB file.
 */
public final class MvStoreProvider extends DeclaredProvider {

  /**
   * An entry lives in one page, and every page a commit writes goes to one chunk assembled in a
   * heap buffer that cannot pass 2 GiB; 16 MiB each for key and value stays far from that.
   */
  static final int MAX_ENTRY_PART = 16 << 20;

  public MvStoreProvider() {
    super(declare("mvstore", "com.h2database:h2-mvstore")
        // each end of the range run by hand (README, "Library versions")
        .versions("[2.0.202,2.5)")
        // a commit writes one new version atomically (a batch); puts are visible before it, so there
        // are no transactions. Commit without sync leaves write-back to the OS; SYNC forces the file
        .capabilities(Capabilities.builder().orderedScan().reverseScan().batches()
            .durabilities(EnumSet.of(Durability.SYNC, Durability.NOSYNC))
            .maxKeySize(MAX_ENTRY_PART).maxValueSize(MAX_ENTRY_PART)
            .writeOperations(EnumSet.allOf(WriteOperation.class))
            // readers read a version of the map; a commit stores every map's changes, so one writer
            .concurrency(Concurrency.readersAndOneWriter())
            .build())
        .settings(
            SettingSpec.integer("autoCommitDelay", 0,
                "ms between background commits; 0 (autoCommitDisabled, as the seeds) commits only when the harness does"),
            SettingSpec.size("autoCommitBufferSize", "0",
                "rewritten-page memory after which a put commits by itself; 0 turns it off (H2 2.x keeps ~19 MB even with autoCommitDisabled)"),
            SettingSpec.integer("retentionTime", 45_000, "ms before space of dead chunks is reused (MVStore's default)"),
            SettingSpec.bool("reuseSpace", true, "reuse space of dead chunks (MVStore's default)"),
            SettingSpec.size("cacheSize", "16m", "page cache, whole MiB (MVStore's default, as the seeds)"),
            SettingSpec.size("pageSplitSize", "16k", "page size at which pages split (MVStore's default for files)"),
            SettingSpec.integer("compactOnCloseMillis", 0, "ms close may spend compacting the file (0 as MVStore's close())"),
            SettingSpec.choice("scanVia", MvStoreStore.SCAN_VIA_LOOKUP,
                "cursor passes: lookup = walk the keys and get each value (the anchor's keyIterator + get); "
                    + "cursor = take each value from the cursor",
                MvStoreStore.SCAN_VIA_LOOKUP, MvStoreStore.SCAN_VIA_CURSOR)));
  }

  @Override
  public Store open(StoreConfig config) {
    return new MvStoreStore(id(), config);
  }
}
