package dev.kvbench.stores.leveldbjni;

import dev.kvbench.store.PrivateUnpacking;
import dev.kvbench.store.Availability;
import dev.kvbench.store.StoreException;

/**
 * LevelDBJNI's native library, loaded once per JVM on first use (the holder idiom makes that lazy
 * and thread-safe without mutable state), with the outcome kept for {@code availability()}.
 */
final class LevelDbJniNatives {

  private LevelDbJniNatives() {}

  private static final class Outcome {
    static final Availability AVAILABILITY;
    static final String SOURCE;

    static {
      String source = "not loaded";
      Availability availability;
      try {
        // JniDBFactory's static initialiser loads the library through NativeDB.LIBRARY
        source = PrivateUnpacking.initialise("library.leveldbjni.path",
            "org.fusesource.leveldbjni.JniDBFactory", LevelDbJniNatives.class.getClassLoader());
        availability = Availability.AVAILABLE;
      } catch (Exception | LinkageError e) {
        availability = Availability.unavailable("LevelDBJNI's bundled native library did not load: " + e);
      }
      AVAILABILITY = availability;
      SOURCE = source;
    }
  }

  static Availability availability() {
    return Outcome.AVAILABILITY;
  }

  /** How the library was found, for the native settings. */
  static String source() {
    return Outcome.SOURCE;
  }

  static void require(String id) {
    if (!Outcome.AVAILABILITY.available()) {
      throw new StoreException(id + " is unavailable: " + Outcome.AVAILABILITY.reason());
    }
  }
}
