package dev.kvbench.stores.lwjgl;

import dev.kvbench.store.NativeLoad;
import dev.kvbench.store.PrivateUnpacking;
import java.io.IOException;
import org.lwjgl.system.Configuration;
import org.lwjgl.util.lmdb.LMDB;

/**
 * LWJGL's two native libraries (liblwjgl and liblwjgl_lmdb), loaded once per JVM on first use;
 * the holder idiom makes that lazy and thread-safe without mutable state.
 *
 * <p>LWJGL extracts its natives from the jar to {@code java.io.tmpdir/lwjgl_<user>/<version>/}
 * (or {@code ~/.lwjgl}, or {@code ./.lwjgl}) and never removes them. Before the first native call
 * we set {@link Configuration#SHARED_LIBRARY_EXTRACT_PATH} to a fresh directory of ours, let the
 * LMDB class load both libraries, then delete the directory (on Linux a loaded library stays
 * mapped after its file is gone) and put back the configuration LWJGL changed on the way
 * ({@code org.lwjgl.librarypath}, to which it prepends the extraction directory). Nothing else in
 * kvbench loads LWJGL natives; something that did later in the same JVM would have LWJGL extract
 * into that (deleted) directory path again, since LWJGL remembers it.
 */
final class LwjglNatives {

  private LwjglNatives() {}

  private static final class Holder {
    static final NativeLoad LIBRARIES = NativeLoad.attempt("LWJGL's bundled LMDB native library", LwjglNatives::load);
  }

  static NativeLoad libraries() {
    return Holder.LIBRARIES;
  }

  private static String load() throws IOException {
    if (Configuration.DISABLE_CHECKS.get() == null) {
      // the seeds ran LWJGL with -Dorg.lwjgl.util.NoChecks=true; a user's own choice wins
      Configuration.DISABLE_CHECKS.set(true);
    }
    if (Configuration.SHARED_LIBRARY_EXTRACT_PATH.get() != null
        || Configuration.SHARED_LIBRARY_EXTRACT_DIRECTORY.get() != null) {
      // the user chose where LWJGL extracts: leave that choice alone
      loadBoth();
      return "extracted where the user's org.lwjgl.system.SharedLibraryExtract* setting says";
    }
    String libraryPathProperty = System.getProperty(Configuration.LIBRARY_PATH.getProperty());
    String libraryPath = Configuration.LIBRARY_PATH.get();
    PrivateUnpacking.withPrivateDirectory(dir -> {
      Configuration.SHARED_LIBRARY_EXTRACT_PATH.set(dir.toString());
      try {
        loadBoth();
      } finally {
        Configuration.SHARED_LIBRARY_EXTRACT_PATH.set(null);
        Configuration.LIBRARY_PATH.set(libraryPath);
        if (libraryPathProperty == null) {
          System.clearProperty(Configuration.LIBRARY_PATH.getProperty());
        } else {
          System.setProperty(Configuration.LIBRARY_PATH.getProperty(), libraryPathProperty);
        }
      }
    });
    return "extracted to a private temporary directory, deleted once loaded";
  }

  /** The LMDB class's initialiser loads liblwjgl (through Library) and liblwjgl_lmdb. */
  private static void loadBoth() {
    LMDB.mdb_version(new int[1], new int[1], new int[1]);
  }

}
