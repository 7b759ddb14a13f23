package dev.kvbench.workload;

import java.nio.ByteBuffer;

/**
 * Values whose lengths are uniform between 1 and the value size, as YCSB's {@code
 * fieldlengthdistribution=uniform} makes them, with random bytes: each key's length and bytes are
 * a function of the seed and the key's index, so every read is still verified, its length too.
 * Its id, {@link #ID}, is what {@code --value-content} and scenario files take.
 */
public record UniformLengthValues() implements ValueFormat {

  /** The format's id. */
  public static final String ID = "uniform-length";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public ValueSource create(int size, long seed) {
    return new Source(new ValueGenerator(size, seed), ValueGenerator.mix64(seed ^ 0x3C6E_F372_FE94_F82BL));
  }

  /** The bytes of a random value of the largest size, cut to each key's length. */
  private record Source(ValueGenerator bytes, long lengthSeed) implements ValueSource {

    @Override
    public int size() {
      return bytes.size();
    }

    @Override
    public int sizeOf(long index) {
      return 1 + (int) Long.remainderUnsigned(ValueGenerator.mix64(lengthSeed + index * 0x9E37_79B9_7F4A_7C15L),
          bytes.size());
    }

    @Override
    public double meanSize() {
      return (bytes.size() + 1) / 2.0;
    }

    @Override
    public void fill(long index, ByteBuffer target) {
      bytes.fill(index, target);
    }
  }
}
