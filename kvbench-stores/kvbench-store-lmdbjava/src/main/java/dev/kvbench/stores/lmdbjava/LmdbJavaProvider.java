package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.LibraryVersions;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;

/** What both LmdbJava flavours share: LMDB's capabilities and settings. */
abstract class LmdbJavaProvider<T> implements StoreProvider {

  /** LMDB's compile-time default MDB_MAXKEYSIZE. */
  static final int MAX_KEY_SIZE = 511;

  @Override
  public String library() {
    return "org.lmdbjava:lmdbjava";
  }

  @Override
  public String libraryVersion() {
    return LibraryVersions.of(LmdbJavaProvider.class);
  }

  @Override
  public Capabilities capabilities() {
    return new Capabilities(
        true, true, true, true, EnumSet.allOf(Durability.class), true, true, MAX_KEY_SIZE, Integer.MAX_VALUE - 8);
  }

  @Override
  public List<SettingSpec> settings() {
    List<SettingSpec> specs = new ArrayList<>();
    specs.add(SettingSpec.bool("writeMap", true, "MDB_WRITEMAP: write through a writable memory map (the seeds' choice)"));
    specs.add(SettingSpec.bool("metaSync", true, "false sets MDB_NOMETASYNC: skip the meta-page flush on commit"));
    specs.add(SettingSpec.size("mapSize", "auto", "LMDB map size; auto derives it from entries and value size with headroom"));
    return specs;
  }

  @Override
  public Store open(StoreConfig config) {
    return new LmdbJavaStore<>(id(), flavour(config), config);
  }

  abstract BufferFlavour<T> flavour(StoreConfig config);
}
