package dev.kvbench.runner;

import dev.kvbench.measure.StorageMeter;
import dev.kvbench.result.EnvironmentProbe;
import dev.kvbench.result.WorkDirectory;
import dev.kvbench.run.RunListener;
import dev.kvbench.run.WorkArea;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** A run's side of its work area: opening and claiming it, and what earlier, killed runs left, said aloud. */
final class RunWorkArea {

  private RunWorkArea() {}

  /**
   * Opens and claims the run's work area in {@code requested} (null: a new one under the default
   * base), after naming the stale directories killed runs left beside it; says where it is and
   * whether it is in memory.
   */
  static WorkArea open(Path requested, RunListener listener) {
    Path base = requested == null ? WorkArea.defaultBase() : requested.toAbsolutePath().getParent();
    if (base != null) {
      for (WorkArea.Stale s : WorkArea.staleDirectories(base, new StorageMeter())) {
        listener.notice(String.format(Locale.ROOT,
            "stale kvbench work directory %s (%,d bytes) from a run that was killed; remove it with kvbench clean"
            + " (or resume that run, which removes it)", s.directory(), s.allocatedBytes()));
      }
    }
    WorkArea area = WorkArea.open(requested);
    area.claim();
    String fsType = EnvironmentProbe.fileSystemType(area.root());
    listener.notice("work directory: " + area.root() + " (" + fsType
        + ("tmpfs".equals(fsType) ? ", in memory)" : ", on disk: results include this file system's costs)"));
    return area;
  }

  /** Removes the work directories killed attempts of this run left (in RAM, on a tmpfs), and only those. */
  static void removeLeftovers(List<WorkDirectory> earlier, RunListener listener) {
    StorageMeter meter = new StorageMeter();
    for (WorkDirectory w : earlier) {
      WorkArea.removeIfStale(Path.of(w.path()), meter).ifPresent(c -> listener.notice(String.format(Locale.ROOT,
          "%s %s (%,d bytes), left by an earlier attempt of this run that was killed%s",
          c.directoryRemoved() ? "removed" : "emptied", w.path(), c.bytesFreed(), c.keptNote())));
    }
  }
}
