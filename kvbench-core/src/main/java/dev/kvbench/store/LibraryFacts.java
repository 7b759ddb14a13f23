package dev.kvbench.store;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * What a store's library says of itself, read from its metadata rather than typed into an adapter:
 * its licenses, as its own POM declares them (collected at build time by the license-maven-plugin
 * into {@code META-INF/kvbench/THIRD-PARTY.txt}), and its release date, the date its classes were
 * built (the time of one of its class files in its jar; the class is named by {@code libraryClass}
 * in the store module's {@code library.properties}).
 *
 * @param licenses the licenses the library's POM names, empty where none is known
 * @param releaseDate the day the library's classes were built, ISO (2026-02-06), or null where unknown (a
 *     reproducible build's jar gives its entries a placeholder time instead)
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public record LibraryFacts(List<String> licenses, String releaseDate) {

  /** Nothing known. */
  public static final LibraryFacts UNKNOWN = new LibraryFacts(List.of(), null);

  /**
   * Before 1981: a reproducible build's placeholder, not a date (sqlite-jdbc's entries all say
   * 1980-02-01, the earliest a zip entry can say in local time anywhere); such a jar records none.
   */
  static final long REPRODUCIBLE_BUILD_TIMES = Instant.parse("1981-01-01T00:00:00Z").toEpochMilli();

  /** Where each store module's build writes the licenses of its dependencies. */
  static final String THIRD_PARTY = "META-INF/kvbench/THIRD-PARTY.txt";

  // "     (Apache License 2.0) (GNU GPL v2) RocksDB JNI (org.rocksdb:rocksdbjni:11.8.1 - https://rocksdb.org)"
  private static final Pattern LINE = Pattern.compile("^\\s*((?:\\([^)]*\\)\\s*)+)\\S.*\\(([^:()\\s]+):([^:()\\s]+):\\S+ - .*\\)\\s*$");
  private static final Pattern LICENSE = Pattern.compile("\\(([^)]*)\\)");

  public LibraryFacts {
    licenses = licenses == null ? List.of() : List.copyOf(licenses);
  }

  /**
   * The facts of {@code library} ({@code group:artifact}), the library the store module of {@code
   * provider} drives: its licenses from every THIRD-PARTY file on the class path, its release date
   * from the class its {@code library.properties} names.
   */
  public static LibraryFacts of(Class<?> provider, String library) {
    return new LibraryFacts(licenses(provider.getClassLoader(), library), releaseDate(provider));
  }

  static List<String> licenses(ClassLoader loader, String library) {
    List<String> found = new ArrayList<>();
    try {
      Enumeration<URL> files = loader.getResources(THIRD_PARTY);
      while (files.hasMoreElements() && found.isEmpty()) {
        try (InputStream in = files.nextElement().openStream()) {
          found.addAll(licensesIn(new String(in.readAllBytes(), StandardCharsets.UTF_8), library));
        }
      }
    } catch (IOException e) {
      // no licenses known: the facts say so
    }
    return found;
  }

  /** The licenses {@code text}, a THIRD-PARTY file, gives {@code library}; empty where it lists it not. */
  static List<String> licensesIn(String text, String library) {
    for (String line : text.split("\n")) {
      Matcher m = LINE.matcher(line);
      if (m.matches() && library.equals(m.group(2) + ":" + m.group(3))) {
        List<String> licenses = new ArrayList<>();
        Matcher l = LICENSE.matcher(m.group(1));
        while (l.find()) {
          if (!l.group(1).equalsIgnoreCase("Unknown license")) {
            licenses.add(l.group(1).trim());
          }
        }
        return licenses;
      }
    }
    return List.of();
  }

  private static String releaseDate(Class<?> provider) {
    try (InputStream in = provider.getResourceAsStream("library.properties")) {
      if (in == null) {
        return null;
      }
      Properties p = new Properties();
      p.load(in);
      String name = p.getProperty("libraryClass");
      URL url = name == null ? null : provider.getClassLoader().getResource(name.replace('.', '/') + ".class");
      if (url == null) {
        return null;
      }
      URLConnection c = url.openConnection();
      long millis;
      if (c instanceof JarURLConnection jar) {
        // not cached: the jar file opened here is this call's to close
        jar.setUseCaches(false);
        try (java.util.jar.JarFile file = jar.getJarFile()) {
          JarEntry entry = file.getJarEntry(jar.getEntryName());
          millis = entry == null ? -1 : entry.getTime();
        }
      } else {
        millis = c.getLastModified();
      }
      return millis < REPRODUCIBLE_BUILD_TIMES ? null
          : Instant.ofEpochMilli(millis).atZone(ZoneOffset.UTC).toLocalDate().toString();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
