package dev.kvbench.testing;

import dev.kvbench.store.Store;
import dev.kvbench.store.StoreConfig;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** A {@link SortedMapStoreProvider} whose reads return one wrong byte for one key. */
public class CorruptingStoreProvider extends SortedMapStoreProvider {

  private final byte[] badKey;
  private final int badByte;

  /** Reads of {@code badKey} return the stored value with byte {@code badByte} flipped. */
  public CorruptingStoreProvider(ByteBuffer badKey, int badByte) {
    this.badKey = new byte[badKey.remaining()];
    badKey.duplicate().get(this.badKey);
    this.badByte = badByte;
  }

  @Override
  public String id() {
    return "corrupting";
  }

  @Override
  public Store open(StoreConfig config) {
    return new SortedMapStore(id(), config.directory(), config.settings().getBoolean("ordered")) {
      @Override
      protected byte[] read(byte[] key, byte[] stored) {
        if (!Arrays.equals(key, badKey)) {
          return stored;
        }
        byte[] copy = stored.clone();
        copy[badByte] ^= 0x01;
        return copy;
      }
    };
  }
}
