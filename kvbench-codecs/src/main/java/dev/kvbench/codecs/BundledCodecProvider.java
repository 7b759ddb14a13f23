package dev.kvbench.codecs;

import dev.kvbench.codec.ValueCodecProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;

/**
 * What every codec of this module declares the same way: its id, the library that does the work
 * at the version this module was built with (Maven fills them in), and its settings.
 */
abstract class BundledCodecProvider implements ValueCodecProvider {

  private final String id;
  private final Map<String, Object> settings;

  BundledCodecProvider(String id, Map<String, Object> settings) {
    this.id = id;
    this.settings = Map.copyOf(settings);
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String library() {
    Properties p = new Properties();
    try (InputStream in = BundledCodecProvider.class.getResourceAsStream("/codec-versions.properties")) {
      if (in == null) {
        return "unknown version";
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p.getProperty(id, "unknown version");
  }

  @Override
  public final Map<String, Object> settings() {
    return settings;
  }
}
