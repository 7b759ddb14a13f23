package dev.kvbench.store;

import org.apiguardian.api.API;

/** What a store's engine is written in: Java, or native code the adapter reaches through JNI, JNR or the FFM API. */
@API(status = API.Status.STABLE, since = "0.6.0")
public enum Engine {
  /** Written in Java (on or off the heap): runs wherever the JVM does, no native library to load. */
  JAVA,
  /** C or C++ behind a binding: a native library per platform, calls across the JNI or FFM boundary. */
  NATIVE
}
