package dev.kvbench.codec;

import java.nio.ByteBuffer;
import org.apiguardian.api.API;

/**
 * One session's compressor and decompressor of values, as the Symas benchmark used them: each
 * value compressed on its own before a put and decompressed after a get. Not thread-safe: a codec
 * may keep native or reusable state, so each session gets its own from {@link
 * ValueCodecProvider#newCodec()}.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface ValueCodec extends AutoCloseable {

  /** The most bytes {@link #compress} writes for {@code length} input bytes. */
  int maxCompressedLength(int length);

  /**
   * Compresses the bytes between position and limit of {@code source} into {@code target} from
   * its position 0 (its capacity at least {@link #maxCompressedLength}); returns how many bytes
   * it wrote. Neither buffer's position or limit changes.
   */
  int compress(ByteBuffer source, ByteBuffer target);

  /**
   * Decompresses the bytes between position and limit of {@code source} into {@code target} from
   * position 0; returns how many bytes it wrote. Throws {@link IllegalStateException} when the
   * bytes are not this codec's output or do not fit {@code target}. Neither buffer's position or
   * limit changes.
   */
  int decompress(ByteBuffer source, ByteBuffer target);

  /** Frees what the codec holds outside the heap; its session closes it. */
  @Override
  default void close() {}
}
