package dev.kvbench.store;

import java.util.concurrent.Callable;
import org.apiguardian.api.API;

/**
 * The outcome of loading a binding's native library, once per JVM: whether the store can run,
 * and how the library was loaded (for the store's native settings). A binding keeps one in a
 * holder class, so loading is lazy and thread-safe without mutable state.
 *
 * @param source how the library was loaded, or "not loaded"
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record NativeLoad(Availability availability, String source) {

  /** Runs {@code load}, which returns how it loaded the library; a failure makes the store unavailable. */
  public static NativeLoad attempt(String library, Callable<String> load) {
    try {
      return new NativeLoad(Availability.AVAILABLE, load.call());
    } catch (Exception | LinkageError e) {
      return refused(library + " did not load: " + e);
    }
  }

  /** Not even attempted, for {@code reason}. */
  public static NativeLoad refused(String reason) {
    return new NativeLoad(Availability.unavailable(reason), "not loaded");
  }

  /** Throws, naming the store and the reason, unless the library loaded. */
  public void require(String storeId) {
    if (!availability.available()) {
      throw new StoreException(storeId + " is unavailable: " + availability.reason());
    }
  }
}
