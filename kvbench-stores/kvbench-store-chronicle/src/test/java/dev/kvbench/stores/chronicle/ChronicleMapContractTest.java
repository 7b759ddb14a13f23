package dev.kvbench.stores.chronicle;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class ChronicleMapContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new ChronicleMapProvider();
  }
}
