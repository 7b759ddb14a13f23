package dev.kvbench.report;

import java.nio.file.Path;

/**
 * A report killed while it wrote (issue 42, 5): a JVM of its own that makes its staging folder in
 * the report folder given, as a report does, then dies at once, without any cleanup of its own.
 */
final class KilledReport {

  private KilledReport() {}

  public static void main(String[] args) throws Exception {
    ReportFolder.open(Path.of(args[0])).staging();
    Runtime.getRuntime().halt(9);
  }

  /** Runs {@link #main} in a JVM of its own on {@code out} and waits for it to die. */
  static void leaveStagingIn(Path out) throws Exception {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), KilledReport.class.getName(), out.toString())
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    if (p.waitFor() != 9) {
      throw new AssertionError("the killed report ended with " + p.exitValue() + ": " + output);
    }
  }
}
