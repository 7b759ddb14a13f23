package dev.kvbench.testing;

import dev.kvbench.codec.CompressingStore;
import dev.kvbench.codec.ValueCodecProvider;
import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.store.StoreProvider;
import java.util.List;

/**
 * The contract suite against a store whose values the harness deflates: every phase, read check
 * and scan of the suite must hold through the codec, as they do without it.
 */
class CompressedSortedMapContractTest extends StoreContractTest {

  @Override
  protected StoreProvider provider() {
    StoreProvider inner = new SortedMapStoreProvider();
    ValueCodecProvider deflate = ValueCodecs.load().require("deflate");
    return new StoreProvider() {
      @Override
      public String id() {
        return inner.id();
      }

      @Override
      public String library() {
        return inner.library();
      }

      @Override
      public String libraryVersion() {
        return inner.libraryVersion();
      }

      @Override
      public Capabilities capabilities() {
        return inner.capabilities();
      }

      @Override
      public List<SettingSpec> settings() {
        return inner.settings();
      }

      @Override
      public Store open(StoreConfig config) {
        return CompressingStore.open(inner, config, deflate);
      }
    };
  }
}
