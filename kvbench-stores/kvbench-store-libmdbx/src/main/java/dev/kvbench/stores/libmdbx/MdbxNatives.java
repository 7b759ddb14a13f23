package dev.kvbench.stores.libmdbx;

import com.kenai.jffi.Library;
import com.kenai.jffi.MemoryIO;
import dev.kvbench.store.Availability;
import dev.kvbench.store.MemoryWindow;
import dev.kvbench.store.PrivateUnpacking;
import dev.kvbench.store.StoreException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import jnr.ffi.LibraryLoader;
import jnr.ffi.LibraryOption;

/**
 * libmdbx's shared library, loaded once per JVM (holder idiom): the one named by {@value
 * #LIBRARY_ENV} if set, else the one the build bundled from PyPI's libmdbx wheel, unpacked into a
 * private directory that is deleted once loaded (on Linux a loaded library stays mapped after its
 * file is gone). Its version is read from the library itself.
 */
final class MdbxNatives {

  /** Environment variable naming another libmdbx.so to load instead of the bundled one. */
  static final String LIBRARY_ENV = "KVBENCH_LIBMDBX";

  /** Where the build puts the library, beside this class. */
  static final String BUNDLED = "native/linux-x86_64/libmdbx.so";

  /** The PyPI package the build bundles the library from (src/build/fetch_libmdbx.py pins it). */
  static final String WHEEL = "PyPI's libmdbx 0.3.2 wheel";

  /** The same, as the library's version names it. */
  static final String WHEEL_SHORT = "PyPI wheel 0.3.2";

  /** How {@link #source()} begins for the library the build bundled. */
  private static final String FROM_WHEEL = "bundled from " + WHEEL;

  static final String HOW_TO_GET = "this kvbench was built without libmdbx's shared library (the build takes it"
      + " from " + WHEEL + " with pip): rebuild with python3 and pip installed and PyPI reachable,"
      + " or set " + LIBRARY_ENV + "=/path/to/libmdbx.so (for example mdbx/lib/libmdbx.so from"
      + " `python3 -m pip download libmdbx==0.3.2 --no-deps`)";

  private final MdbxLibrary library;
  private final MdbxVersion version;
  private final Availability availability;
  private final String source;

  private MdbxNatives(MdbxLibrary library, MdbxVersion version, Availability availability, String source) {
    this.library = library;
    this.version = version;
    this.availability = availability;
    this.source = source;
  }

  private static final class Holder {
    static final MdbxNatives LOADED = load(System.getenv(LIBRARY_ENV));
  }

  // each file loads once per JVM, with its symbols kept local, so two versions can sit side by side
  private static final java.util.concurrent.ConcurrentMap<String, MdbxNatives> BY_FILE =
      new java.util.concurrent.ConcurrentHashMap<>();

  /** The libmdbx at {@code file} (a cell's nativeLib setting), loaded on first use. */
  static MdbxNatives at(String file) {
    return BY_FILE.computeIfAbsent(file, f -> {
      MdbxNatives n = load(f, "nativeLib", () -> null);
      return n.availability().available() ? n.from("nativeLib=" + f) : n;
    });
  }

  /** This JVM's libmdbx, loading it on first use. */
  static MdbxNatives get() {
    return Holder.LOADED;
  }

  /**
   * Loads {@code override} when it is not null, else the bundled library; never throws: what went
   * wrong becomes the store's unavailability reason.
   */
  static MdbxNatives load(String override) {
    return load(override, () -> MdbxNatives.class.getResourceAsStream(BUNDLED));
  }

  /** {@link #load(String)} with the bundled library read from {@code bundled} (null: not bundled). */
  static MdbxNatives load(String override, Supplier<InputStream> bundled) {
    return load(override, LIBRARY_ENV, bundled);
  }

  /** {@link #load(String, Supplier)}, {@code override} named as {@code givenAs} gave it (the variable or the setting). */
  static MdbxNatives load(String override, String givenAs, Supplier<InputStream> bundled) {
    String windows = MemoryWindow.unavailableReason();
    if (windows != null) {
      return refused(windows);
    }
    try {
      if (override != null) {
        Path file = Path.of(override);
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
          return refused(givenAs + "=" + override + " is not a readable file: point it at a libmdbx.so, or leave it"
              + " out to use the one bundled in kvbench");
        }
        return bind(file.toAbsolutePath(), LIBRARY_ENV + "=" + file.toAbsolutePath());
      }
      String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
      String arch = System.getProperty("os.arch");
      if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
        return refused("the bundled libmdbx.so is built for Linux x86-64, this JVM runs on " + os + "/" + arch
            + "; set " + LIBRARY_ENV + "=/path/to/libmdbx.so built for this platform");
      }
      try (InputStream in = bundled.get()) {
        if (in == null) {
          return refused(HOW_TO_GET);
        }
        AtomicReference<MdbxNatives> bound = new AtomicReference<>();
        PrivateUnpacking.loadCopy(in, "libmdbx.so", file -> bound.set(bind(file,
            FROM_WHEEL + "; unpacked to a private temporary directory, deleted once loaded")));
        return bound.get();
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      return refused("libmdbx did not load: " + e);
    }
  }

  /** The same library, its source described as {@code newSource}. */
  private MdbxNatives from(String newSource) {
    return new MdbxNatives(library, version, availability, newSource);
  }

  private static MdbxNatives refused(String reason) {
    return new MdbxNatives(null, null, Availability.unavailable(reason), "not loaded");
  }

  /** Binds the C API and reads the version while the file is still there. */
  private static MdbxNatives bind(Path file, String source) {
    MdbxLibrary lib = LibraryLoader.create(MdbxLibrary.class)
        .option(LibraryOption.IgnoreError, true)
        .load(file.toString());
    lib.mdbx_strerror(Mdbx.MDBX_NOTFOUND); // resolves the binding now, while the file exists
    Library handle = Library.getCachedInstance(file.toString(), Library.NOW | Library.LOCAL);
    if (handle == null) {
      throw new StoreException("cannot open " + file + ": " + Library.getLastError());
    }
    return new MdbxNatives(lib, readVersion(handle), Availability.AVAILABLE, source);
  }

  /**
   * {@code mdbx_version} and {@code mdbx_build}, the library's own description of itself. In
   * v0.13 the version struct starts with four uint16 (major, minor, patch, tweak), then pointers to
   * the semver prerelease and the git datetime, tree, commit and describe strings; the build struct
   * is five string pointers (datetime, target, options, compiler, flags).
   */
  private static MdbxVersion readVersion(Library handle) {
    long v = handle.getSymbolAddress("mdbx_version");
    long b = handle.getSymbolAddress("mdbx_build");
    if (v == 0 || b == 0) {
      throw new StoreException("the library has no mdbx_version or mdbx_build symbol: not libmdbx 0.13?");
    }
    MemoryIO io = MemoryIO.getInstance();
    return new MdbxVersion(
        Short.toUnsignedInt(io.getShort(v)), Short.toUnsignedInt(io.getShort(v + 2)),
        Short.toUnsignedInt(io.getShort(v + 4)), Short.toUnsignedInt(io.getShort(v + 6)),
        string(io, io.getAddress(v + 8 + 4 * 8)), string(io, io.getAddress(v + 8 + 3 * 8)),
        string(io, io.getAddress(b + 8)), string(io, io.getAddress(b + 24)), string(io, io.getAddress(b + 16)));
  }

  private static String string(MemoryIO io, long address) {
    return address == 0 ? "" : new String(io.getZeroTerminatedByteArray(address), StandardCharsets.UTF_8);
  }

  Availability availability() {
    return availability;
  }

  /** The bound library. */
  MdbxLibrary library(String storeId) {
    if (!availability.available()) {
      throw new StoreException(storeId + " is unavailable: " + availability.reason());
    }
    return library;
  }

  /** The loaded library's version, or null when none loaded. */
  MdbxVersion version() {
    return version;
  }

  /** How the library was loaded, for the native settings. */
  String source() {
    return source;
  }

  /** Whether this is the library the build bundled from the PyPI wheel. */
  boolean fromWheel() {
    return source != null && source.startsWith(FROM_WHEEL);
  }
}
