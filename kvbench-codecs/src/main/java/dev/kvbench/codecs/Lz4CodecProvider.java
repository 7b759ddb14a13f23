package dev.kvbench.codecs;

import dev.kvbench.codec.ValueCodec;
import java.nio.ByteBuffer;
import java.util.Map;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/** LZ4's fast block compressor through lz4-java, its fastest instance (JNI where it loads). */
public final class Lz4CodecProvider extends BundledCodecProvider {

  private static final LZ4Factory FACTORY = LZ4Factory.fastestInstance();

  public Lz4CodecProvider() {
    super("lz4", Map.of("format", "raw LZ4 block", "compressor", "fast (level 1)", "implementation", FACTORY.toString()));
  }

  @Override
  public ValueCodec newCodec() {
    LZ4Compressor compressor = FACTORY.fastCompressor();
    LZ4SafeDecompressor decompressor = FACTORY.safeDecompressor();
    return new ValueCodec() {
      @Override
      public int maxCompressedLength(int length) {
        return compressor.maxCompressedLength(length);
      }

      @Override
      public int compress(ByteBuffer source, ByteBuffer target) {
        return compressor.compress(source, source.position(), source.remaining(), target, 0, target.capacity());
      }

      @Override
      public int decompress(ByteBuffer source, ByteBuffer target) {
        try {
          return decompressor.decompress(source, source.position(), source.remaining(), target, 0, target.capacity());
        } catch (LZ4Exception e) {
          throw new IllegalStateException("lz4: not an LZ4 block, or larger than " + target.capacity() + " bytes: "
              + e.getMessage(), e);
        }
      }
    };
  }
}
