package dev.kvbench.stores.chronicle;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;

class ChronicleMapContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new ChronicleMapProvider();
  }
}
