package dev.kvbench.stores.rocksdb;

import dev.kvbench.store.PrivateUnpacking;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
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
    try (InputStream in = RocksDB.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        // no bundled library for this platform: RocksDB's loader knows the fallbacks
        RocksDB.loadLibrary();
        return "RocksDB's own loader";
      }
      // loadLibrary(List) looks for the file under the name it derives from "rocksdbjni"
      PrivateUnpacking.loadCopy(in, Environment.getJniLibraryFileName("rocksdbjni"),
          file -> RocksDB.loadLibrary(List.of(file.getParent().toString())));
      return "unpacked to a private temporary directory, deleted once loaded";
    } catch (IOException e) {
      throw new UncheckedIOException("cannot unpack RocksDB's native library " + name, e);
    }
  }
}
