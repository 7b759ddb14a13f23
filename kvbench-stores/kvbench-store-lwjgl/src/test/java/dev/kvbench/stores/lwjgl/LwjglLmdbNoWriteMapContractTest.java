package dev.kvbench.stores.lwjgl;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The other settings path: no write map, no meta sync, explicit map size. */
@Tag("more-stores")
class LwjglLmdbNoWriteMapContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LwjglLmdbProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("writeMap", "false", "mapSize", "256m", "metaSync", "false");
  }
}
