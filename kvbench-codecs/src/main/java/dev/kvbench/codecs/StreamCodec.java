package dev.kvbench.codecs;

import dev.kvbench.codec.ValueCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * A codec over a stream format (bzip2, xz): each value is one whole stream, headers and all, as a
 * value compressed on its own must be.
 */
abstract class StreamCodec implements ValueCodec {

  private final String name;
  private final ByteArrayOutputStream packed = new ByteArrayOutputStream();

  StreamCodec(String name) {
    this.name = name;
  }

  abstract OutputStream compressing(OutputStream out) throws IOException;

  abstract InputStream decompressing(InputStream in) throws IOException;

  @Override
  public int compress(ByteBuffer source, ByteBuffer target) {
    packed.reset();
    try (OutputStream out = compressing(packed)) {
      out.write(Buffers.bytes(source));
    } catch (IOException e) {
      throw new IllegalStateException(name + ": " + e.getMessage(), e);
    }
    if (packed.size() > target.capacity()) {
      throw new IllegalStateException(name + ": " + packed.size() + " compressed bytes do not fit " + target.capacity());
    }
    target.duplicate().clear().put(packed.toByteArray());
    return packed.size();
  }

  @Override
  public int decompress(ByteBuffer source, ByteBuffer target) {
    byte[] plain = new byte[target.capacity() + 1];
    int n = 0;
    try (InputStream in = decompressing(new ByteArrayInputStream(Buffers.bytes(source)))) {
      int r;
      while (n < plain.length && (r = in.read(plain, n, plain.length - n)) > 0) {
        n += r;
      }
    } catch (IOException e) {
      throw new IllegalStateException(name + ": not a " + name + " stream: " + e.getMessage(), e);
    }
    if (n > target.capacity()) {
      throw new IllegalStateException(name + ": the value is larger than " + target.capacity() + " bytes");
    }
    target.duplicate().clear().put(plain, 0, n);
    return n;
  }
}
