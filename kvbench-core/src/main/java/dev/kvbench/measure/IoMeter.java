package dev.kvbench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the process's storage I/O from /proc/self/io; null where the file cannot be read. */
public final class IoMeter {

  private final Path file;

  public IoMeter() {
    this(Path.of("/proc/self/io"));
  }

  /** A meter on another file of /proc/self/io's format, for tests. */
  public IoMeter(Path file) {
    this.file = file;
  }

  /** The counters now, or null when the file is missing or unreadable (not Linux, hardened /proc). */
  public IoBytes read() {
    try {
      long read = -1;
      long write = -1;
      for (String line : Files.readAllLines(file)) {
        if (line.startsWith("read_bytes:")) {
          read = Long.parseLong(line.substring("read_bytes:".length()).trim());
        } else if (line.startsWith("write_bytes:")) {
          write = Long.parseLong(line.substring("write_bytes:".length()).trim());
        }
      }
      return read < 0 || write < 0 ? null : new IoBytes(read, write);
    } catch (IOException | NumberFormatException | SecurityException e) {
      return null;
    }
  }
}
