package dev.kvbench.codecs;

import dev.kvbench.codec.ValueCodec;
import dev.kvbench.codec.ValueCodecProvider;
import java.nio.ByteBuffer;
import java.util.Map;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/** LZ4's fast block compressor through lz4-java, its fastest instance (JNI where it loads). */
public final class Lz4CodecProvider implements ValueCodecProvider {

  private final LZ4Factory factory = LZ4Factory.fastestInstance();

  @Override
  public String id() {
    return "lz4";
  }

  @Override
  public String library() {
    return CodecVersions.of("lz4");
  }

  @Override
  public Map<String, Object> settings() {
    return Map.of("format", "raw LZ4 block", "compressor", "fast (level 1)", "implementation", factory.toString());
  }

  @Override
  public ValueCodec newCodec() {
    LZ4Compressor compressor = factory.fastCompressor();
    LZ4SafeDecompressor decompressor = factory.safeDecompressor();
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
