package dev.kvbench.codecs;

import dev.kvbench.codec.ValueCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;

/**
 * bzip2 through Apache Commons Compress (pure Java), 100 KB blocks (bzip2 -1). A value under 100 KB
 * compresses to the same bytes at any block size but for the header's level digit; the default
 * 900 KB blocks made Commons Compress allocate and zero several MB per value, which cost more than
 * the compression (C's libbz2 does not zero them).
 */
public final class Bzip2CodecProvider extends BundledCodecProvider {

  static final int BLOCK_SIZE = BZip2CompressorOutputStream.MIN_BLOCKSIZE;

  public Bzip2CodecProvider() {
    super("bzip2", Map.of("blockSize", BLOCK_SIZE + "00k", "format", "bzip2 stream per value"));
  }

  @Override
  public ValueCodec newCodec() {
    return new StreamCodec("bzip2") {
      @Override
      public int maxCompressedLength(int length) {
        // bzip2's worst case: 1 % and 600 bytes over the input (bzip2's manual)
        return length + length / 100 + 600;
      }

      @Override
      OutputStream compressing(OutputStream out) throws IOException {
        return new BZip2CompressorOutputStream(out, BLOCK_SIZE);
      }

      @Override
      InputStream decompressing(InputStream in) throws IOException {
        return new BZip2CompressorInputStream(in);
      }
    };
  }
}
