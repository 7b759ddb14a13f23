package dev.kvbench.workload.trace;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * How compressible a written value looked, since a trace keeps only its size: from the distinct
 * bytes in up to {@link #SAMPLED} of its bytes, spread over it. A replay writes values of the same
 * size and class, so a compressing store meets what it met; a rough class, not a ratio.
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public enum ValueClass {
  /** Empty, or one byte repeated: compresses to almost nothing. */
  CONSTANT(0),
  /** At most {@link #FEW_DISTINCT} distinct bytes sampled: text, small numbers, padded fields. */
  COMPRESSIBLE(1),
  /** More: random, already compressed or encrypted data. */
  RANDOM(2);

  /** The most bytes sampled from a value. */
  public static final int SAMPLED = 256;

  /** The most distinct bytes a compressible sample has. */
  public static final int FEW_DISTINCT = 48;

  private final int code;

  ValueClass(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }

  /** The class of {@code code}, or null. */
  public static ValueClass ofCode(int code) {
    return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null; // values() copies its array: once a put was too often
  }

  private static final ValueClass[] BY_CODE = {CONSTANT, COMPRESSIBLE, RANDOM};

  /** The class of {@code value}'s remaining bytes (its position and limit untouched). */
  public static ValueClass of(ByteBuffer value) {
    int n = value.remaining();
    if (n == 0) {
      return CONSTANT;
    }
    int samples = Math.min(n, SAMPLED);
    boolean[] seen = new boolean[256];
    int distinct = 0;
    for (int i = 0; i < samples; i++) {
      // spread over the value: a header and a body both count
      int b = value.get(value.position() + (int) ((long) i * n / samples)) & 0xFF;
      if (!seen[b]) {
        seen[b] = true;
        distinct++;
      }
    }
    return distinct == 1 ? CONSTANT : distinct <= FEW_DISTINCT ? COMPRESSIBLE : RANDOM;
  }
}
