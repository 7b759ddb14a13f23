package dev.kvbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import dev.kvbench.testing.TestJvmFlags;
import java.util.List;

/**
 * The command that runs kvbench.jar as a user does, in a JVM that compiles as the test JVMs do
 * ({@link TestJvmFlags}). The cells a run forks get their scenario's flags, not these.
 */
final class JarCommand {

  private JarCommand() {}

  /** {@code java <test flags> -jar <jar> <args>}, with this JVM's java. */
  static List<String> of(Path jar, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(TestJvmFlags.all());
    cmd.add("-jar");
    cmd.add(jar.toString());
    cmd.addAll(List.of(args));
    return cmd;
  }
}
