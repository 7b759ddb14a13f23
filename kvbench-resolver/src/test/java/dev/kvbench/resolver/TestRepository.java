package dev.kvbench.resolver;

import dev.kvbench.testing.TestJars;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A Maven repository on disk in the remote layout, written by a test: each artifact's jar and pom
 * with their SHA-1 files, and the metadata that lists its versions, as a repository manager
 * serves them. Reached as {@code file:} URL, it stands in for Maven Central without a network.
 */
public final class TestRepository {

  private final Path root;
  private final Map<String, List<String>> versions = new TreeMap<>();

  public TestRepository(Path root) {
    this.root = root;
  }

  public Path root() {
    return root;
  }

  public String url() {
    return root.toUri().toString();
  }

  /**
   * Writes a user's Maven settings file, {@code file}, whose local repository is {@code
   * localRepository} and whose one mirror, of every repository, is this one: what a company's
   * settings look like, and how a command-line test reaches this repository.
   */
  public Path settingsMirroringAll(Path file, Path localRepository) {
    try {
      Files.writeString(file, """
          <settings>
            <localRepository>%s</localRepository>
            <mirrors><mirror><id>test</id><mirrorOf>*</mirrorOf><url>%s</url></mirror></mirrors>
          </settings>""".formatted(localRepository, url()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /**
   * Publishes {@code org.example:lib} at each of {@code versions} (class {@code lib.Lib}, whose
   * {@code v()} returns the version), each depending on {@code org.example:helper:2.0}, built in
   * {@code workDir}.
   */
  public void publishExampleLibrary(Path workDir, List<String> versions) {
    Path dep = TestJars.jar(workDir.resolve("dep.jar"),
        Map.of("dep.Helper", "package dep; public class Helper {}"), Map.of(), List.of());
    publish("org.example:helper:2.0", dep, List.of());
    for (String v : versions) {
      Path jar = TestJars.jar(workDir.resolve("lib-" + v + ".jar"),
          Map.of("lib.Lib", "package lib; public class Lib { public static String v() { return \"" + v + "\"; } }"),
          Map.of(), List.of());
      publish("org.example:lib:" + v, jar, List.of("org.example:helper:2.0"));
    }
  }

  /**
   * Publishes the stand-in store library {@code org.example.kvbench:slowmap} ({@link
   * dev.kvbench.testing.slowmap.SlowMapVersions}) at each of {@code versions}, built in {@code workDir}.
   */
  public void publishSlowMap(Path workDir, List<String> versions) {
    Path jars = workDir.resolve("slowmap-jars");
    try {
      Files.createDirectories(jars);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (String v : versions) {
      publish("org.example.kvbench:slowmap:" + v, dev.kvbench.testing.slowmap.SlowMapVersions.jar(jars, v), List.of());
    }
  }

  /**
   * Publishes {@code group:artifact:version} with {@code jar} as its jar and {@code dependencies}
   * ({@code group:artifact:version}) as its runtime dependencies.
   */
  public void publish(String groupArtifactVersion, Path jar, List<String> dependencies) {
    String[] p = groupArtifactVersion.split(":");
    String group = p[0], artifact = p[1], version = p[2];
    Path dir = root.resolve(group.replace('.', '/')).resolve(artifact).resolve(version);
    try {
      Files.createDirectories(dir);
      StringBuilder deps = new StringBuilder();
      for (String d : dependencies) {
        String[] q = d.split(":");
        deps.append("<dependency><groupId>").append(q[0]).append("</groupId><artifactId>").append(q[1])
            .append("</artifactId><version>").append(q[2]).append("</version></dependency>");
      }
      String pom = "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"><modelVersion>4.0.0</modelVersion>"
          + "<groupId>" + group + "</groupId><artifactId>" + artifact + "</artifactId><version>" + version
          + "</version><dependencies>" + deps + "</dependencies></project>";
      write(dir.resolve(artifact + "-" + version + ".pom"), pom.getBytes());
      write(dir.resolve(artifact + "-" + version + ".jar"), Files.readAllBytes(jar));
      versions.computeIfAbsent(group + ":" + artifact, k -> new ArrayList<>()).add(version);
      List<String> all = versions.get(group + ":" + artifact);
      StringBuilder listed = new StringBuilder();
      all.forEach(v -> listed.append("<version>").append(v).append("</version>"));
      String metadata = "<metadata><groupId>" + group + "</groupId><artifactId>" + artifact + "</artifactId>"
          + "<versioning><latest>" + all.get(all.size() - 1) + "</latest><release>" + all.get(all.size() - 1)
          + "</release><versions>" + listed + "</versions><lastUpdated>20261124000000</lastUpdated></versioning>"
          + "</metadata>";
      write(dir.getParent().resolve("maven-metadata.xml"), metadata.getBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void write(Path file, byte[] bytes) throws IOException {
    Files.write(file, bytes);
    try {
      Files.writeString(file.resolveSibling(file.getFileName() + ".sha1"),
          HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
