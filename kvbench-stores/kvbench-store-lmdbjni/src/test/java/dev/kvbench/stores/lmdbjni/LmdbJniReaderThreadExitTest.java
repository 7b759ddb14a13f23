package dev.kvbench.stores.lmdbjni;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.ReaderThreadExitTest;

class LmdbJniReaderThreadExitTest extends ReaderThreadExitTest {
  @Override
  protected StoreProvider provider() {
    return new LmdbJniProvider();
  }
}
