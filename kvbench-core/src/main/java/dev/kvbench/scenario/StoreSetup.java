package dev.kvbench.scenario;

import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.store.Durability;
import java.util.Map;

/**
 * How a cell's store is opened: the user's settings for it, the durability every store is held to,
 * and the value codec the harness applies around it.
 *
 * @param storeSettings the user's {@code -o} settings for this store, key to text; {@link #VERSION}
 *     among them is kvbench's, not the adapter's
 * @param durability sync, lazy or nosync, normalised across stores
 * @param codec the value codec the harness applies before each put and after each get ({@code
 *     none}: values go to the store as they are), a {@link ValueCodecs} id
 */
public record StoreSetup(Map<String, String> storeSettings, Durability durability, String codec) {

  /**
   * The setting every store takes, {@code -o STORE.version=V[,V...]}: the version of the store's
   * library the cell runs, resolved at run time; absent or {@link #BUNDLED}, the one kvbench bundles.
   */
  public static final String VERSION = "version";

  /** The {@link #VERSION} that names the library kvbench bundles, so a sweep can include it. */
  public static final String BUNDLED = "bundled";

  public StoreSetup {
    storeSettings = Map.copyOf(storeSettings);
    String version = storeSettings.get(VERSION);
    if (version != null && !version.matches("[0-9A-Za-z][0-9A-Za-z._+-]*")) {
      throw new IllegalArgumentException("'" + version + "' is not a library version; write e.g. 9.10.0, or "
          + BUNDLED + " for the one kvbench bundles");
    }
    java.util.Objects.requireNonNull(durability, "durability");
    codec = codec == null ? ValueCodecs.NONE : codec;
  }

  /** Whether the cell runs another version of its store's library than the bundled one. */
  public boolean swapsLibrary() {
    return !libraryVersion().equals(BUNDLED);
  }

  /** The library version the cell asks for, {@link #BUNDLED} when it asks for none. */
  public String libraryVersion() {
    return storeSettings.getOrDefault(VERSION, BUNDLED);
  }

  /** The settings the store's adapter takes: the user's, without kvbench's {@link #VERSION}. */
  public Map<String, String> adapterSettings() {
    Map<String, String> own = new java.util.HashMap<>(storeSettings);
    own.remove(VERSION);
    return Map.copyOf(own);
  }
}
