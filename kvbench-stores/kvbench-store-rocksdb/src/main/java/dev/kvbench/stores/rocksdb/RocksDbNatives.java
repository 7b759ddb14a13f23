package dev.kvbench.stores.rocksdb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.rocksdb.RocksDB;
import org.rocksdb.util.Environment;

/**
 * RocksDB's JNI library, loaded once per JVM (the holder idiom makes that lazy and thread-safe
 * without mutable state). RocksDB's own loader unpacks it into java.io.tmpdir and only deletes it
 * at exit, so a killed run would leave 20 MB there: we unpack it into a private directory, load it
 * from there with {@link RocksDB#loadLibrary(List)}, and delete the directory (on Linux a loaded
 * library stays mapped after its file is gone).
 */
final class RocksDbNatives {

  private RocksDbNatives() {}

  private static final class Holder {
    static final String SOURCE = load();
  }

  /** Loads the library if this JVM has not; returns how it was loaded, for the native settings. */
  static String ensureLoaded() {
    return Holder.SOURCE;
  }

  private static String load() {
    String name = Environment.getJniLibraryFileName("rocksdb");
    Path dir = null;
    try (InputStream in = RocksDB.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        // no bundled library for this platform: RocksDB's loader knows the fallbacks
        RocksDB.loadLibrary();
        return "RocksDB's own loader";
      }
      dir = Files.createTempDirectory("kvbench-native-");
      // loadLibrary(List) looks for the file under the name it derives from "rocksdbjni"
      Files.copy(in, dir.resolve(Environment.getJniLibraryFileName("rocksdbjni")));
      RocksDB.loadLibrary(List.of(dir.toString()));
      return "unpacked to a private temporary directory, deleted once loaded";
    } catch (IOException e) {
      throw new UncheckedIOException("cannot unpack RocksDB's native library " + name, e);
    } finally {
      if (dir != null) {
        deleteTree(dir);
      }
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
