package dev.kvbench.runner.versions;

import java.util.List;
import java.util.Objects;

/**
 * The artifacts that make up a store library at any version: {@code group:artifact} or {@code
 * group:artifact:extension:classifier} (a platform's native jar, e.g. {@code
 * org.rocksdb:rocksdbjni:jar:linux64}), all taken at the same version with their runtime
 * dependencies. An entry may list alternatives, {@code A|B}: the first one published at the
 * version is taken (RocksDB publishes a Linux jar for some versions and one jar for every platform
 * for others). The first entry names the library; its version is the one a sweep or bisection
 * varies.
 */
public record LibraryRequest(List<String> artifacts) {

  public LibraryRequest {
    artifacts = List.copyOf(artifacts);
    if (artifacts.isEmpty()) {
      throw new IllegalArgumentException("a library request names at least one artifact");
    }
    for (String entry : artifacts) {
      for (String a : alternatives(Objects.requireNonNull(entry, "artifact"))) {
        int parts = a.split(":", -1).length;
        if ((parts != 2 && parts != 4) || a.contains("::") || a.startsWith(":") || a.endsWith(":")) {
          throw new IllegalArgumentException(
              "'" + a + "' is not group:artifact or group:artifact:extension:classifier");
        }
      }
    }
  }

  /** The alternatives of one entry, in the order they are tried. */
  public static List<String> alternatives(String entry) {
    return List.of(entry.split("\\|", -1));
  }

  public static LibraryRequest of(String... artifacts) {
    return new LibraryRequest(List.of(artifacts));
  }

  /** The library's {@code group:artifact}, whose versions are listed and swept. */
  public String library() {
    String[] p = alternatives(artifacts.get(0)).get(0).split(":");
    return p[0] + ":" + p[1];
  }

  @Override
  public String toString() {
    return String.join(" + ", artifacts);
  }
}
