package dev.kvbench.stores.xodus;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The same contract on Xodus' B+tree, with transactions as large as the harness's batches. */
@Tag("more-stores")
class XodusBTreeContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new XodusProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("tree", "btree", "maxTxnEntries", "0");
  }
}
