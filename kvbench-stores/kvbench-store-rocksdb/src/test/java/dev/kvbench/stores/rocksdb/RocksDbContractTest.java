package dev.kvbench.stores.rocksdb;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;

class RocksDbContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new RocksDbProvider();
  }
}
