package dev.kvbench.stores.bdbje;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The same contract with the writer committing every 7 puts on its own and a small cache and log files. */
@Tag("more-stores")
class BdbJeSmallTxnContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new BdbJeProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("maxTxnEntries", "7", "cacheSize", "8m", "logFileSize", "1m");
  }
}
