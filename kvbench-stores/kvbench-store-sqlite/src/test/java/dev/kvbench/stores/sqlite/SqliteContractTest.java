package dev.kvbench.stores.sqlite;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import org.junit.jupiter.api.Tag;

@Tag("more-stores")
class SqliteContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new SqliteProvider();
  }
}
