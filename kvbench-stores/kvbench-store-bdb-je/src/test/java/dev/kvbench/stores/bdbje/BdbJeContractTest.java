package dev.kvbench.stores.bdbje;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class BdbJeContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new BdbJeProvider();
  }
}
