package dev.kvbench.stores.xodus;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;

/** The same contract on Xodus' B+tree, with transactions as large as the harness's batches. */
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
