package dev.kvbench.stores.lwjgl;

import dev.kvbench.store.Availability;
import dev.kvbench.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
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

  private static final class Outcome {
    static final Availability AVAILABILITY;
    static final String SOURCE;

    static {
      String source = "not loaded";
      Availability availability;
      try {
        source = load();
        availability = Availability.AVAILABLE;
      } catch (Exception | LinkageError e) {
        availability = Availability.unavailable("LWJGL's bundled LMDB native library did not load: " + e);
      }
      AVAILABILITY = availability;
      SOURCE = source;
    }
  }

  static Availability availability() {
    return Outcome.AVAILABILITY;
  }

  /** How the libraries were found, for the native settings. */
  static String source() {
    return Outcome.SOURCE;
  }

  static void require(String id) {
    if (!Outcome.AVAILABILITY.available()) {
      throw new StoreException(id + " is unavailable: " + Outcome.AVAILABILITY.reason());
    }
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
    Path dir = Files.createTempDirectory("kvbench-lwjgl-");
    try {
      Configuration.SHARED_LIBRARY_EXTRACT_PATH.set(dir.toString());
      loadBoth();
    } finally {
      Configuration.SHARED_LIBRARY_EXTRACT_PATH.set(null);
      Configuration.LIBRARY_PATH.set(libraryPath);
      if (libraryPathProperty == null) {
        System.clearProperty(Configuration.LIBRARY_PATH.getProperty());
      } else {
        System.setProperty(Configuration.LIBRARY_PATH.getProperty(), libraryPathProperty);
      }
      deleteTree(dir);
    }
    return "extracted to a private temporary directory, deleted once loaded";
  }

  /** The LMDB class's initialiser loads liblwjgl (through Library) and liblwjgl_lmdb. */
  private static void loadBoth() {
    LMDB.mdb_version(new int[1], new int[1], new int[1]);
  }

  private static void deleteTree(Path dir) throws IOException {
    List<Path> paths;
    try (Stream<Path> all = Files.walk(dir)) {
      paths = all.sorted(Comparator.reverseOrder()).toList();
    }
    for (Path p : paths) {
      Files.deleteIfExists(p);
    }
  }
}
