package dev.kvbench.scenario;

import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.store.Durability;
import java.util.Map;

/**
 * How a cell's store is opened: the user's settings for it, the durability every store is held to,
 * and the value codec the harness applies around it.
 *
 * @param storeSettings the user's {@code -o} settings for this store, key to text
 * @param durability sync, lazy or nosync, normalised across stores
 * @param codec the value codec the harness applies before each put and after each get ({@code
 *     none}: values go to the store as they are), a {@link ValueCodecs} id
 */
public record StoreSetup(Map<String, String> storeSettings, Durability durability, String codec) {

  public StoreSetup {
    storeSettings = Map.copyOf(storeSettings);
    java.util.Objects.requireNonNull(durability, "durability");
    codec = codec == null ? ValueCodecs.NONE : codec;
  }
}
