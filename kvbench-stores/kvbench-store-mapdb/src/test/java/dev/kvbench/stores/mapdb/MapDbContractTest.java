package dev.kvbench.stores.mapdb;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class MapDbContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new MapDbProvider();
  }
}
