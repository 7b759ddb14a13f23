package dev.kvbench.stores.mvstore;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The other cursor path: values from the cursor instead of a lookup per key (the default, the anchor's). */
@Tag("more-stores")
class MvStoreCursorScanContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new MvStoreProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("scanVia", "cursor");
  }
}
