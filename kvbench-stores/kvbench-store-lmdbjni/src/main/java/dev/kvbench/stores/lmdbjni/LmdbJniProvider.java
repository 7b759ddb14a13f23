package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.Availability;
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

/**
 * LMDB through LMDBJNI, the seeds' "LMDB JNI": LMDB 0.9.19 as bundled in 2016, with the same
 * settings and defaults as the LmdbJava stores so the bindings are compared on equal terms.
 */
public final class LmdbJniProvider implements StoreProvider {

  // read once: the library's licenses and release date, from its metadata
  private final LibraryFacts facts = LibraryFacts.of(getClass(), library());

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
  public List<String> versionedArtifacts() {
    return List.of(library(), "org.deephacks.lmdbjni:lmdbjni-linux64");
  }

  /** The versions the adapter drives, each end run by hand (README, "Library versions"). */
  @Override
  public String supportedVersions() {
    return "[0.4.6,0.5)";
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
    // the same settings as every LMDB store, so one -o line configures them alike
    return LmdbSettings.specs();
  }

  @Override
  public Availability availability() {
    return LmdbJniNatives.library().availability();
  }

  @Override
  public Store open(StoreConfig config) {
    LmdbJniNatives.library().require(id());
    return new LmdbJniStore(id(), config);
  }
}
