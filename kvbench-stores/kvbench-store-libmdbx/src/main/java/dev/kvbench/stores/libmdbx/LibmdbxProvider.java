package dev.kvbench.stores.libmdbx;

import dev.kvbench.store.Availability;
import dev.kvbench.store.DeclaredProvider;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.stores.lmdb.LmdbSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * libmdbx, the seeds' fifth engine, through kvbench's own jnr-ffi binding of its C API and the
 * shared library the build bundles from PyPI's libmdbx wheel ({@value MdbxNatives#LIBRARY_ENV}
 * names another). Its settings are the LMDB stores', so one sweep compares both, plus how
 * {@code nosync} maps onto libmdbx's two no-sync modes.
 */
public final class LibmdbxProvider extends DeclaredProvider {

  /**
   * libmdbx's reader slots without mdbx_env_set_maxreaders: 61 asked for, rounded up at open to
   * fill the lock file's 4 KiB page (mdbx_env_get_maxreaders after open gives 112).
   */
  static final int DEFAULT_MAX_READERS = 112;

  /** Largest key with libmdbx's default 4 KiB page (its README: "keys up to 2022 bytes"). */
  static final int MAX_KEY_SIZE = 2022;

  static final String NOSYNC_UTTERLY = "utterly";
  static final String NOSYNC_SAFE = "safe";

  /** The setting naming another libmdbx.so. */
  static final String NATIVE_LIB = "nativeLib";

  public LibmdbxProvider() {
    // the C library, no Maven artifact; where it came from is in its version. LMDB's capabilities,
    // footprint (libmdbx keeps LMDB's page layout) and settings, with libmdbx's own beside them
    super(LmdbSettings.declare("libmdbx", "native:libmdbx", MAX_KEY_SIZE, DEFAULT_MAX_READERS).settings(specs()));
  }

  /**
   * The release the loaded library reports, and where it came from: the PyPI wheel's own version
   * (0.3.2) is not the library's (0.13.12), so both are named, never one for the other (its git
   * describe is in the native settings). Short: {@code kvbench list} gives it one column of a line.
   */
  @Override
  public String libraryVersion() {
    MdbxNatives n = MdbxNatives.get();
    MdbxVersion v = n.version();
    return v == null ? "not loaded" : v.release() + " (" + (n.fromWheel() ? MdbxNatives.WHEEL_SHORT
        : MdbxNatives.LIBRARY_ENV) + ")";
  }

  private static List<SettingSpec> specs() {
    List<SettingSpec> specs = new ArrayList<>();
    for (SettingSpec lmdb : LmdbSettings.specs()) {
      // the same key and default; in libmdbx the file grows and shrinks below it
      specs.add(lmdb.key().equals("mapSize")
          ? SettingSpec.size("mapSize", lmdb.defaultValue(), "upper bound of libmdbx's geometry (mdbx_env_set_geometry"
              + " size_upper), what LMDB's map size is; auto derives it from entries and value size as for LMDB")
          : lmdb);
    }
    specs.add(SettingSpec.choice("nosync", NOSYNC_UTTERLY,
        "what durability nosync sets: utterly = MDBX_UTTERLY_NOSYNC (nothing flushed, as LMDB's MDB_NOSYNC);"
            + " safe = MDBX_SAFE_NOSYNC (nothing flushed, but the last steady commit is kept, so a system crash"
            + " rolls back instead of corrupting; the file grows more)",
        NOSYNC_UTTERLY, NOSYNC_SAFE));
    specs.add(SettingSpec.size("syncBytes", "0",
        "autosync threshold in nosync modes (MDBX_opt_sync_bytes, mdbx_env_set_syncbytes): a durable commit once"
            + " this much has been written since the last; libmdbx reuses freed pages only up to a durable commit,"
            + " so without one a writer beside readers grows the file to its upper bound; 0 = off, LMDB's nosync"));
    specs.add(SettingSpec.file(NATIVE_LIB, "a libmdbx.so (0.13) to load instead of the bundled one; a comma list"
        + " sweeps, each cell records the library's own version"));
    return specs;
  }

  @Override
  public Availability availability() {
    return MdbxNatives.get().availability();
  }

  @Override
  public Store open(StoreConfig config) {
    String lib = config.settings().getString(NATIVE_LIB);
    MdbxNatives natives = lib.equals(SettingSpec.SettingType.BUNDLED) ? MdbxNatives.get() : MdbxNatives.at(lib);
    if (!natives.availability().available()) {
      throw new dev.kvbench.store.StoreException(id() + ": " + natives.availability().reason());
    }
    return new LibmdbxStore(id(), natives, config);
  }
}
