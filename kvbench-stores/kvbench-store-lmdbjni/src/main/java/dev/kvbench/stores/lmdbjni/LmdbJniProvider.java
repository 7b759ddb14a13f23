package dev.kvbench.stores.lmdbjni;

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
 * LMDB through LMDBJNI, the seeds' "LMDB JNI": LMDB 0.9.19 as bundled in 2016, with the same
 * settings and defaults as the LmdbJava stores so the bindings are compared on equal terms.
 */
public final class LmdbJniProvider implements StoreProvider {

  /** MDB_MAXKEYSIZE of the bundled LMDB 0.9.19 (its compile-time default). */
  static final int MAX_KEY_SIZE = 511;

  @Override
  public String id() {
    return "lmdbjni";
  }

  @Override
  public String library() {
    return "org.deephacks.lmdbjni:lmdbjni";
  }

  @Override
  public String libraryVersion() {
    return LibraryVersions.of(LmdbJniProvider.class);
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
    return LmdbJniNatives.availability();
  }

  @Override
  public Store open(StoreConfig config) {
    LmdbJniNatives.require(id());
    return new LmdbJniStore(id(), config);
  }
}
