package dev.kvbench.cli;

import dev.kvbench.measure.StorageMeter;
import dev.kvbench.report.ReportWriter;
import dev.kvbench.run.WorkArea;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "clean",
    mixinStandardHelpOptions = true,
    header = "Removes the work directories that killed runs left behind.",
    description = {"Removes the work directories that killed kvbench runs left behind (on a tmpfs they hold RAM):"
        + " only directories kvbench marked as its own (their lock file is there) whose run is gone (nobody holds"
        + " that lock), and in them only what kvbench wrote; a file of yours inside stays, and so does its"
        + " directory. A directory a live run uses is never touched, nor anything kvbench did not make. In a"
        + " report folder given with --dir, it removes the staging folders a killed kvbench report left."})
final class CleanCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(names = "--dir", paramLabel = "DIR",
      description = "Where to look, repeatable: a work directory, or a directory holding kvbench-* work directories"
          + " (default: /dev/shm and the temp directory).")
  List<Path> dirs;

  @Option(names = "--dry-run", description = "Only list what would be removed.")
  boolean dryRun;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    StorageMeter meter = new StorageMeter();
    Set<Path> bases = new LinkedHashSet<>();
    if (dirs == null) {
      bases.add(WorkArea.defaultBase());
      bases.add(Path.of(System.getProperty("java.io.tmpdir")));
    } else {
      for (Path d : dirs) {
        if (!Files.isDirectory(d)) {
          throw new UsageException("--dir " + d + " is not a directory; give a work directory or one that holds"
              + " kvbench-* work directories");
        }
        bases.add(d);
      }
    }
    List<Path> candidates = new ArrayList<>();
    for (Path base : bases) {
      if (Files.exists(base.resolve(WorkArea.LOCK_FILE))) {
        candidates.add(base);
      }
      candidates.addAll(WorkArea.staleDirectoryPaths(base));
    }
    long total = 0;
    int count = 0;
    for (Path dir : candidates) {
      if (dryRun) {
        if (!WorkArea.isStale(dir)) {
          continue;
        }
        out.printf(Locale.ROOT, "would clean %s (%,d bytes): its cell and trial directories and lock file%s%n", dir,
            meter.measure(dir).allocatedBytes(), madeByKvbench(dir) ? ", then the directory if nothing else is in it"
                : "; the directory is yours, so it stays");
        count++;
        continue;
      }
      var cleaned = WorkArea.removeIfStale(dir, meter);
      if (cleaned.isPresent()) {
        WorkArea.Cleaned c = cleaned.get();
        out.printf(Locale.ROOT, "%s %s (%,d bytes)%s%n", c.directoryRemoved() ? "removed" : "emptied", dir,
            c.bytesFreed(), c.directoryRemoved() ? "" : c.kept().isEmpty() ? " (the directory is yours, so it stays)"
                : c.keptNote() + ", so the directory stays");
        total += c.bytesFreed();
        count++;
      }
    }
    out.printf(Locale.ROOT, count == 0 ? "no stale kvbench work directory in %s%n"
        : "%2$d stale work director%3$s%4$s%n", bases, count, count == 1 ? "y" : "ies",
        dryRun ? " (dry run: nothing removed)" : String.format(Locale.ROOT, ", %,d bytes freed", total));
    cgroups(out);
    for (Path base : bases) {
      // a report killed while it wrote into this folder left its staging folder here
      if (!dryRun) {
        ReportWriter.removeStaleStaging(base).forEach(p -> out.println("removed " + p + " (a killed report's"
            + " staging folder)"));
      }
    }
    return ExitCodes.OK;
  }

  /** The memory cgroups runs killed with --memory-limit left, where this user may make (and remove) them. */
  private void cgroups(PrintWriter out) {
    dev.kvbench.host.MemoryCgroup parent;
    try {
      parent = dev.kvbench.host.MemoryCgroup.parentForNew(dev.kvbench.host.HostFiles.system());
    } catch (IllegalStateException e) {
      return; // no hierarchy, or not root: kvbench could not have made one here either
    }
    for (dev.kvbench.host.MemoryCgroup left : parent.leftovers()) {
      if (dryRun) {
        out.println("would remove " + left.directory() + " (a memory cgroup a killed kvbench run left)");
        continue;
      }
      try {
        left.remove();
        out.println("removed " + left.directory() + " (a memory cgroup a killed kvbench run left)");
      } catch (java.io.IOException e) {
        out.println("kept " + left.directory() + ": " + e.getMessage());
      }
    }
  }

  private static boolean madeByKvbench(Path dir) {
    try {
      return WorkArea.madeByKvbench(dir);
    } catch (java.io.IOException e) {
      return false; // unreadable: cleaning would leave it, as it leaves a user's
    }
  }
}
