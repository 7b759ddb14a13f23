package dev.kvbench.runner;

import dev.kvbench.host.HostFiles;
import dev.kvbench.host.PageCache;
import dev.kvbench.result.RunJournal;
import dev.kvbench.run.CellRunner;
import dev.kvbench.run.WorkArea;
import dev.kvbench.runner.fork.ForkedCells;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.MemoryLimit;
import dev.kvbench.scenario.ReadCache;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.StoreRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The checks a run passes before any cell runs, so that bad input costs nothing and no result is
 * lost to it: the library's runs get them as the CLI's do. Each throws IllegalArgumentException
 * naming the scenario field (and its flag) and the fix.
 */
public final class Preflight {

  private Preflight() {}

  /**
   * Why {@code limit} limits nothing here (it is no less than the host's memory: a cell would run
   * as if unlimited), or null.
   */
  static String limitAboveHost(MemoryLimit limit) {
    java.util.OptionalLong host = HostFiles.system().totalMemoryBytes();
    if (!limit.limits() || host.isEmpty() || limit.bytes() < host.getAsLong()) {
      return null;
    }
    return "jvm.memoryLimit " + limit + " (" + limit.describe() + ") is no less than this host's memory ("
        + String.format(Locale.ROOT, "%.1f GiB", host.getAsLong() / (double) (1L << 30)) + "), so it would limit"
        + " nothing: give a limit below it,"
        + " e.g. 256m, or leave it out";
  }

  /**
   * What a plan needs to be shown or run: a page cache it may drop, a memory limit below the host's
   * memory, and a cell that can run at all.
   */
  static void requireRunnable(Scenario scenario, List<CellParams> cells, StoreRegistry registry) {
    String limitsNothing = limitAboveHost(scenario.jvm().get(JvmSettings.MEMORY_LIMIT));
    if (limitsNothing != null) {
      throw new IllegalArgumentException(limitsNothing);
    }
    if (scenario.repetitions().readCache() == ReadCache.COLD && PageCache.unavailableReason() != null) {
      throw new IllegalArgumentException("repetitions.readCache cold drops the page cache before each measured read pass, but "
          + PageCache.unavailableReason());
    }
    if (!cells.isEmpty() && cells.stream().allMatch(c -> CellRunner.unsupportedReason(registry.require(c.storeId()), c) != null)) {
      throw new IllegalArgumentException("no cell of this matrix can run: "
          + CellRunner.unsupportedReason(registry.require(cells.get(0).storeId()), cells.get(0)));
    }
  }

  /**
   * A recording's directory, made now so a run that cannot record fails before any cell: the
   * recording wraps each cell's store in this JVM, so the cells must run here (forks 0).
   */
  static void requireRecordable(Scenario scenario, Path recordTo) {
    if (recordTo == null) {
      return;
    }
    if (scenario.repetitions().forks() != 0) {
      throw new IllegalArgumentException("recordTo " + recordTo + " wraps each cell's store in kvbench's own JVM, so"
          + " its cells must run there: set forks to 0 (a forked cell's store is in another JVM)");
    }
    try {
      java.nio.file.Files.createDirectories(recordTo);
      try (var entries = java.nio.file.Files.list(recordTo)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalArgumentException("recordTo " + recordTo + " holds files already: give an empty or new"
              + " directory (a trace is written under its cell's id and would replace a file of that name)");
        }
      }
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("recordTo " + recordTo + ": " + dev.kvbench.host.HostFiles.whyFailed(e), e);
    }
  }

  /** What running {@code cells} needs beyond the plan: forkable cells, a JVM that starts, room, a new output. */
  static void requireStartable(Scenario scenario, List<CellParams> cells, Path output, Path workDir) {
    if (scenario.repetitions().forks() > 0) {
      for (CellParams cell : cells) {
        String notForkable = ForkedCells.whyNotForkable(cell);
        if (notForkable != null) {
          throw new IllegalArgumentException(notForkable);
        }
      }
      requireJvmStarts(scenario);
    }
    OutputCheck.requireWritable(output);
    String inMemory = memoryLimitProblem(scenario.jvm().get(JvmSettings.MEMORY_LIMIT), workDir);
    if (inMemory != null) {
      throw new IllegalArgumentException(inMemory);
    }
    String noRoom = spaceProblem(cells, workDir);
    if (noRoom != null) {
      throw new IllegalArgumentException(noRoom);
    }
    if (Files.exists(output) || Files.exists(RunJournal.journalOf(output))) {
      // checked again, exclusively, when the journal is created; this only spares opening a work area
      throw new IllegalArgumentException("output " + output + " already exists: another run is writing it, or an"
          + " earlier one wrote it; kvbench never overwrites results. Choose another output, or resume it");
    }
  }

  /**
   * Why a run limited to {@code limit} cannot use {@code workDir} (a tmpfs: its files are memory,
   * so the limit would not make the store read from a device), or null.
   */
  static String memoryLimitProblem(MemoryLimit limit, Path workDir) {
    Path dir = workDir == null ? WorkArea.defaultBase() : workDir;
    if (!limit.limits() || !"tmpfs".equals(HostFiles.fileSystemType(dir))) {
      return null;
    }
    return "jvm.memoryLimit " + limit + " keeps each cell's JVM and its page cache within "
        + limit.describe() + " so that larger data is read from the device, but the work directory " + dir
        + " is on a tmpfs, whose files are memory and are never read from a device: give a work directory on a"
        + " disk, e.g. workDir /var/tmp/kvbench";
  }

  /** Refuses a scenario whose cells' JVM would not start (a bad option, a heap too small), naming its error. */
  static void requireJvmStarts(Scenario scenario) {
    if (scenario.jvm().equals(JvmOptions.DEFAULT)) {
      return; // this very JVM's java with kvbench's own flags: it starts
    }
    String why = dev.kvbench.runner.fork.CellJvm.whyJvmWontStart(scenario.jvm());
    if (why != null) {
      throw new IllegalArgumentException("the cells' JVM does not start with " + describe(scenario.jvm()) + ": " + why
          + (scenario.jvm().numaNode().binds() ? "; fix the heap, the JVM options or the NUMA node (numactl --hardware"
              + " lists this host's nodes; jvm.cpus must lie within the node)"
              : scenario.jvm().cpus().pins() ? "; fix the heap, the JVM options or the CPU list (the CPUs this host lets"
              + " kvbench use: grep Cpus_allowed_list /proc/self/status)" : "; fix the heap or the JVM options"));
    }
  }

  private static String describe(JvmOptions jvm) {
    List<String> parts = new ArrayList<>(dev.kvbench.runner.fork.CellJvm.launcher(jvm));
    if (!jvm.java().isEmpty()) {
      parts.add(jvm.java());
    }
    if (!jvm.heap().isEmpty()) {
      parts.add("-Xmx" + jvm.heap());
    }
    parts.addAll(jvm.options());
    return String.join(" ", parts);
  }

  /**
   * Why the largest of {@code cells} cannot fit in the work directory's free space even as a flat
   * array of its keys and values, with the {@code --scale} that would fit; null when it may fit.
   */
  public static String spaceProblem(List<CellParams> cells, Path workDir) {
    String notStorage = notStorage(workDir);
    if (notStorage != null) {
      return notStorage;
    }
    long free = freeBytes(workDir);
    if (free < 0 || cells.isEmpty()) {
      return null;
    }
    CellParams largest = cells.stream().max(Comparator.comparingLong(c -> c.sizing().flatBytes())).get();
    long flat = largest.sizing().flatBytes();
    if (flat <= free) {
      return null;
    }
    if (free == 0) {
      return "the work directory's file system has no byte free: point workDir at a file system with room";
    }
    return String.format(Locale.ROOT, "the largest cell (%s, %,d entries x %,d-byte values) needs at least %,d bytes"
        + " but the work directory has %,d bytes free; run with scale %s, or point workDir at a larger file"
        + " system", largest.storeId(), largest.data().entries(), largest.data().valueSize(), flat, free, scaleToFit(flat, free));
  }

  /** The kernel's own file systems, which hold no files a store could write. */
  private static final java.util.Set<String> PSEUDO_FILE_SYSTEMS = java.util.Set.of("proc", "sysfs", "devpts",
      "cgroup", "cgroup2", "debugfs", "tracefs", "securityfs", "configfs", "pstore", "bpf", "mqueue", "hugetlbfs");

  /** Why {@code workDir} cannot hold a store (it would be on the kernel's proc or sys file system), or null. */
  static String notStorage(Path workDir) {
    if (workDir == null) {
      return null;
    }
    String type = HostFiles.fileSystemType(workDir);
    return PSEUDO_FILE_SYSTEMS.contains(type) ? "workDir " + workDir + " is on the kernel's " + type + " file system,"
        + " which holds no stores' files: point workDir at a directory on a disk or a tmpfs" : null;
  }

  /** A --scale that brings {@code needed} bytes within {@code free}, with a fifth to spare. */
  public static String scaleToFit(long needed, long free) {
    double scale = Math.floor(free * 0.8 / needed * 1000) / 1000;
    return scale > 0 ? Double.toString(scale) : "0.001";
  }

  /** Usable bytes of the file system the work directory is (or will be) on; -1 when unknown. */
  public static long freeBytes(Path workDir) {
    return HostFiles.usableBytes(workDir == null ? WorkArea.defaultBase() : workDir);
  }
}
