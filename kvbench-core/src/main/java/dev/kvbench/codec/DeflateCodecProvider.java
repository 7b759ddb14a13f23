package dev.kvbench.codec;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/** zlib's deflate through the JDK's {@link Deflater}, at zlib's default level 6, no zlib header. */
public final class DeflateCodecProvider implements ValueCodecProvider {

  static final int LEVEL = 6;

  @Override
  public String id() {
    return "deflate";
  }

  @Override
  public String library() {
    return "java.util.zip (zlib) " + Runtime.version().feature();
  }

  @Override
  public Map<String, Object> settings() {
    return Map.of("level", LEVEL, "format", "raw deflate (no zlib header)");
  }

  @Override
  public ValueCodec newCodec() {
    return new DeflateCodec();
  }

  private static final class DeflateCodec implements ValueCodec {
    // nowrap: raw deflate, as a value needs no zlib header or checksum of its own
    private final Deflater deflater = new Deflater(LEVEL, true);
    private final Inflater inflater = new Inflater(true);

    @Override
    public int maxCompressedLength(int length) {
      // zlib's deflateBound for stored blocks: 5 bytes per 16 KiB block plus a little
      return length + 5 * (length / 16_383 + 1) + 16;
    }

    @Override
    public int compress(ByteBuffer source, ByteBuffer target) {
      deflater.reset();
      deflater.setInput(source.duplicate());
      deflater.finish();
      ByteBuffer out = target.duplicate().clear();
      int n = deflater.deflate(out, Deflater.NO_FLUSH);
      if (!deflater.finished()) {
        throw new IllegalStateException("deflate: output did not fit " + target.capacity() + " bytes");
      }
      return n;
    }

    @Override
    public int decompress(ByteBuffer source, ByteBuffer target) {
      inflater.reset();
      inflater.setInput(source.duplicate());
      ByteBuffer out = target.duplicate().clear();
      try {
        int n = inflater.inflate(out);
        if (!inflater.finished()) {
          throw new IllegalStateException("deflate: the value is cut short or larger than " + target.capacity()
              + " bytes");
        }
        return n;
      } catch (DataFormatException e) {
        throw new IllegalStateException("deflate: not a deflate stream: " + e.getMessage(), e);
      }
    }
  }
}
