package dev.kvbench.stores.sqlite;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Engine;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.NativeLoad;
import dev.kvbench.store.PrivateUnpacking;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WriteOperation;
import java.util.EnumSet;

/**
 * SQLite through the xerial sqlite-jdbc driver, used as a key-value store: one {@code WITHOUT ROWID}
 * table of (key BLOB PRIMARY KEY, value BLOB), so the rows live in the primary key's B-tree ordered
 * by memcmp of the key, the harness's unsigned byte order. Each session is a connection of its own
 * with its statements prepared once; a batch is one transaction.
 */
public final class SqliteProvider extends DeclaredProvider {

  /**
   * SQLite's default SQLITE_MAX_LENGTH, which the driver's build keeps: no string or BLOB, so no key
   * or value, may pass 1,000,000,000 bytes.
   */
  static final int MAX_BLOB = 1_000_000_000;

  public SqliteProvider() {
    super(declare("sqlite", "org.xerial:sqlite-jdbc")
        .natives(() -> Natives.LIBRARY)
        // each end of the range run by hand (docs/versions.md); one jar with every platform's native library in it
        .versions("[3.50.3.0,3.55)")
        .engine(Engine.NATIVE)
        .capabilities(Capabilities.builder().orderedScan().reverseScan().transactions().batches()
            .durabilities(EnumSet.allOf(Durability.class))
            // under 1 GB, the driver's limit; a key that large needs a page size large enough for
            // SQLite's overflow chains, which it builds on its own
            .maxKeySize(16 << 20).maxValueSize(MAX_BLOB / 2)
            .writeOperations(EnumSet.allOf(WriteOperation.class))
            // WAL (the default journal): readers keep their snapshot beside one writer. With a
            // rollback journal they take turns instead, waiting up to busyTimeout for each other
            .concurrency(Concurrency.readersAndOneWriter())
            .build())
        // a B-tree of 4 KiB pages, 1.24 x the flat bytes at 100,000 random int keys, twice that with the WAL beside it until close
        .footprint(Footprint.bTree(2.5, 4096))
        .settings(
            SettingSpec.choice("journalMode", "wal",
                "wal: write-ahead log, readers beside the writer (what applications use); delete, truncate, persist: "
                    + "a rollback journal (SQLite's default is delete); each is recorded as SQLite reports it",
                "wal", "delete", "truncate", "persist"),
            SettingSpec.size("pageSize", "4k", "page size, a power of two from 512 to 64k, fixed when the file is made "
                + "(SQLite's default 4 KiB)"),
            SettingSpec.size("cacheSize", "2000k", "page cache per connection (SQLite's default 2,000 KiB)"),
            SettingSpec.size("mmapSize", "0", "bytes of the file read through mmap instead of read(); 0, SQLite's "
                + "default, reads every page with read()"),
            SettingSpec.integer("busyTimeout", 30_000, "ms a connection waits for another's lock before it fails "
                + "(with a rollback journal readers and the writer take turns)")));
  }

  @Override
  public String settingsProblem(StoreSettings settings, Durability durability) {
    return SqliteStore.settingsProblem(id(), settings, durability);
  }

  @Override
  public Store open(StoreConfig config) {
    Natives.LIBRARY.require(id());
    return new SqliteStore(id(), config, Natives.LIBRARY.source());
  }

  /** The driver's native library, unpacked from its jar once per JVM on first use (holder idiom). */
  private static final class Natives {
    // the loader unpacks into org.sqlite.tmpdir (else java.io.tmpdir) and only asks for deleteOnExit,
    // so every killed JVM would leave a copy: a private directory, deleted once the library is loaded
    static final NativeLoad LIBRARY = NativeLoad.attempt("sqlite-jdbc's bundled native library", () -> {
      if (System.getProperty("org.sqlite.tmpdir") != null || System.getProperty("org.sqlite.lib.path") != null) {
        org.sqlite.SQLiteJDBCLoader.initialize();
        return "as org.sqlite.tmpdir or org.sqlite.lib.path say";
      }
      PrivateUnpacking.withPrivateDirectory(dir -> {
        System.setProperty("org.sqlite.tmpdir", dir.toString());
        try {
          org.sqlite.SQLiteJDBCLoader.initialize();
        } finally {
          System.clearProperty("org.sqlite.tmpdir");
        }
      });
      return "the driver jar's own, unpacked to a private temporary directory, deleted once loaded";
    });
  }
}
