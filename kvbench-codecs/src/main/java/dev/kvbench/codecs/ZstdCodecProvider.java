package dev.kvbench.codecs;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import dev.kvbench.codec.ValueCodec;
import java.nio.ByteBuffer;
import java.util.Map;

/** Zstandard through zstd-jni, at zstd's default level 3, one context per session. */
public final class ZstdCodecProvider extends BundledCodecProvider {

  static final int LEVEL = Zstd.defaultCompressionLevel();

  public ZstdCodecProvider() {
    super("zstd", Map.of("level", LEVEL, "format", "zstd frame"));
  }

  @Override
  public ValueCodec newCodec() {
    ZstdCompressCtx compress = new ZstdCompressCtx().setLevel(LEVEL);
    ZstdDecompressCtx decompress = new ZstdDecompressCtx();
    Buffers in = new Buffers();
    Buffers out = new Buffers();
    return new ValueCodec() {
      @Override
      public int maxCompressedLength(int length) {
        return (int) Zstd.compressBound(length);
      }

      @Override
      public int compress(ByteBuffer source, ByteBuffer target) {
        ByteBuffer src = in.direct(source);
        ByteBuffer dst = target.isDirect() ? target.duplicate().clear() : out.space(target.capacity());
        int n = compress.compressDirectByteBuffer(dst, 0, target.capacity(), src, src.position(), src.remaining());
        if (!target.isDirect()) {
          target.duplicate().clear().put(dst.duplicate().limit(n).position(0));
        }
        return n;
      }

      @Override
      public int decompress(ByteBuffer source, ByteBuffer target) {
        ByteBuffer src = in.direct(source);
        ByteBuffer dst = target.isDirect() ? target.duplicate().clear() : out.space(target.capacity());
        try {
          int n = decompress.decompressDirectByteBuffer(dst, 0, target.capacity(), src, src.position(),
              src.remaining());
          if (!target.isDirect()) {
            target.duplicate().clear().put(dst.duplicate().limit(n).position(0));
          }
          return n;
        } catch (ZstdException e) {
          throw new IllegalStateException("zstd: " + e.getMessage(), e);
        }
      }

      @Override
      public void close() {
        compress.close();
        decompress.close();
      }
    };
  }
}
