package dev.kvbench.stores.leveldbjava;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class LevelDbJavaContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LevelDbJavaProvider();
  }
}
