package dev.kvbench.codecs;

import dev.kvbench.codec.ValueCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZInputStream;
import org.tukaani.xz.XZOutputStream;

/**
 * xz (LZMA2) through XZ for Java, at xz's default preset 6 (an 8 MiB dictionary per stream): the
 * Symas benchmark's "lzma", which ran at 426 records/s there and was dropped from its larger runs.
 */
public final class XzCodecProvider extends BundledCodecProvider {

  static final int PRESET = LZMA2Options.PRESET_DEFAULT;

  public XzCodecProvider() {
    super("xz", Map.of("preset", PRESET, "check", "CRC64", "format", "xz stream per value"));
  }

  @Override
  public ValueCodec newCodec() {
    return new StreamCodec("xz") {
      private final LZMA2Options options = options();

      @Override
      public int maxCompressedLength(int length) {
        // LZMA2 stores incompressible chunks raw (3 bytes per 64 KiB) inside a stream of about 60 bytes of headers
        return length + 3 * (length / 65_536 + 1) + 128;
      }

      @Override
      OutputStream compressing(OutputStream out) throws IOException {
        return new XZOutputStream(out, options);
      }

      @Override
      InputStream decompressing(InputStream in) throws IOException {
        return new XZInputStream(in);
      }
    };
  }

  private static LZMA2Options options() {
    try {
      return new LZMA2Options(PRESET);
    } catch (org.tukaani.xz.UnsupportedOptionsException e) {
      throw new IllegalStateException("xz preset " + PRESET, e);
    }
  }
}
