package dev.kvbench.stores.mvstore;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;

class MvStoreContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new MvStoreProvider();
  }
}
