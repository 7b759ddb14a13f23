package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.StoreContractTest;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The other settings path: no write map, LmdbJava's safe ByteBuffer proxy, explicit map size. */
@Tag("more-stores")
class LmdbJavaSafeNoWriteMapContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new LmdbJavaByteBufferProvider();
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("writeMap", "false", "forceSafe", "true", "mapSize", "256m", "metaSync", "false");
  }
}
