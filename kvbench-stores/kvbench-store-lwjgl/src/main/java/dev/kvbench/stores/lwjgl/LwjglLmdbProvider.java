package dev.kvbench.stores.lwjgl;

import dev.kvbench.store.Availability;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.LibraryVersions;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import java.util.EnumSet;
import java.util.List;

/**
 * LMDB through LWJGL 3's generated bindings, the seeds' "LMDB JGL": raw LMDB calls on native
 * structs, with the LMDB that LWJGL bundles (1.0.x) and the same settings and defaults as the
 * LmdbJava stores.
 */
public final class LwjglLmdbProvider implements StoreProvider {

  /**
   * Largest key of the LMDB LWJGL bundles. Unlike 0.9.x (a fixed 511), LMDB 1.0 derives it from
   * the page size: 1978 bytes with 4 KiB pages, Linux's smallest, so larger pages only raise it.
   * The settings test checks it against mdb_env_get_maxkeysize.
   */
  static final int MAX_KEY_SIZE = 1978;

  @Override
  public String id() {
    return "lwjgl-lmdb";
  }

  @Override
  public String library() {
    return "org.lwjgl:lwjgl-lmdb";
  }

  @Override
  public String libraryVersion() {
    return LibraryVersions.of(LwjglLmdbProvider.class);
  }

  @Override
  public Capabilities capabilities() {
    return new Capabilities(
        true, true, true, true, EnumSet.allOf(Durability.class), true, true, MAX_KEY_SIZE, Integer.MAX_VALUE - 8);
  }

  @Override
  public List<SettingSpec> settings() {
    // the LmdbJava stores' settings, key for key, so one -o line configures every LMDB binding
    return List.of(
        SettingSpec.bool("writeMap", true, "MDB_WRITEMAP: write through a writable memory map (the seeds' choice)"),
        SettingSpec.bool("metaSync", true, "false sets MDB_NOMETASYNC: skip the meta-page flush on commit"),
        SettingSpec.size("mapSize", "auto", "LMDB map size; auto derives it from entries and value size with headroom"));
  }

  @Override
  public Availability availability() {
    return LwjglNatives.availability();
  }

  @Override
  public Store open(StoreConfig config) {
    LwjglNatives.require(id());
    return new LwjglLmdbStore(id(), config);
  }
}
