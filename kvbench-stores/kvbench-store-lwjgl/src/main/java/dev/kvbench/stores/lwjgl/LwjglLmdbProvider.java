package dev.kvbench.stores.lwjgl;

import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.stores.lmdb.LmdbSettings;

/**
 * LMDB through LWJGL 3's generated bindings, the seeds' "LMDB JGL": raw LMDB calls on native
 * structs, with the LMDB that LWJGL bundles (1.0.x) and the same settings and defaults as the
 * LmdbJava stores.
 */
public final class LwjglLmdbProvider extends DeclaredProvider {

  /**
   * Largest key of the LMDB LWJGL bundles. Unlike 0.9.x (a fixed 511), LMDB 1.0 derives it from
   * the page size: 1978 bytes with 4 KiB pages, Linux's smallest, so larger pages only raise it.
   * The settings test checks it against mdb_env_get_maxkeysize.
   */
  static final int MAX_KEY_SIZE = 1978;

  public LwjglLmdbProvider() {
    // the same settings as every LMDB store, so one -o line configures them alike
    super(LmdbSettings.declare("lwjgl-lmdb", "org.lwjgl:lwjgl-lmdb", MAX_KEY_SIZE, LmdbSettings.LMDB_DEFAULT_MAX_READERS)
        .natives(LwjglNatives::libraries)
        // each end of the range run by hand (README, "Library versions")
        .versions("[3.3.0,3.5)", "org.lwjgl:lwjgl-lmdb", "org.lwjgl:lwjgl-lmdb:jar:natives-linux",
            "org.lwjgl:lwjgl:jar:natives-linux"));
  }

  @Override
  public Store open(StoreConfig config) {
    LwjglNatives.libraries().require(id());
    return new LwjglLmdbStore(id(), config);
  }
}
