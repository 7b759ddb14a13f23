package dev.kvbench.stores.leveldbjni;

import dev.kvbench.store.NativeLoad;
import dev.kvbench.store.PrivateUnpacking;

/** LevelDBJNI's native library, loaded once per JVM on first use (holder idiom). */
final class LevelDbJniNatives {

  private LevelDbJniNatives() {}

  private static final class Holder {
    // JniDBFactory's static initialiser loads the library through NativeDB.LIBRARY
    static final NativeLoad LIBRARY = NativeLoad.attempt("LevelDBJNI's bundled native library",
        () -> PrivateUnpacking.initialise("library.leveldbjni.path", "org.fusesource.leveldbjni.JniDBFactory",
            LevelDbJniNatives.class.getClassLoader()));
  }

  static NativeLoad library() {
    return Holder.LIBRARY;
  }
}
