package dev.kvbench.stores.leveldbjni;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Loads a HawtJNI library without leaving its extracted copy behind. HawtJNI's Library copies the
 * bundled .so with {@code File.createTempFile} into java.io.tmpdir and only asks for
 * deleteOnExit, so every killed JVM leaves one there. Its {@code library.<name>.path} property
 * moves that extraction: we point it at a directory of our own, let the binding's JNI class load
 * the library, then delete the directory (on Linux a loaded library stays mapped after its file is
 * gone) and clear the property again. The lmdbjni module has the same class: store modules do not
 * depend on each other.
 */
final class HawtJniLoader {

  private HawtJniLoader() {}

  /**
   * Initialises {@code jniClass}, whose static initialiser loads library {@code name}.
   *
   * @return where the library came from, for the native settings
   */
  static String load(String name, String jniClass) throws IOException, ClassNotFoundException {
    String property = "library." + name + ".path";
    ClassLoader loader = HawtJniLoader.class.getClassLoader();
    if (System.getProperty(property) != null) {
      // the user chose where the library lives: leave that choice alone
      Class.forName(jniClass, true, loader);
      return property + "=" + System.getProperty(property);
    }
    Path dir = Files.createTempDirectory("kvbench-" + name + "-");
    try {
      System.setProperty(property, dir.toString());
      Class.forName(jniClass, true, loader);
    } finally {
      System.clearProperty(property);
      deleteTree(dir);
    }
    return "extracted to a private temporary directory, deleted once loaded";
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
