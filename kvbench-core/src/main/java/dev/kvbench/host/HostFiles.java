package dev.kvbench.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * The kernel files the checks read ({@code /proc}, {@code /sys}), under a root that tests point at
 * a folder of their own.
 */
public record HostFiles(Path root) {

  /** This host's own files. */
  public static HostFiles system() {
    return new HostFiles(Path.of("/"));
  }

  /** File system type of the store holding {@code dir} (tmpfs, ext4, ...), or "unknown". */
  public static String fileSystemType(Path dir) {
    try {
      Path existing = existingAncestor(dir);
      return existing == null ? "unknown" : Files.getFileStore(existing).type();
    } catch (IOException e) {
      return "unknown";
    }
  }

  /**
   * Why a file could not be written or read, in words a user can act on: a full disk (however deep a
   * library wrapped it), a permission refused, else the JDK's own message.
   */
  public static String whyFailed(IOException e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (String.valueOf(t.getMessage()).contains("No space left")) {
        return "no space left on its file system";
      }
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied (" + e.getMessage() + ")";
    }
    String m = String.valueOf(e.getMessage());
    return m.toLowerCase(java.util.Locale.ROOT).startsWith("java.") ? e.toString() : m;
  }

  /** Bytes free for this user on the file system of {@code dir} (or of its nearest existing parent), or -1. */
  public static long usableBytes(Path dir) {
    try {
      Path existing = existingAncestor(dir);
      return existing == null ? -1 : Files.getFileStore(existing).getUsableSpace();
    } catch (IOException e) {
      return -1;
    }
  }

  /** {@code dir} or its nearest existing parent: what a work directory not yet made will live on. */
  static Path existingAncestor(Path dir) {
    Path existing = dir.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    return existing;
  }

  /** The file's first line, trimmed, if it exists and can be read. */
  Optional<String> firstLine(String path) {
    return lines(path).stream().findFirst().map(String::trim);
  }

  /**
   * The whole number that follows {@code label} on the first of {@code lines} starting with it, as
   * /proc writes its fields ("VmHWM:   1234 kB" gives 1234); empty when no line has it.
   */
  public static OptionalLong numberAfter(List<String> lines, String label) {
    for (String line : lines) {
      if (line.startsWith(label)) {
        try {
          return OptionalLong.of(Long.parseLong(line.substring(label.length()).trim().split("\\s+")[0]));
        } catch (NumberFormatException e) {
          return OptionalLong.empty();
        }
      }
    }
    return OptionalLong.empty();
  }

  /** This host's memory (MemTotal of /proc/meminfo) in bytes, or empty where Linux does not say. */
  public OptionalLong totalMemoryBytes() {
    OptionalLong kib = numberAfter(lines("/proc/meminfo"), "MemTotal:");
    return kib.isPresent() ? OptionalLong.of(kib.getAsLong() * 1024) : OptionalLong.empty();
  }

  /**
   * The fields of a /proc/PID/stat line after the command name, which is in parentheses and may hold
   * spaces and parentheses itself: the process state is field 0, minflt 7, majflt 9, utime 11.
   */
  public static String[] statFields(String stat) {
    return stat.substring(stat.lastIndexOf(')') + 1).trim().split("\\s+");
  }

  /** The file's lines (an absolute path, read under the root), or none when it cannot be read. */
  public List<String> lines(String path) {
    try {
      return Files.readAllLines(root.resolve(path.substring(1)));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  /** Every CPU's scaling governor file that exists (none in most VMs). */
  List<Path> governorFiles() {
    Path cpus = root.resolve("sys/devices/system/cpu");
    if (!Files.isDirectory(cpus)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(cpus)) {
      return s.filter(p -> p.getFileName().toString().matches("cpu\\d+"))
          .map(p -> p.resolve("cpufreq/scaling_governor")).filter(Files::isRegularFile).sorted().toList();
    } catch (IOException e) {
      return List.of();
    }
  }
}
