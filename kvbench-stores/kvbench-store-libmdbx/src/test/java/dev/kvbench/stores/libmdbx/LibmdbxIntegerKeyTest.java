package dev.kvbench.stores.libmdbx;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.IntKeySettingsTest;
import java.util.Map;

/** MDBX_INTEGERKEY keys (the LMDB stores' integerKey setting), with readKey through mdbx_get (the default cursor path is in the contract test). */
class LibmdbxIntegerKeyTest extends IntKeySettingsTest {
  @Override
  protected StoreProvider provider() {
    return new LibmdbxProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("integerKey", "true", "getVia", "get");
  }
}
