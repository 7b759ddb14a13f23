package dev.kvbench.measure;

import dev.kvbench.host.HostFiles;
import dev.kvbench.host.MemoryCgroup;
import java.util.List;

/**
 * Reads this process's major page faults ({@code /proc/self/stat}) and, where it runs in a memory
 * cgroup with a limit, that cgroup's peak usage, which it resets as each pass starts where the
 * kernel lets it.
 */
public final class PagingMeter {

  private final HostFiles files;
  private final MemoryCgroup limited;

  /** A meter on {@code files}' /proc and cgroup files, for tests that fake them under a folder. */
  public PagingMeter(HostFiles files) {
    this.files = files;
    this.limited = MemoryCgroup.ofProcess(files).filter(c -> c.limitBytes().isPresent()).orElse(null);
  }

  /** A meter on this process. */
  public static PagingMeter ofThisProcess() {
    return new PagingMeter(HostFiles.system());
  }

  /** Major faults so far, as a pass starts; also starts a new cgroup peak window. -1 where /proc does not say. */
  public long start() {
    if (limited != null) {
      limited.resetPeak();
    }
    return majorFaults();
  }

  /** The pass's figures, {@code faultsAtStart} being what {@link #start} returned; null where /proc does not say. */
  public Paging since(long faultsAtStart) {
    long now = majorFaults();
    if (now < 0 || faultsAtStart < 0) {
      return null;
    }
    Long peak = null;
    if (limited != null) {
      long p = limited.peakBytes();
      peak = p < 0 ? null : p;
    }
    return new Paging(now - faultsAtStart, peak);
  }

  /** The process's major faults so far: majflt, field 12 of /proc/self/stat. */
  long majorFaults() {
    List<String> lines = files.lines("/proc/self/stat");
    if (lines.isEmpty()) {
      return -1;
    }
    String[] fields = HostFiles.statFields(lines.get(0));
    try {
      return fields.length > 9 ? Long.parseLong(fields[9]) : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
