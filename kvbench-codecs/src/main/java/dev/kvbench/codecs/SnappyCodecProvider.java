package dev.kvbench.codecs;

import dev.kvbench.codec.ValueCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import org.xerial.snappy.Snappy;

/** Google's Snappy through snappy-java (its bundled native library). */
public final class SnappyCodecProvider extends BundledCodecProvider {

  public SnappyCodecProvider() {
    super("snappy", Map.of("format", "raw snappy block"));
  }

  @Override
  public ValueCodec newCodec() {
    return new ValueCodec() {
      private final Buffers in = new Buffers();
      private final Buffers out = new Buffers();

      @Override
      public int maxCompressedLength(int length) {
        return Snappy.maxCompressedLength(length);
      }

      @Override
      public int compress(ByteBuffer source, ByteBuffer target) {
        try {
          if (target.isDirect()) {
            return Snappy.compress(in.direct(source).duplicate(), target.duplicate().clear());
          }
          ByteBuffer packed = out.space(target.capacity());
          int n = Snappy.compress(in.direct(source).duplicate(), packed);
          target.duplicate().clear().put(packed.limit(n).position(0));
          return n;
        } catch (IOException e) {
          throw new IllegalStateException("snappy: " + e.getMessage(), e);
        }
      }

      @Override
      public int decompress(ByteBuffer source, ByteBuffer target) {
        try {
          ByteBuffer src = in.direct(source).duplicate();
          if (!Snappy.isValidCompressedBuffer(src)) {
            throw new IllegalStateException("snappy: not a snappy block");
          }
          if (Snappy.uncompressedLength(src) > target.capacity()) {
            throw new IllegalStateException("snappy: the value is larger than " + target.capacity() + " bytes");
          }
          if (target.isDirect()) {
            return Snappy.uncompress(src, target.duplicate().clear());
          }
          ByteBuffer plain = out.space(target.capacity());
          int n = Snappy.uncompress(src, plain);
          target.duplicate().clear().put(plain.limit(n).position(0));
          return n;
        } catch (IOException e) {
          throw new IllegalStateException("snappy: " + e.getMessage(), e);
        }
      }
    };
  }
}
