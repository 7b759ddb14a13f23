package dev.kvbench.measure;

import dev.kvbench.host.HostFiles;
import java.util.List;
import java.util.OptionalLong;

/** Reads the process's storage I/O from /proc/self/io; null where the file cannot be read. */
public final class IoMeter {

  private final HostFiles files;

  public IoMeter() {
    this(HostFiles.system());
  }

  /** A meter on {@code files}' /proc/self/io, for tests that fake it under a folder of their own. */
  public IoMeter(HostFiles files) {
    this.files = files;
  }

  /** The counters now, or null when the file is missing or incomplete (not Linux, hardened /proc). */
  public IoBytes read() {
    List<String> lines = files.lines("/proc/self/io");
    OptionalLong read = HostFiles.numberAfter(lines, "read_bytes:");
    OptionalLong write = HostFiles.numberAfter(lines, "write_bytes:");
    return read.isEmpty() || write.isEmpty() ? null : new IoBytes(read.getAsLong(), write.getAsLong());
  }
}
