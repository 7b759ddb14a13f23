package dev.kvbench.stores.lmdb;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Concurrency;
import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.Durability;
import dev.kvbench.store.Engine;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.InvalidSettingException;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.store.WriteOperation;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the LMDB stores share whatever the binding (LmdbJava, LMDBJNI, LWJGL): the same settings,
 * the same env flags for the same settings and durability, the same map size. So one {@code -o}
 * line configures every LMDB store alike and their results differ only by the binding.
 */
public final class LmdbSettings {

  /** LMDB's page size on Linux x86-64 and aarch64 with 4 KiB pages. */
  static final long PAGE = 4096;

  /**
   * LMDB's B+tree: 1.7 x the flat bytes at 1M random int keys; an entry over about half a page on
   * overflow pages of its own.
   */
  public static final Footprint FOOTPRINT = Footprint.bTree(1.7, (int) PAGE);

  private LmdbSettings() {}

  /** readKey through one cursor held for the pass ({@code MDB_SET_KEY}), as the anchor does. */
  public static final String GET_VIA_CURSOR = "cursor";

  /** readKey through {@code mdb_get}, which sets up a cursor of its own on every call. */
  public static final String GET_VIA_GET = "get";

  /**
   * {@code writeMap}, {@code metaSync}, {@code readAhead}, {@code mapSize}, {@code getVia} and {@code integerKey}, with
   * the seeds' defaults.
   */
  public static List<SettingSpec> specs() {
    return List.of(
        SettingSpec.bool("integerKey", false,
            "MDB_INTEGERKEY: keep int keys in native byte order and compare them as integers, as the anchor does "
                + "(int keys only); off, LMDB compares the big-endian key bytes as every other store does"),
        SettingSpec.choice("getVia", GET_VIA_CURSOR,
            "how readKey looks a key up: cursor = one cursor held for the pass, MDB_SET_KEY (the anchor's idiom; "
                + "it skips the descent from the root when the next key is on the same page); get = mdb_get per key",
            GET_VIA_CURSOR, GET_VIA_GET),
        SettingSpec.bool("writeMap", true, "MDB_WRITEMAP: write through a writable memory map (the seeds' choice)"),
        SettingSpec.bool("metaSync", true, "false sets MDB_NOMETASYNC: skip the meta-page flush on commit"),
        SettingSpec.bool("readAhead", true, "false sets MDB_NORDAHEAD: a page fault on the map reads that page"
            + " alone, not the device's read-ahead around it (random reads of data larger than memory)"),
        SettingSpec.size("mapSize", "auto", "LMDB map size; auto derives it from entries and value size with headroom"));
  }

  /** LMDB's reader slots when mdb_env_set_maxreaders is not called. */
  public static final int LMDB_DEFAULT_MAX_READERS = 126;

  /**
   * What every LMDB store declares whatever its binding: a native engine, LMDB's capabilities
   * ({@link #capabilities}), its B+tree's footprint and the shared settings ({@link #specs}).
   */
  public static DeclaredProvider.Declaration declare(String id, String library, int maxKeySize, int maxReaders) {
    return DeclaredProvider.declare(id, library).engine(Engine.NATIVE)
        .capabilities(capabilities(maxKeySize, maxReaders)).footprint(FOOTPRINT).settings(specs());
  }

  /**
   * Every durability, zero-copy reads, both cursors, overwrite, delete and reads inside the write
   * transaction; the key limit is the binding's LMDB build's.
   */
  public static Capabilities capabilities(int maxKeySize, int maxReaders) {
    return Capabilities.builder().orderedScan().reverseScan().transactions().batches()
        .durabilities(EnumSet.allOf(Durability.class)).zeroCopyReads()
        .maxKeySize(maxKeySize).maxValueSize(Integer.MAX_VALUE - 8)
        .writeOperations(EnumSet.allOf(WriteOperation.class))
        // readers never block and never block the writer, up to the reader slots; write transactions take one lock
        .concurrency(new Concurrency(maxReaders, 1))
        .build();
  }

  /**
   * The env flags for a store's settings and durability: NOSYNC sets MDB_NOSYNC (the seeds');
   * LAZY, or {@code metaSync=false}, sets MDB_NOMETASYNC (data pages flushed on commit, the meta
   * page at the next one); SYNC sets neither. {@code readAhead=false} sets MDB_NORDAHEAD.
   */
  public static Set<LmdbFlag> envFlags(StoreConfig config) {
    Set<LmdbFlag> flags = EnumSet.noneOf(LmdbFlag.class);
    if (config.settings().getBoolean("writeMap")) {
      flags.add(LmdbFlag.MDB_WRITEMAP);
    }
    if (config.durability() == Durability.NOSYNC) {
      flags.add(LmdbFlag.MDB_NOSYNC);
    } else if (config.durability() == Durability.LAZY || !config.settings().getBoolean("metaSync")) {
      flags.add(LmdbFlag.MDB_NOMETASYNC);
    }
    if (!config.settings().getBoolean("readAhead")) {
      flags.add(LmdbFlag.MDB_NORDAHEAD);
    }
    return flags;
  }

  /** True when readKey should use a cursor held for the pass rather than {@code mdb_get}. */
  public static boolean getViaCursor(StoreConfig config) {
    return GET_VIA_CURSOR.equals(config.settings().getString("getVia"));
  }

  /**
   * True when the {@code integerKey} setting is on; it needs the 4-byte int keys.
   *
   * @throws InvalidSettingException when it is on for keys of another size
   */
  public static boolean integerKeys(StoreConfig config, String storeId) {
    boolean on = config.settings().getBoolean("integerKey");
    if (on && config.sizing().keySize() != Integer.BYTES) {
      throw new InvalidSettingException(storeId + ": integerKey=true needs 4-byte int keys (--keys int), not "
          + config.sizing().keySize() + "-byte keys" + (config.sizing().keySize() == Integer.BYTES + 1
          ? " (the seek phase's keys between two loaded ones are a byte longer: leave seek out, or integerKey off)"
          : ""));
    }
    return on;
  }

  /** The database flags each binding opens with, by LMDB's names, for its native settings. */
  public static List<String> dbiFlagNames(boolean integerKeys) {
    return integerKeys ? List.of("MDB_CREATE", "MDB_INTEGERKEY") : List.of("MDB_CREATE");
  }

  /** The {@code mapSize} setting, or {@link #autoMapSize} when it is {@code auto}. */
  public static long mapSize(StoreConfig config) {
    return config.settings().isAuto("mapSize") ? autoMapSize(config.sizing()) : config.settings().getLong("mapSize");
  }

  /**
   * Map size for the workload with headroom: a B+ tree leaf filled by random inserts is often only
   * half full, and copy-on-write needs free pages while a transaction is open. Entries too big to
   * share a page go to overflow pages, rounded up to whole pages.
   */
  public static long autoMapSize(WorkloadSizing sizing) {
    long node = 8 + sizing.keySize() + (long) sizing.valueSize() + 2;
    long nodeMax = (PAGE - 16) / 2;
    long perEntry =
        node <= nodeMax
            ? node
            : 8 + sizing.keySize() + 8 + 2 + ceilDiv(sizing.valueSize() + 16L, PAGE) * PAGE;
    long bytes = 64L * 1024 * 1024 + sizing.entries() * perEntry * 3;
    return ceilDiv(bytes, PAGE) * PAGE;
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
