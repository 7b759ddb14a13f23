package dev.kvbench.stores.lwjgl;

import dev.kvbench.store.StoreProvider;
import dev.kvbench.testing.ReaderThreadExitTest;

class LwjglLmdbReaderThreadExitTest extends ReaderThreadExitTest {
  @Override
  protected StoreProvider provider() {
    return new LwjglLmdbProvider();
  }
}
