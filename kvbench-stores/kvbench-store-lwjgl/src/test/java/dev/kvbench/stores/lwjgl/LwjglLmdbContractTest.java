package dev.kvbench.stores.lwjgl;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class LwjglLmdbContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LwjglLmdbProvider();
  }
}
