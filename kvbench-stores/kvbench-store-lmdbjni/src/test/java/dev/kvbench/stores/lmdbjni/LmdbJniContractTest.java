package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;

class LmdbJniContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LmdbJniProvider();
  }
}
