package dev.kvbench.stores.lwjgl;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.IntKeySettingsTest;
import java.util.Map;

/** The anchor's MDB_INTEGERKEY keys, with readKey through mdb_get (the default cursor path is in the contract test). */
class LwjglLmdbIntegerKeyTest extends IntKeySettingsTest {
  @Override
  protected StoreProvider provider() {
    return new LwjglLmdbProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("integerKey", "true", "getVia", "get");
  }
}
