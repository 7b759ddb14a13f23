package dev.kvbench.workload;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * What a value's bytes look like to a compressor: random (nothing to gain), zeros (almost
 * everything), or compressible to about a ratio, as db_bench makes its values: each 100-byte
 * piece is {@code ratio x 100} random printable characters repeated to fill it. Every kind keeps
 * the 8-byte head {@link ValueGenerator} gives each value, so values still differ per key and
 * every read can be checked.
 *
 * @param kind which of the three
 * @param ratio for {@link Kind#COMPRESSIBLE}, db_bench's {@code compression_ratio} (above 0, at
 *     most 1); 1 for random, 0 for zeros
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record ValueContent(Kind kind, double ratio) implements ValueFormat {

  /** The three kinds of content. */
  @API(status = API.Status.STABLE, since = "0.6.0")
  public enum Kind {
    RANDOM,
    ZEROS,
    COMPRESSIBLE
  }

  /** Random bytes: kvbench's default and the 2016 reports' values. */
  public static final ValueContent RANDOM = new ValueContent(Kind.RANDOM, 1);

  /** Zeros after the head. */
  public static final ValueContent ZEROS = new ValueContent(Kind.ZEROS, 0);

  /** db_bench's default {@code --compression_ratio}. */
  public static final double DB_BENCH_RATIO = 0.5;

  /** db_bench's piece: the unit its compressible values repeat within. */
  public static final int PIECE_BYTES = 100;

  public ValueContent {
    java.util.Objects.requireNonNull(kind, "kind");
    if (kind == Kind.COMPRESSIBLE && !(ratio > 0 && ratio <= 1)) {
      throw new IllegalArgumentException("a compressible value's ratio must be above 0 and at most 1 (db_bench's"
          + " default is 0.5), got " + ratio);
    }
  }

  /** A {@link ValueGenerator} of this content. */
  @Override
  public ValueSource create(int size, long seed) {
    return new ValueGenerator(size, seed, this);
  }

  /** Content compressible to about {@code ratio}, db_bench's way. */
  public static ValueContent compressible(double ratio) {
    return new ValueContent(Kind.COMPRESSIBLE, ratio);
  }

  /** {@code random}, {@code zeros} or {@code compressible:R}. */
  @Override
  public String id() {
    return switch (kind) {
      case RANDOM -> "random";
      case ZEROS -> "zeros";
      case COMPRESSIBLE -> "compressible:" + trim(ratio);
    };
  }

  /** Parses {@link #id()}; the message of a bad one lists what is accepted. */
  public static ValueContent fromId(String id) {
    String s = id.trim().toLowerCase(Locale.ROOT);
    if (s.equals("random")) {
      return RANDOM;
    }
    if (s.equals("zeros")) {
      return ZEROS;
    }
    if (s.startsWith("compressible:")) {
      String r = s.substring("compressible:".length());
      try {
        return compressible(Double.parseDouble(r));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("value content '" + id + "': '" + r
            + "' is not a number; write it as compressible:0.5");
      }
    }
    throw new IllegalArgumentException("unknown value content '" + id
        + "': use random, zeros, compressible:R (R in (0, 1], db_bench's default 0.5), uniform-length, ycsb (YCSB's 10-field records) or ycsb:F, or the class name of a ValueFormat");
  }

  /**
   * Random printable bytes this many long start each piece and repeat to fill it, as db_bench's
   * {@code CompressibleString} does: {@code (int) (ratio x 100)}, at least 1.
   */
  int rawBytesPerPiece() {
    return Math.max(1, (int) (ratio * PIECE_BYTES));
  }

  private static String trim(double v) {
    String s = Double.toString(v);
    return s.endsWith(".0") ? s.substring(0, s.length() - 2) : s;
  }

  @Override
  public String toString() {
    return id();
  }
}
