package dev.kvbench.stores.libmdbx;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * The other settings path: no write map, no meta sync, SAFE_NOSYNC with an autosync threshold,
 * mdbx_get, explicit upper bound.
 */
@Tag("more-stores")
class LibmdbxNoWriteMapContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LibmdbxProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("writeMap", "false", "mapSize", "256m", "metaSync", "false", "nosync", "safe", "getVia", "get",
        "syncBytes", "64k");
  }
}
