package dev.kvbench.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Which process holds a lock on a file, from Linux's {@code /proc/locks}: so a refusal can say
 * which run is still writing, not only that one is.
 */
public final class FileLocks {

  private FileLocks() {}

  /** The pid holding a POSIX lock on {@code file}, when Linux says. */
  public static OptionalLong holder(Path file) {
    return holder(file, Path.of("/proc/locks"));
  }

  static OptionalLong holder(Path file, Path procLocks) {
    try {
      long inode = ((Number) Files.getAttribute(file, "unix:ino")).longValue();
      long dev = ((Number) Files.getAttribute(file, "unix:dev")).longValue();
      String device = String.format(Locale.ROOT, "%02x:%02x:%d", major(dev), minor(dev), inode);
      for (String line : Files.readAllLines(procLocks)) {
        // "1: POSIX  ADVISORY  WRITE 12345 fd:01:2883603 0 EOF"
        List<String> f = List.of(line.trim().split("\\s+"));
        int at = f.indexOf(f.stream().filter(t -> t.matches("[0-9a-f]+:[0-9a-f]+:\\d+")).findFirst().orElse(""));
        if (at > 0 && sameFile(f.get(at), device) && f.get(at - 1).matches("\\d+")) {
          return OptionalLong.of(Long.parseLong(f.get(at - 1)));
        }
      }
    } catch (IOException | RuntimeException e) {
      // no /proc/locks or no unix attributes: the holder is unknown
    }
    return OptionalLong.empty();
  }

  /** The same major:minor:inode, whatever zero-padding the kernel used. */
  private static boolean sameFile(String a, String b) {
    String[] x = a.split(":");
    String[] y = b.split(":");
    return Long.parseLong(x[0], 16) == Long.parseLong(y[0], 16) && Long.parseLong(x[1], 16) == Long.parseLong(y[1], 16)
        && x[2].equals(y[2]);
  }

  /** Who holds {@code file}'s lock, in words: "process 123: java -jar kvbench.jar run ...", or that it is unknown. */
  public static String describeHolder(Path file) {
    OptionalLong pid = holder(file);
    if (pid.isEmpty()) {
      return "another process holds its lock";
    }
    if (pid.getAsLong() == ProcessHandle.current().pid()) {
      return "this very process holds its lock";
    }
    String command = ProcessHandle.of(pid.getAsLong()).flatMap(p -> p.info().commandLine()).orElse(null);
    return "process " + pid.getAsLong() + (command == null ? "" : ": " + abbreviate(command, 160))
        + ", still running";
  }

  private static String abbreviate(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 3) + "...";
  }

  // glibc's encoding of dev_t
  static long major(long dev) {
    return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
  }

  static long minor(long dev) {
    return (dev & 0xff) | ((dev >>> 12) & ~0xffL);
  }
}
