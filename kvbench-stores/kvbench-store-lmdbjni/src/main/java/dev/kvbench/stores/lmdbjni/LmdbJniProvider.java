package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.stores.lmdb.LmdbSettings;

/**
 * LMDB through LMDBJNI, the seeds' "LMDB JNI": LMDB 0.9.19 as bundled in 2016, with the same
 * settings and defaults as the LmdbJava stores so the bindings are compared on equal terms.
 */
public final class LmdbJniProvider extends DeclaredProvider {

  /** MDB_MAXKEYSIZE of the bundled LMDB 0.9.19 (its compile-time default). */
  static final int MAX_KEY_SIZE = 511;

  public LmdbJniProvider() {
    // the same settings as every LMDB store, so one -o line configures them alike
    super(LmdbSettings.declare("lmdbjni", "org.deephacks.lmdbjni:lmdbjni", MAX_KEY_SIZE,
            LmdbSettings.LMDB_DEFAULT_MAX_READERS)
        .natives(LmdbJniNatives::library)
        // each end of the range run by hand (README, "Library versions")
        .versions("[0.4.6,0.5)", "org.deephacks.lmdbjni:lmdbjni", "org.deephacks.lmdbjni:lmdbjni-linux64"));
  }

  @Override
  public Store open(StoreConfig config) {
    LmdbJniNatives.library().require(id());
    return new LmdbJniStore(id(), config);
  }
}
