package dev.kvbench.measure;

import dev.kvbench.host.HostFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Peak resident set size of the process (VmHWM). Linux lets a process reset its own peak by
 * writing 5 to /proc/self/clear_refs, so each phase reports its own peak rather than the highest
 * value since the JVM started; where the reset is refused the figure is the process peak and
 * {@link #resettable()} says so.
 */
public final class RssMeter {

  private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");

  private boolean resettable = true;

  /** Starts a new peak window. */
  public void resetPeak() {
    if (!resettable) {
      return;
    }
    try {
      Files.writeString(CLEAR_REFS, "5");
    } catch (IOException | RuntimeException e) {
      resettable = false;
    }
  }

  public boolean resettable() {
    return resettable;
  }

  /** Peak RSS in bytes since the last reset, or -1 when /proc is unavailable. */
  public long peakBytes() {
    return toBytes(statusKiB("VmHWM:"));
  }

  /** Current RSS in bytes, or -1 when /proc is unavailable. */
  public long currentBytes() {
    return toBytes(statusKiB("VmRSS:"));
  }

  private static long toBytes(long kib) {
    return kib < 0 ? -1 : kib * 1024;
  }

  /** A field of /proc/self/status in KiB, or -1 when it cannot be read (not Linux, /proc not mounted). */
  private static long statusKiB(String field) {
    return HostFiles.numberAfter(HostFiles.system().lines("/proc/self/status"), field).orElse(-1);
  }
}
