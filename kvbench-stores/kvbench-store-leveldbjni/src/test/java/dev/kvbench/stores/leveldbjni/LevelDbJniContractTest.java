package dev.kvbench.stores.leveldbjni;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class LevelDbJniContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LevelDbJniProvider();
  }
}
