package dev.kvbench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import jnr.ffi.LibraryLoader;
import jnr.ffi.Memory;
import jnr.ffi.Pointer;
import jnr.ffi.Runtime;

/**
 * Reads the CPU time of the whole process: getrusage(RUSAGE_SELF) with microsecond resolution
 * where libc can be bound, else /proc/self/stat in clock ticks. Process-wide on purpose: a
 * store's compaction and flush threads burn CPU the calling thread never sees, and that is
 * exactly what the 2016 report could not measure.
 */
public final class CpuMeter {

  /** Linux struct rusage is 144 bytes on 64-bit; ru_utime and ru_stime are the first two timevals. */
  private static final int RUSAGE_SIZE = 144;

  private static final int RUSAGE_SELF = 0;

  /** ru_nivcsw, the last of the struct's fourteen longs after the two timevals. */
  private static final int RU_NIVCSW_OFFSET = 136;

  /** The libc function this meter binds. */
  public interface LibC {
    int getrusage(int who, Pointer usage);
  }

  private final LibC libc;
  private final Pointer usage;
  private final String source;

  public CpuMeter() {
    LibC bound = null;
    Pointer buffer = null;
    try {
      bound = LibraryLoader.create(LibC.class).load("c");
      buffer = Memory.allocateDirect(Runtime.getRuntime(bound), RUSAGE_SIZE);
      if (bound.getrusage(RUSAGE_SELF, buffer) != 0) {
        bound = null;
      }
    } catch (RuntimeException | LinkageError e) {
      bound = null;
    }
    this.libc = bound;
    this.usage = buffer;
    this.source = bound != null ? "getrusage" : "/proc/self/stat";
  }

  /** Where the figures come from: {@code getrusage} or {@code /proc/self/stat}. */
  public String source() {
    return source;
  }

  public synchronized CpuTime read() {
    if (libc != null && libc.getrusage(RUSAGE_SELF, usage) == 0) {
      double user = usage.getLong(0) * 1e3 + usage.getLong(8) / 1e3;
      double sys = usage.getLong(16) * 1e3 + usage.getLong(24) / 1e3;
      return new CpuTime(user, sys);
    }
    return readProcStat();
  }

  /**
   * Times the kernel took a CPU from one of this process's threads (ru_nivcsw, every thread, ended
   * ones included); -1 where libc could not be bound.
   */
  public synchronized long involuntarySwitches() {
    return libc != null && libc.getrusage(RUSAGE_SELF, usage) == 0 ? usage.getLong(RU_NIVCSW_OFFSET) : -1;
  }

  private static CpuTime readProcStat() {
    try {
      String[] f = dev.kvbench.host.HostFiles.statFields(Files.readString(Path.of("/proc/self/stat")));
      double tickMillis = 10.0; // USER_HZ is 100 on every Linux ABI the JDK supports
      return new CpuTime(Long.parseLong(f[11]) * tickMillis, Long.parseLong(f[12]) * tickMillis);
    } catch (IOException | RuntimeException e) {
      return new CpuTime(Double.NaN, Double.NaN);
    }
  }
}
