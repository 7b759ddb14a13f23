package dev.kvbench.stores.lwjgl;

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
 * LMDB through LWJGL 3's generated bindings, the seeds' "LMDB JGL": raw LMDB calls on native
 * structs, with the LMDB that LWJGL bundles (1.0.x) and the same settings and defaults as the
 * LmdbJava stores.
 */
public final class LwjglLmdbProvider implements StoreProvider {

  // read once: the library's licenses and release date, from its metadata
  private final LibraryFacts facts = LibraryFacts.of(getClass(), library());

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
  public List<String> versionedArtifacts() {
    return List.of(library(), "org.lwjgl:lwjgl-lmdb:jar:natives-linux", "org.lwjgl:lwjgl:jar:natives-linux");
  }

  /** The versions the adapter drives, each end run by hand (README, "Library versions"). */
  @Override
  public String supportedVersions() {
    return "[3.3.0,3.5)";
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
    return LwjglNatives.libraries().availability();
  }

  @Override
  public Store open(StoreConfig config) {
    LwjglNatives.libraries().require(id());
    return new LwjglLmdbStore(id(), config);
  }
}
