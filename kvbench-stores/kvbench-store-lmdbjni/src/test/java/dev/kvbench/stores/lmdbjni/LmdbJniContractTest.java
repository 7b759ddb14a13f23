package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class LmdbJniContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LmdbJniProvider();
  }
}
