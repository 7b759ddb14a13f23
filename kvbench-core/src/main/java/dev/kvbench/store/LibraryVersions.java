package dev.kvbench.store;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import org.apiguardian.api.API;

/**
 * Reads the library version a store module was built against from {@code library.properties}
 * beside its provider class (filtered by Maven), because shaded jars drop the libraries' own
 * manifests and not every library ships a pom.properties.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public final class LibraryVersions {

  private LibraryVersions() {}

  public static String of(Class<?> provider) {
    try (InputStream in = provider.getResourceAsStream("library.properties")) {
      if (in == null) {
        return "unknown";
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
