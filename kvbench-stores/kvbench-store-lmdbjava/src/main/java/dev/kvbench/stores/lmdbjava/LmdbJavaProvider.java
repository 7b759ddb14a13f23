package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Engine;
import dev.kvbench.store.LibraryFacts;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.stores.lmdb.LmdbSettings;
import java.util.List;

/** What both LmdbJava flavours share: LMDB's capabilities and settings. */
abstract class LmdbJavaProvider<T> implements StoreProvider {

  // read once: the library's licenses and release date, from its metadata (library.properties is beside this class)
  private final LibraryFacts facts = LibraryFacts.of(LmdbJavaProvider.class, library());

  /** LMDB 0.9's compile-time default MDB_MAXKEYSIZE. */
  static final int MAX_KEY_SIZE = 511;

  @Override
  public String library() {
    return "org.lmdbjava:lmdbjava";
  }

  @Override
  public List<String> versionedArtifacts() {
    return List.of(library());
  }

  @Override
  public String supportedVersions() {
    return "[0.8.1,0.10)";
  }

  @Override
  public Capabilities capabilities() {
    return LmdbSettings.capabilities(MAX_KEY_SIZE, LmdbSettings.LMDB_DEFAULT_MAX_READERS)
        .withFacts(Engine.NATIVE, facts);
  }

  /** LMDB's B+tree: 1.7 x the flat bytes at 1M random int keys, large entries on 4 KiB overflow pages. */
  @Override
  public Footprint footprint() {
    return LmdbSettings.FOOTPRINT;
  }

  @Override
  public List<SettingSpec> settings() {
    List<SettingSpec> specs = new java.util.ArrayList<>(LmdbSettings.specs());
    specs.add(SettingSpec.file(NATIVE_LIB, "a liblmdb.so to load instead of the one LmdbJava bundles (LmdbJava's"
        + " lmdbjava.native.lib); one per JVM, so a sweep needs forked cells; each cell records LMDB's own version"));
    return specs;
  }

  /** The setting naming another liblmdb.so. */
  static final String NATIVE_LIB = "nativeLib";

  @Override
  public Store open(StoreConfig config) {
    return new LmdbJavaStore<>(id(), flavour(config), config);
  }

  abstract BufferFlavour<T> flavour(StoreConfig config);
}
