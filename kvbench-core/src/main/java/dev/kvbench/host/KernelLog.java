package dev.kvbench.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * What the kernel's log says of a process it killed: the OOM killer, global or a memory cgroup's,
 * writes {@code Killed process PID (java) ...}. A JVM that died by SIGKILL is told apart by it:
 * the kernel's OOM killer, or something else (a supervisor, a user, a watchdog).
 */
public final class KernelLog {

  private KernelLog() {}

  /** What the log holds of one process. */
  public sealed interface Finding {}

  /** The kernel killed it: its line in the log. */
  public record Killed(String line) implements Finding {}

  /** The log was read, and names no kill of the process. */
  public record NotKilled() implements Finding {}

  /** The log could not be read (not root with dmesg_restrict, no dmesg): why. */
  public record Unreadable(String why) implements Finding {}

  /** What the kernel's log (dmesg) says of {@code pid}. */
  public static Finding of(long pid) {
    List<String> lines;
    try {
      Process p = new ProcessBuilder("dmesg").redirectErrorStream(true).start();
      byte[] out;
      try (var in = p.getInputStream()) {
        out = in.readNBytes(16 << 20);
      }
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return new Unreadable("dmesg did not answer within 10 s");
      }
      lines = new String(out, StandardCharsets.UTF_8).lines().toList();
      if (p.exitValue() != 0) {
        return new Unreadable("dmesg: " + (lines.isEmpty() ? "exit code " + p.exitValue() : lines.get(0).trim()));
      }
    } catch (IOException e) {
      return new Unreadable("cannot run dmesg (" + e.getMessage() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Unreadable("interrupted");
    }
    return killed(lines, pid).<Finding>map(Killed::new).orElseGet(NotKilled::new);
  }

  /** The last of {@code lines} in which the kernel says it killed {@code pid}. */
  static Optional<String> killed(List<String> lines, long pid) {
    String mark = "Killed process " + pid + " ";
    String found = null;
    for (String line : lines) {
      int at = line.indexOf(mark);
      if (at >= 0) {
        // the reason before the mark ("Memory cgroup out of memory: "), less the timestamp
        found = line.replaceFirst("^\\[[^]]*]\\s*", "").trim();
      }
    }
    return Optional.ofNullable(found);
  }
}
