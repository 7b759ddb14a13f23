package dev.kvbench.testing;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.StoreProvider;
import java.util.Map;

/** A store without cursors: cursor phases must come out unsupported, not failed or thrown. */
class UnorderedSortedMapContractTest extends StoreContractTest {
  @Override
  protected StoreProvider provider() {
    return new SortedMapStoreProvider() {
      @Override
      public String id() {
        return "unordered";
      }

      @Override
      public Capabilities capabilities() {
        Capabilities c = super.capabilities();
        return new Capabilities(false, false, c.transactions(), c.batches(), c.durabilities(), c.zeroCopyReads(),
            true, c.maxKeySize(), c.maxValueSize());
      }
    };
  }

  @Override
  protected Map<String, String> settings() {
    return Map.of("ordered", "false");
  }
}
