package dev.kvbench.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles small Java sources into a jar while a test runs: stand-in libraries at several
 * versions, for the tests of per-cell library versions.
 */
public final class TestJars {

  private TestJars() {}

  /**
   * Compiles {@code sources} (class name to source) against {@code classPath} and writes the
   * classes, and {@code resources} (path to text), into {@code jar}.
   */
  public static Path jar(Path jar, Map<String, String> sources, Map<String, String> resources, List<Path> classPath) {
    try {
      Path work = Files.createTempDirectory(jar.getParent(), "javac");
      Path src = work.resolve("src");
      Path out = work.resolve("classes");
      Files.createDirectories(out);
      List<String> args = new ArrayList<>(List.of("-d", out.toString(), "--release", "17", "-nowarn"));
      if (!classPath.isEmpty()) {
        args.add("-cp");
        args.add(String.join(java.io.File.pathSeparator, classPath.stream().map(Path::toString).toList()));
      }
      for (Map.Entry<String, String> s : sources.entrySet()) {
        Path file = src.resolve(s.getKey().replace('.', '/') + ".java");
        Files.createDirectories(file.getParent());
        Files.writeString(file, s.getValue());
        args.add(file.toString());
      }
      JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
      int rc = javac.run(null, null, null, args.toArray(String[]::new));
      if (rc != 0) {
        throw new IllegalStateException("javac failed on " + sources.keySet());
      }
      try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out2 = new JarOutputStream(file)) {
        try (Stream<Path> classes = Files.walk(out)) {
          for (Path c : classes.filter(Files::isRegularFile).sorted().toList()) {
            out2.putNextEntry(new JarEntry(out.relativize(c).toString().replace('\\', '/')));
            out2.write(Files.readAllBytes(c));
            out2.closeEntry();
          }
        }
        for (Map.Entry<String, String> r : resources.entrySet()) {
          out2.putNextEntry(new JarEntry(r.getKey()));
          out2.write(r.getValue().getBytes(StandardCharsets.UTF_8));
          out2.closeEntry();
        }
      }
      return jar;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
