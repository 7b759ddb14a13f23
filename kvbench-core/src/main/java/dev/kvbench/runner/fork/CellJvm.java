package dev.kvbench.runner.fork;

import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.JvmSettings;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The JVM a forked cell (or a crash trial's child) runs in: its java, the flags that decide how it
 * measures, the flags that keep its files in its own directory, its class path, and whether it
 * starts at all with the scenario's options.
 */
public final class CellJvm {

  private CellJvm() {}

  /** The scenario's java, else this JVM's own. */
  static String java(JvmOptions jvm) {
    return jvm.java().isEmpty() ? Path.of(System.getProperty("java.home"), "bin", "java").toString() : jvm.java();
  }

  /**
   * What a cell's command line starts with (every thread the JVM starts inherits it): {@code numactl}
   * binding CPUs and memory to the scenario's NUMA node (to its CPU list within it, where both are
   * given), {@code taskset -c LIST} where it only pins CPUs, else nothing.
   */
  public static List<String> launcher(JvmOptions jvm) {
    if (jvm.numaNode().binds()) {
      String cpus = jvm.cpus().pins() ? "--physcpubind=" + jvm.cpus() : "--cpunodebind=" + jvm.numaNode();
      return List.of("numactl", cpus, "--membind=" + jvm.numaNode());
    }
    return jvm.cpus().pins() ? List.of("taskset", "-c", jvm.cpus().toString()) : List.of();
  }

  /** What {@link #launcher} needs installed, for the error when it cannot be run. */
  static String launcherPackage(JvmOptions jvm) {
    return jvm.numaNode().binds() ? " (binding to a NUMA node with jvm.numaNode needs numactl)"
        : jvm.cpus().pins() ? " (pinning with jvm.cpus needs taskset, from util-linux)" : "";
  }

  /**
   * The flags that decide how a forked cell measures (heap, the stores' flags, the scenario's
   * options), as the result records them; the child's command adds only paths (crash log, temp and
   * home directories).
   */
  public static List<String> flags(JvmOptions jvm) {
    List<String> flags = new ArrayList<>();
    if (!jvm.heap().isEmpty()) {
      flags.add("-Xmx" + jvm.heap());
    }
    flags.addAll(storeJvmFlags());
    // an OutOfMemoryError ends the JVM at once with a line that names it, never a half-measured cell
    flags.add("-XX:+ExitOnOutOfMemoryError");
    if (jvm.get(JvmSettings.NATIVE_MEMORY_TRACKING)) {
      flags.add("-XX:NativeMemoryTracking=summary");
    }
    flags.addAll(jvm.options());
    return flags;
  }

  /**
   * Why a JVM cannot start with the cells' {@code java}, heap and options, in its own first error
   * line, or null when it can: checked once before a run, so a typo in {@code --jvm-option} or a
   * heap too small to boot is one clear refusal instead of every cell failing "with no result".
   */
  public static String whyJvmWontStart(JvmOptions jvm) {
    List<String> cmd = new ArrayList<>(launcher(jvm));
    cmd.add(java(jvm));
    cmd.addAll(flags(jvm));
    cmd.add("-version");
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      byte[] out;
      try (var in = p.getInputStream()) {
        out = in.readNBytes(64 << 10);
      }
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return "it did not start within a minute";
      }
      if (p.exitValue() == 0) {
        return null;
      }
      List<String> lines = new String(out, StandardCharsets.UTF_8).lines().map(String::trim)
          .filter(l -> !l.isEmpty()).toList();
      String first = lines.stream().filter(l -> !l.startsWith("Error occurred during initialization")
          && !l.startsWith("Error: Could not create the Java Virtual Machine")
          && !l.startsWith("Error: A fatal exception has occurred")).findFirst()
          .orElse(lines.isEmpty() ? "exit code " + p.exitValue() : lines.get(0));
      return first;
    } catch (IOException e) {
      return "cannot run " + cmd.get(0) + ": " + e.getMessage()
          + launcherPackage(jvm);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while trying it";
    }
  }

  /**
   * Flags for a child JVM whose working directory {@code ownDirectory} kvbench made and removes:
   * chronicle-core creates {@code java.io.tmpdir/target} when no "target" or "build" directory is
   * above the working directory, and {@code project.build.directory/tmp} when that is set, so it is
   * pointed at the child's own directory, which goes with it.
   */
  public static List<String> ownDirectoryFlags(Path ownDirectory) {
    return List.of("-Dproject.build.directory=" + ownDirectory.toAbsolutePath());
  }

  /** The flags every store's JVM needs (opens and exports for LmdbJava, Agrona, Chronicle Map). */
  public static List<String> storeJvmFlags() {
    return dev.kvbench.host.JvmFlags.required();
  }

  /**
   * This JVM's class path with every entry absolute, for a child JVM that runs in a directory of
   * its own (a cell's diagnostics directory, a crash trial's).
   */
  public static String absoluteClassPath() {
    return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(s -> !s.isEmpty())
        .map(s -> Path.of(s).toAbsolutePath().toString())
        .reduce((a, b) -> a + File.pathSeparator + b).orElse(".");
  }

}
