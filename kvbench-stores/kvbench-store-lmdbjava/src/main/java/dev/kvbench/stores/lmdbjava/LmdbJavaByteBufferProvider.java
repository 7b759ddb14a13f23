package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.SettingSpec;
import dev.kvbench.store.StoreConfig;
import dev.kvbench.stores.lmdb.IntegerKeys;
import java.nio.ByteBuffer;
import org.lmdbjava.BufferProxy;
import org.lmdbjava.ByteBufferProxy;

/** LMDB through LmdbJava with ByteBuffers: the seeds' "LMDB BB". */
public final class LmdbJavaByteBufferProvider extends LmdbJavaProvider<ByteBuffer> {

  public LmdbJavaByteBufferProvider() {
    super("lmdbjava-bb", SettingSpec.bool("forceSafe", false,
        "use LmdbJava's PROXY_SAFE instead of the Unsafe-based PROXY_OPTIMAL (the seeds' forceSafe test)"));
  }

  @Override
  BufferFlavour<ByteBuffer> flavour(StoreConfig config) {
    BufferProxy<ByteBuffer> proxy =
        config.settings().getBoolean("forceSafe") ? ByteBufferProxy.PROXY_SAFE : ByteBufferProxy.PROXY_OPTIMAL;
    return new BufferFlavour<>() {
      @Override
      public BufferProxy<ByteBuffer> proxy() {
        return proxy;
      }

      @Override
      public Views<ByteBuffer> newViews() {
        return new Views<>() {
          private final IntegerKeys intKeys = new IntegerKeys();

          // harness buffers are direct already, and LmdbJava's own buffers are ByteBuffers
          @Override
          public ByteBuffer key(ByteBuffer harnessKey) {
            return harnessKey;
          }

          @Override
          public ByteBuffer value(ByteBuffer harnessValue) {
            return harnessValue;
          }

          @Override
          public ByteBuffer nativeIntKey(ByteBuffer harnessKey) {
            return intKeys.toNative(harnessKey);
          }

          @Override
          public ByteBuffer outKey(ByteBuffer lmdbKey) {
            return lmdbKey;
          }

          @Override
          public ByteBuffer outValue(ByteBuffer lmdbValue) {
            return lmdbValue;
          }

          @Override
          public int lengthOf(ByteBuffer lmdbValue) {
            return lmdbValue.remaining();
          }
        };
      }

      @Override
      public String toString() {
        return proxy == ByteBufferProxy.PROXY_SAFE ? "PROXY_SAFE" : "PROXY_OPTIMAL";
      }
    };
  }
}
