package dev.kvbench.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Loads a binding whose native library is unpacked from its jar without leaving the unpacked copy
 * behind. HawtJNI (LMDBJNI, LevelDBJNI) unpacks into java.io.tmpdir and only asks for
 * deleteOnExit, so every killed JVM leaves a file; JNA (used by Chronicle) unpacks under
 * ~/.cache/JNA and leaves the directory. Each has a system property that moves the unpacking: we
 * point it at a directory of our own, initialise the class that loads the library, then delete the
 * directory (on Linux a loaded library stays mapped after its file is gone) and clear the property.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class PrivateUnpacking {

  private PrivateUnpacking() {}

  /**
   * Initialises {@code className}, whose static initialiser loads a native library, with {@code
   * property} naming a fresh directory that is deleted afterwards. A property the user already set
   * is left alone.
   *
   * @return how the library was loaded, for a store's native settings
   */
  public static String initialise(String property, String className, ClassLoader loader)
      throws IOException, ClassNotFoundException {
    if (System.getProperty(property) != null) {
      Class.forName(className, true, loader);
      return property + "=" + System.getProperty(property);
    }
    withPrivateDirectory(dir -> {
      System.setProperty(property, dir.toString());
      try {
        Class.forName(className, true, loader);
      } finally {
        System.clearProperty(property);
      }
    });
    return "unpacked to a private temporary directory, deleted once loaded";
  }

  /**
   * For bindings whose loader has no such property but can load from a path we give (RocksDB,
   * lz4-java): copies {@code library} into a fresh directory as {@code fileName}, hands the file
   * to {@code load}, then deletes the directory.
   */
  public static void loadCopy(InputStream library, String fileName, Consumer<Path> load) throws IOException {
    withPrivateDirectory(dir -> {
      Path file = dir.resolve(fileName);
      Files.copy(library, file);
      load.accept(file);
    });
  }

  /** Work that a binding's loader does in a directory of its own. */
  @FunctionalInterface
  @API(status = API.Status.STABLE, since = "0.6.0")
  public interface DirectoryWork<E extends Exception> {
    void run(Path dir) throws E, IOException;
  }

  /**
   * Runs {@code work} in a fresh directory under java.io.tmpdir and deletes the directory with
   * whatever was unpacked into it, for loaders steered some other way (LWJGL's Configuration).
   */
  public static <E extends Exception> void withPrivateDirectory(DirectoryWork<E> work) throws E, IOException {
    Path dir = Files.createTempDirectory("kvbench-native-");
    try {
      work.run(dir);
    } finally {
      deleteTree(dir);
    }
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
