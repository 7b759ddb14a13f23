package dev.kvbench.result;

import dev.kvbench.host.HostCheck;
import dev.kvbench.host.HostChecks;
import dev.kvbench.host.HostFiles;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;

/** Reads the facts about this host that decide whether two results are comparable. */
public final class EnvironmentProbe {

  private EnvironmentProbe() {}

  public static Environment probe(Path workDir, String cpuTimeSource, boolean peakRssPerPhase,
      double timerPairNanos, List<String> cellJvmFlags) {
    long[] nofile = nofileLimits();
    List<HostCheck> checks = HostChecks.here().inspect(workDir, HostChecks.Needs.NONE, nofile[0], nofile[1]);
    return new Environment(
        hostname(),
        cpuModel(),
        java.lang.Runtime.getRuntime().availableProcessors(),
        ramBytes(),
        System.getProperty("os.name"),
        kernel(),
        System.getProperty("os.arch"),
        System.getProperty("java.vendor"),
        System.getProperty("java.runtime.version", System.getProperty("java.version")),
        System.getProperty("java.vm.name"),
        List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()),
        workDir.toAbsolutePath().toString(),
        fileSystemType(workDir),
        nofile[0],
        nofile[1],
        cpuTimeSource,
        peakRssPerPhase,
        timerPairNanos,
        List.copyOf(cellJvmFlags),
        checks);
  }

  /** File system type of the store holding {@code dir} (tmpfs, ext4, ...), or "unknown". */
  public static String fileSystemType(Path dir) {
    return HostFiles.fileSystemType(dir);
  }

  /** The kernel's host name: what tells one fleet host's cells from another's in a report. */
  static String hostname() {
    List<String> name = lines("/proc/sys/kernel/hostname");
    if (!name.isEmpty() && !name.get(0).isBlank()) {
      return name.get(0).trim();
    }
    String env = System.getenv("HOSTNAME");
    return env == null || env.isBlank() ? "unknown" : env;
  }

  static String cpuModel() {
    for (String line : lines("/proc/cpuinfo")) {
      if (line.startsWith("model name")) {
        return line.substring(line.indexOf(':') + 1).trim();
      }
    }
    return System.getProperty("os.arch");
  }

  static long ramBytes() {
    return HostFiles.system().totalMemoryBytes().orElse(-1);
  }

  static String kernel() {
    List<String> release = lines("/proc/sys/kernel/osrelease");
    return release.isEmpty() ? System.getProperty("os.version") : release.get(0).trim();
  }

  /** Soft and hard RLIMIT_NOFILE from /proc/self/limits; -1 for unknown, Long.MAX for unlimited. */
  public static long[] nofileLimits() {
    for (String line : lines("/proc/self/limits")) {
      if (line.startsWith("Max open files")) {
        String[] f = line.substring("Max open files".length()).trim().split("\\s+");
        return new long[] {limit(f[0]), limit(f[1])};
      }
    }
    return new long[] {-1, -1};
  }

  private static long limit(String text) {
    return text.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(text);
  }

  private static List<String> lines(String file) {
    return HostFiles.system().lines(file);
  }
}
