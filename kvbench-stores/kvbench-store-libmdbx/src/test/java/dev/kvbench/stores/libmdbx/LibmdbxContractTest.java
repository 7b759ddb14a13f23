package dev.kvbench.stores.libmdbx;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class LibmdbxContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LibmdbxProvider();
  }
}
