package dev.kvbench.stores.lmdbjava;

import dev.kvbench.store.MemoryWindow;
import dev.kvbench.store.StoreConfig;
import java.nio.ByteBuffer;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.lmdbjava.BufferProxy;
import org.lmdbjava.DirectBufferProxy;

/** LMDB through LmdbJava with Agrona DirectBuffers: the seeds' "LMDB DB". */
public final class LmdbJavaAgronaProvider extends LmdbJavaProvider<DirectBuffer> {

  @Override
  public String id() {
    return "lmdbjava-agrona";
  }

  @Override
  BufferFlavour<DirectBuffer> flavour(StoreConfig config) {
    return new BufferFlavour<>() {
      @Override
      public BufferProxy<DirectBuffer> proxy() {
        return DirectBufferProxy.PROXY_DB;
      }

      @Override
      public Views<DirectBuffer> newViews() {
        return new Views<>() {
          private final UnsafeBuffer key = new UnsafeBuffer(0, 0);
          private final UnsafeBuffer value = new UnsafeBuffer(0, 0);
          private final MemoryWindow keyOut = new MemoryWindow();
          private final MemoryWindow valueOut = new MemoryWindow();

          @Override
          public DirectBuffer key(ByteBuffer harnessKey) {
            key.wrap(harnessKey, harnessKey.position(), harnessKey.remaining());
            return key;
          }

          @Override
          public DirectBuffer value(ByteBuffer harnessValue) {
            value.wrap(harnessValue, harnessValue.position(), harnessValue.remaining());
            return value;
          }

          @Override
          public ByteBuffer outKey(DirectBuffer lmdbKey) {
            return keyOut.show(lmdbKey.addressOffset(), lmdbKey.capacity());
          }

          @Override
          public ByteBuffer outValue(DirectBuffer lmdbValue) {
            return valueOut.show(lmdbValue.addressOffset(), lmdbValue.capacity());
          }
        };
      }

      @Override
      public String toString() {
        return "PROXY_DB";
      }
    };
  }
}
