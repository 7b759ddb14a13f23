package dev.kvbench.measure;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;

/**
 * HdrHistogram's compressed form in base64, the encoding its own interval logs use, so a result
 * file keeps whole histograms and later reports merge runs and hosts instead of averaging
 * percentiles.
 */
public final class HistogramCodec {

  private HistogramCodec() {}

  public static String encode(Histogram histogram) {
    ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_COMPRESSION);
    byte[] bytes = new byte[length];
    buffer.flip();
    buffer.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  public static Histogram decode(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not a compressed HdrHistogram in base64: " + e.getMessage(), e);
    }
  }

  /**
   * The sum of the encoded histograms, skipping nulls (a run or host that sampled none), or null
   * when every one is null: merged counts, never averaged percentiles.
   */
  public static Histogram sum(Iterable<String> encoded) {
    Histogram sum = null;
    for (String e : encoded) {
      if (e == null) {
        continue;
      }
      Histogram h = decode(e);
      if (sum == null) {
        sum = h;
      } else {
        sum.add(h);
      }
    }
    return sum;
  }
}
