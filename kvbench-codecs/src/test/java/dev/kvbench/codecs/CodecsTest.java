package dev.kvbench.codecs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.codec.ValueCodec;
import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.workload.ValueContent;
import dev.kvbench.workload.ValueGenerator;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CodecsTest {

  private static final List<String> SEED_CODECS = List.of("snappy", "lz4", "zstd", "deflate", "bzip2", "xz");

  @ParameterizedTest
  @ValueSource(strings = {"snappy", "lz4", "zstd", "deflate", "bzip2", "xz"})
  void eachCodecRoundTripsHeapAndDirectBuffersAndShrinksCompressibleValues(String id) {
    assertThat(ValueCodecs.load().ids()).containsAll(SEED_CODECS);
    try (ValueCodec c = ValueCodecs.load().require(id).newCodec()) {
      ValueGenerator half = new ValueGenerator(1000, 3, ValueContent.compressible(0.5));
      for (boolean direct : new boolean[] {true, false}) {
        // one packed and one plain buffer for every value, their limits left where the last value
        // set them, as a session reuses its buffers
        ByteBuffer packed = direct ? ByteBuffer.allocateDirect(c.maxCompressedLength(1000))
            : ByteBuffer.allocate(c.maxCompressedLength(1000));
        ByteBuffer plain = direct ? ByteBuffer.allocateDirect(1000) : ByteBuffer.allocate(1000);
        for (int index = 0; index < 50; index++) {
          ByteBuffer value = half.valueOf(index);
          int n = c.compress(value, packed);
          assertThat(n).as("%s compresses a half-compressible value", id).isLessThan(800);
          packed.limit(n).position(0);
          assertThat(c.decompress(packed, plain)).isEqualTo(1000);
          assertThat(plain.limit(1000).position(0)).isEqualTo(value);
          plain.limit(17);
          assertThat(value.position()).isZero();
        }
      }
      // random bytes fit the bound the codec gives, and come back
      ByteBuffer random = new ValueGenerator(4096, 3).valueOf(9);
      ByteBuffer packed = ByteBuffer.allocateDirect(c.maxCompressedLength(4096));
      int n = c.compress(random, packed);
      ByteBuffer plain = ByteBuffer.allocateDirect(4096);
      assertThat(c.decompress(packed.limit(n), plain)).isEqualTo(4096);
      assertThat(plain.limit(4096)).isEqualTo(random);
      // what it did not write is refused, not handed back as a value
      ByteBuffer garbage = ByteBuffer.wrap(new byte[] {(byte) 0xFF, (byte) 0xFE, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06});
      assertThatThrownBy(() -> c.decompress(garbage, ByteBuffer.allocate(1000)))
          .isInstanceOf(IllegalStateException.class).hasMessageStartingWith(id + ":");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"snappy", "lz4", "zstd", "bzip2", "xz"})
  void eachCodecNamesItsLibraryVersionAndSettings(String id) {
    var p = ValueCodecs.load().require(id);
    assertThat(p.library()).doesNotContain("unknown", "${").matches(".*\\d+\\.\\d+.*");
    assertThat(p.settings()).isNotEmpty();
  }
}
