package dev.kvbench.stores.xodus;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class XodusContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new XodusProvider();
  }
}
