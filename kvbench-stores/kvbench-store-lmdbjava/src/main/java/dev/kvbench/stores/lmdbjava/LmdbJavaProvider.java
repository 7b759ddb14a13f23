package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.stores.lmdb.LmdbSettings;
import java.util.List;

/** What both LmdbJava flavours share: LMDB's capabilities and settings. */
abstract class LmdbJavaProvider<T> extends DeclaredProvider {

  /** LMDB 0.9's compile-time default MDB_MAXKEYSIZE. */
  static final int MAX_KEY_SIZE = 511;

  /** The setting naming another liblmdb.so. */
  static final String NATIVE_LIB = "nativeLib";

  /** The flavour {@code id}, with these settings besides LMDB's. */
  LmdbJavaProvider(String id, SettingSpec... flavourSettings) {
    super(declaration(id, flavourSettings));
  }

  private static Declaration declaration(String id, SettingSpec... flavourSettings) {
    Declaration lmdb = LmdbSettings.declare(id, "org.lmdbjava:lmdbjava", MAX_KEY_SIZE,
        LmdbSettings.LMDB_DEFAULT_MAX_READERS).versions("[0.8.1,0.10)");
    List<SettingSpec> specs = new java.util.ArrayList<>(LmdbSettings.specs());
    specs.add(SettingSpec.file(NATIVE_LIB, "a liblmdb.so to load instead of the one LmdbJava bundles (LmdbJava's"
        + " lmdbjava.native.lib); one per JVM, so a sweep needs forked cells; each cell records LMDB's own version"));
    specs.addAll(List.of(flavourSettings));
    return lmdb.settings(specs);
  }

  @Override
  public Store open(StoreConfig config) {
    return new LmdbJavaStore<>(id(), flavour(config), config);
  }

  abstract BufferFlavour<T> flavour(StoreConfig config);
}
