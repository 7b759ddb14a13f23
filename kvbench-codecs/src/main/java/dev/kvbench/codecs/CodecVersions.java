package dev.kvbench.codecs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The codec libraries' versions this module was built with (Maven fills them in). */
final class CodecVersions {

  private CodecVersions() {}

  static String of(String codec) {
    Properties p = new Properties();
    try (InputStream in = CodecVersions.class.getResourceAsStream("/codec-versions.properties")) {
      if (in == null) {
        return "unknown version";
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p.getProperty(codec, "unknown version");
  }
}
