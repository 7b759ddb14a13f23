package dev.kvbench.testing;

import dev.kvbench.store.StoreProvider;

/** The contract suite checks itself against the simplest correct store. */
class SortedMapStoreContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new SortedMapStoreProvider();
  }
}
