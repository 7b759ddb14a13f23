package dev.kvbench.stores.mapdb;

import dev.kvbench.store.PrivateUnpacking;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;

/**
 * MapDB's class initialisation asks lz4-java 1.3.0 for its fastest XXHash, and lz4-java then
 * unpacks its JNI library into java.io.tmpdir with only deleteOnExit, so a crashed or killed run
 * leaves it there; unlike the other bindings, 1.3.0 has no property to move it. lz4-java skips the
 * unpacking once its {@code Native.loaded} flag is set, so we load the very same library from a
 * private directory ourselves, set that flag, and delete the directory (on Linux a loaded library
 * stays mapped after its file is gone). Loaded once per JVM through the holder idiom; when
 * anything here fails, lz4-java's own loading runs as before.
 */
final class Lz4Natives {

  private Lz4Natives() {}

  private static final class Holder {
    static final String SOURCE = load();
  }

  /** Loads lz4-java's library before MapDB does; returns how, for the native settings. */
  static String ensureLoaded() {
    return Holder.SOURCE;
  }

  private static String load() {
    try {
      Class<?> nativeClass = Class.forName("net.jpountz.util.Native");
      Method isLoaded = nativeClass.getMethod("isLoaded");
      if ((Boolean) isLoaded.invoke(null)) {
        return "already loaded";
      }
      Method resourceName = nativeClass.getDeclaredMethod("resourceName");
      resourceName.setAccessible(true);
      String resource = (String) resourceName.invoke(null);
      try (InputStream in = nativeClass.getResourceAsStream(resource)) {
        if (in == null) {
          return "no bundled library for this platform: lz4-java uses its Java code";
        }
        PrivateUnpacking.loadCopy(in, Path.of(resource).getFileName().toString(), file -> System.load(file.toString()));
      }
      Field loaded = nativeClass.getDeclaredField("loaded");
      loaded.setAccessible(true);
      loaded.setBoolean(null, true);
      return "lz4-java's JNI library unpacked to a private temporary directory, deleted once loaded";
    } catch (ReflectiveOperationException | IOException | RuntimeException | LinkageError e) {
      return "lz4-java's own loader (" + e + ")";
    }
  }
}
