package dev.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

class ValueContentTest {

  /** Deflate's output over its input for {@code count} consecutive values, laid end to end. */
  private static double deflatedRatio(ValueContent content, int valueSize, int count) {
    ValueGenerator g = new ValueGenerator(valueSize, 42, content);
    ByteBuffer all = ByteBuffer.allocate(valueSize * count);
    ByteBuffer one = ByteBuffer.allocate(valueSize);
    for (int i = 0; i < count; i++) {
      g.fill(i, one);
      all.put(one.array());
    }
    Deflater d = new Deflater(Deflater.BEST_COMPRESSION);
    d.setInput(all.array());
    d.finish();
    byte[] out = new byte[all.capacity() * 2];
    int n = d.deflate(out);
    d.end();
    return n / (double) all.capacity();
  }

  @Test
  void idsRoundTripAndBadOnesSayWhatIsAccepted() {
    for (String id : new String[] {"random", "zeros", "compressible:0.5", "compressible:1", "compressible:0.25"}) {
      assertThat(ValueContent.fromId(id).id()).isEqualTo(id);
    }
    assertThat(ValueContent.fromId(" Compressible:0.5 ")).isEqualTo(ValueContent.compressible(0.5));
    assertThatThrownBy(() -> ValueContent.fromId("gzip")).hasMessageContaining("'gzip'")
        .hasMessageContaining("random, zeros, compressible:R");
    assertThatThrownBy(() -> ValueContent.fromId("compressible:half")).hasMessageContaining("'half' is not a number");
    assertThatThrownBy(() -> ValueContent.fromId("compressible:0")).hasMessageContaining("above 0 and at most 1");
    assertThatThrownBy(() -> ValueContent.fromId("compressible:1.5")).hasMessageContaining("got 1.5");
  }

  @Test
  void eachContentCompressesAsItSays() {
    double random = deflatedRatio(ValueContent.RANDOM, 100, 5_000);
    double half = deflatedRatio(ValueContent.compressible(0.5), 100, 5_000);
    double quarter = deflatedRatio(ValueContent.compressible(0.25), 100, 5_000);
    double zeros = deflatedRatio(ValueContent.ZEROS, 100, 5_000);
    assertThat(random).as("random").isGreaterThan(0.99);
    // half of each piece is printable random text (6.6 bits a byte), plus each value's 8-byte head
    assertThat(half).as("compressible:0.5").isBetween(0.40, 0.60);
    assertThat(quarter).as("compressible:0.25").isBetween(0.20, 0.40);
    // the 8-byte heads are all that is left
    assertThat(zeros).as("zeros").isBetween(0.07, 0.12);
  }

  @Test
  void compressiblePiecesRepeatTheirRandomTextAsDbBenchDoes() {
    // a 100-byte value at offset 0 is exactly one piece: 50 printable characters, then them again
    ByteBuffer v = new ValueGenerator(100, 7, ValueContent.compressible(0.5)).valueOf(0);
    for (int i = 8; i < 50; i++) {
      assertThat(v.get(i)).isBetween((byte) ' ', (byte) '~');
      assertThat(v.get(i + 50)).isEqualTo(v.get(i));
    }
  }

  @Test
  void everyContentKeepsValuesDistinctPerKeyAndReproducible() {
    for (ValueContent c : new ValueContent[] {ValueContent.RANDOM, ValueContent.ZEROS, ValueContent.compressible(0.5)}) {
      ValueGenerator g = new ValueGenerator(100, 3, c);
      assertThat(g.valueOf(11)).as(c.id()).isEqualTo(new ValueGenerator(100, 3, c).valueOf(11));
      // 65,536 keys apart (100 x 65,536 is a multiple of the block), two 100-byte values are the
      // same slice of the block: only the head tells them apart
      assertThat(g.valueOf(11).slice(8, 92)).as(c.id()).isEqualTo(g.valueOf(11 + 65_536).slice(8, 92));
      assertThat(g.valueOf(11)).as(c.id()).isNotEqualTo(g.valueOf(11 + 65_536));
      assertThat(g.valueOf(11)).as(c.id()).isNotEqualTo(g.valueOf(12));
      assertThat(g.content()).isEqualTo(c);
    }
  }

  @Test
  void uniformLengthsCoverOneToTheValueSizeAndAreAFunctionOfTheIndex() {
    ValueSource values = ValueFormats.of("uniform-length").create(100, 7);
    ValueSource again = new UniformLengthValues().create(100, 7);
    ValueSource otherSeed = new UniformLengthValues().create(100, 8);
    int[] seen = new int[101];
    long total = 0;
    int differentLengths = 0;
    for (long i = 0; i < 100_000; i++) {
      int n = values.sizeOf(i);
      assertThat(n).isBetween(1, 100).isEqualTo(again.sizeOf(i));
      seen[n]++;
      total += n;
      differentLengths += n != otherSeed.sizeOf(i) ? 1 : 0;
    }
    assertThat(java.util.Arrays.stream(seen, 1, 101).min().getAsInt()).as("every length 1..100 drawn").isPositive();
    assertThat(total / 100_000.0).isCloseTo(values.meanSize(), org.assertj.core.data.Offset.offset(0.5));
    assertThat(differentLengths).as("the update seed draws other lengths").isGreaterThan(90_000);
    ByteBuffer value = values.valueInto(3, ByteBuffer.allocateDirect(100));
    assertThat(value.position()).isZero();
    assertThat(value.remaining()).isEqualTo(values.sizeOf(3));
    assertThat(ValueFormats.reference(new UniformLengthValues())).isEqualTo("uniform-length");
  }
}
