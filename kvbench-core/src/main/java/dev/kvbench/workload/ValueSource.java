package dev.kvbench.workload;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * The values of one run: the bytes put under key index i, at most {@link #size()} of them: all of
 * them ({@link ValueGenerator}'s values) or {@link #sizeOf} of them (values of varying length, as
 * {@link UniformLengthValues}'). Made by a {@link ValueFormat} from the value size and a seed.
 *
 * <p>{@link #fill} runs inside timed write passes and from every client thread at once: it must
 * allocate nothing and be thread-safe (keep no per-call state in fields).
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface ValueSource {

  /** The largest value's length in bytes: what buffers for these values are sized to. */
  int size();

  /** The length of key {@code index}'s value, 1..{@link #size()}: {@link #size()} unless lengths vary. */
  default int sizeOf(long index) {
    return size();
  }

  /** The mean value length, what the flat size and amplification figures count per entry. */
  default double meanSize() {
    return size();
  }

  /**
   * Writes the value of key {@code index} at offsets 0..sizeOf(index)-1 of {@code target}
   * (big-endian, its limit at least {@link #size()}; it may write up to {@link #size()}), leaving
   * position and limit alone. Where the format is {@link ValueFormat#predictable() predictable},
   * the same index must always give the same bytes.
   */
  void fill(long index, ByteBuffer target);

  /**
   * Fills {@code target} with key {@code index}'s value and sets its position to 0 and its limit to
   * the value's length: what the harness puts and compares. Returns {@code target}.
   */
  default ByteBuffer valueInto(long index, ByteBuffer target) {
    // cleared first: the last value's limit may be below this one's length
    target.clear();
    fill(index, target);
    target.limit(sizeOf(index));
    return target;
  }
}
