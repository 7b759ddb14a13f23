package dev.kvbench.stores.mapdb;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The same contract with the write-ahead log and without the memory map. */
@Tag("more-stores")
class MapDbWalContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new MapDbProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("transactions", "true", "mmap", "false");
  }
}
