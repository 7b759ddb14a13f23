package dev.kvbench.stores.chronicle;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Loads JNA (which Chronicle uses) without leaving anything in the user's home. JNA 5.5 unpacks
 * its native dispatcher under {@code ~/.cache/JNA/temp} and leaves that directory behind; its
 * {@code jna.tmpdir} property moves the unpacking. We point it at a directory of our own, make
 * JNA load, then delete the directory (on Linux a loaded library stays mapped after its file is
 * gone) and clear the property. Once JNA is loaded in a JVM, later calls only create and delete an
 * empty directory.
 */
final class JnaLoader {

  private static final String PROPERTY = "jna.tmpdir";

  private JnaLoader() {}

  /** Returns how JNA was loaded, for the native settings. */
  static String load() {
    if (System.getProperty(PROPERTY) != null) {
      // the user chose where JNA unpacks: leave that choice alone
      initialise();
      return PROPERTY + "=" + System.getProperty(PROPERTY);
    }
    Path dir;
    try {
      dir = Files.createTempDirectory("kvbench-jna-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a directory for JNA's native library", e);
    }
    try {
      System.setProperty(PROPERTY, dir.toString());
      initialise();
    } finally {
      System.clearProperty(PROPERTY);
      deleteTree(dir);
    }
    return "unpacked to a private temporary directory, deleted once loaded";
  }

  private static void initialise() {
    try {
      Class.forName("com.sun.jna.Native", true, JnaLoader.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      // Chronicle then runs without JNA; nothing was unpacked
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      List<Path> paths = all.sorted(Comparator.reverseOrder()).toList();
      for (Path p : paths) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
