package dev.kvbench.testing;

import dev.kvbench.nullstore.NullStoreProvider;
import dev.kvbench.store.StoreProvider;

/** The null store keeps the parts of the contract that do not need data. */
class NullStoreContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new NullStoreProvider();
  }
}
