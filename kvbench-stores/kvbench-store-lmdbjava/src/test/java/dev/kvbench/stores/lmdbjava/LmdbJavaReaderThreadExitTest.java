package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.ReaderThreadExitTest;

class LmdbJavaReaderThreadExitTest extends ReaderThreadExitTest {
  @Override
  protected StoreProvider provider() {
    return new LmdbJavaAgronaProvider();
  }
}
