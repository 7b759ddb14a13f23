package dev.kvbench.codec;

import java.util.Map;
import org.apiguardian.api.API;

/**
 * A value codec kvbench can run, found by {@link java.util.ServiceLoader}: core has {@code
 * deflate}; {@code kvbench-codecs} adds snappy, lz4, zstd, bzip2 and xz.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface ValueCodecProvider {

  /** The id users give to {@code --codec}, e.g. {@code snappy}. */
  String id();

  /** The library that does the work and its version, e.g. {@code snappy-java 1.1.10.8}. */
  String library();

  /** The codec's own settings as this provider uses them (level, block size), for the result. */
  Map<String, Object> settings();

  /** A codec for one session. */
  ValueCodec newCodec();
}
