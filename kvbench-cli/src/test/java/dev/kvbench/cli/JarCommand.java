package dev.kvbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command that runs kvbench.jar as a user does, in a JVM that compiles as the test JVMs do
 * (C1 only, {@code kvbench.tests.jvm.flags}): the end-to-end tests check what the jar does, never
 * how fast, and the C2 compiler's threads were a large share of their CPU. The cells a run forks
 * get their scenario's flags, not these.
 */
final class JarCommand {

  private JarCommand() {}

  /** The test JVMs' flags, as the build passes them; none where it passes none. */
  static List<String> testFlags() {
    String flags = System.getProperty("kvbench.tests.jvm.flags", "").trim();
    return flags.isEmpty() ? List.of() : Arrays.asList(flags.split("\\s+"));
  }

  /** {@code java <test flags> -jar <jar> <args>}, with this JVM's java. */
  static List<String> of(Path jar, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(testFlags());
    cmd.add("-jar");
    cmd.add(jar.toString());
    cmd.addAll(List.of(args));
    return cmd;
  }
}
