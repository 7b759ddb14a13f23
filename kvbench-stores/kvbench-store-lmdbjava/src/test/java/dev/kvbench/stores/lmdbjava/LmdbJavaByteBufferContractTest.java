package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class LmdbJavaByteBufferContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LmdbJavaByteBufferProvider();
  }
}
