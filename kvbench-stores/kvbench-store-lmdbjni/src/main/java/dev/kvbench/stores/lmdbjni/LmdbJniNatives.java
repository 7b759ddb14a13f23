package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.PrivateUnpacking;
import dev.kvbench.store.Availability;
import dev.kvbench.store.StoreException;

/**
 * LMDBJNI's native library, loaded once per JVM on first use (the holder idiom makes that lazy
 * and thread-safe without mutable state), with the outcome kept for {@code availability()}.
 */
final class LmdbJniNatives {

  private LmdbJniNatives() {}

  private static final class Outcome {
    static final Availability AVAILABILITY;
    static final String SOURCE;

    static {
      String source = "not loaded";
      Availability availability;
      if (!Object.class.getModule().isExported("sun.nio.ch", LmdbJniNatives.class.getModule())) {
        // LMDBJNI's DirectBuffer casts every direct ByteBuffer to sun.nio.ch.DirectBuffer
        availability = Availability.unavailable(
            "LMDBJNI needs --add-exports=java.base/sun.nio.ch=ALL-UNNAMED (kvbench.jar's manifest sets it)");
      } else {
        try {
          source = PrivateUnpacking.initialise(
              "library.lmdbjni.path", "org.fusesource.lmdbjni.JNI", LmdbJniNatives.class.getClassLoader());
          availability = Availability.AVAILABLE;
        } catch (Exception | LinkageError e) {
          availability = Availability.unavailable("LMDBJNI's bundled native library did not load: " + e);
        }
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
