package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.NativeLoad;
import dev.kvbench.store.PrivateUnpacking;

/** LMDBJNI's native library, loaded once per JVM on first use (holder idiom). */
final class LmdbJniNatives {

  private LmdbJniNatives() {}

  private static final class Holder {
    static final NativeLoad LIBRARY = load();
  }

  static NativeLoad library() {
    return Holder.LIBRARY;
  }

  private static NativeLoad load() {
    if (!Object.class.getModule().isExported("sun.nio.ch", LmdbJniNatives.class.getModule())) {
      // LMDBJNI's DirectBuffer casts every direct ByteBuffer to sun.nio.ch.DirectBuffer
      return NativeLoad.refused(
          "LMDBJNI needs --add-exports=java.base/sun.nio.ch=ALL-UNNAMED (kvbench.jar's manifest sets it)");
    }
    return NativeLoad.attempt("LMDBJNI's bundled native library", () -> PrivateUnpacking.initialise(
        "library.lmdbjni.path", "org.fusesource.lmdbjni.JNI", LmdbJniNatives.class.getClassLoader()));
  }
}
