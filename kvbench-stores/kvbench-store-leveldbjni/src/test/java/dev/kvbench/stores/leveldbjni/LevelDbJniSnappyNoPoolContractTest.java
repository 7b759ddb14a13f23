package dev.kvbench.stores.leveldbjni;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The other settings path: snappy, no memory pool, a small write buffer that forces flushes. */
@Tag("more-stores")
class LevelDbJniSnappyNoPoolContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LevelDbJniProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("compression", "snappy", "memoryPool", "0", "writeBufferSize", "64k", "cacheSize", "1m");
  }
}
