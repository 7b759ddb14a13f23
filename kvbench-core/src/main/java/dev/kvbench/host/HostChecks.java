package dev.kvbench.host;

import dev.kvbench.host.HostCheck.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What on this host would distort a benchmark, each fact with its fix: the work directory's file
 * system and free space, open-file limits and their ceiling, memory maps, swap, transparent huge
 * pages, the CPU frequency governor and turbo, the NUMA nodes, the tuned profile, where interrupts
 * go, other busy processes, the clocksource and what a timer read costs, and the JDK. A scenario's needs ({@link Needs}) turn a fact
 * that would stop a run into a {@link Severity#BLOCK}.
 */
public final class HostChecks {

  /** What a scenario needs of the host; {@link #NONE} for a look without a scenario. */
  public record Needs(long largestCellBytes, long openFiles) {
    public static final Needs NONE = new Needs(0, 0);
  }

  private final HostFiles files;
  private final int cores;

  public HostChecks(HostFiles files, int cores) {
    this.files = files;
    this.cores = cores;
  }

  /** This host, as the JVM sees it. */
  public static HostChecks here() {
    return new HostChecks(HostFiles.system(), Runtime.getRuntime().availableProcessors());
  }

  /**
   * Every check, in a fixed order.
   *
   * @param softNofile the soft RLIMIT_NOFILE (-1 when unknown)
   */
  public List<HostCheck> inspect(Path workDir, Needs needs, long softNofile, long hardNofile) {
    List<HostCheck> checks = new ArrayList<>();
    checks.add(fileSystem(workDir));
    checks.add(freeSpace(workDir, needs));
    checks.add(readAhead(workDir));
    checks.add(openFiles(needs, softNofile, hardNofile));
    checks.add(openFilesCeiling(needs));
    checks.add(mapCount());
    checks.add(swap());
    checks.add(hugePages());
    checks.add(governor());
    checks.add(turbo());
    checks.add(numaNodes());
    checks.add(tunedProfile());
    checks.add(irqAffinity());
    checks.add(load());
    checks.add(clocksource());
    checks.add(timer());
    checks.add(jdk());
    return checks;
  }

  /**
   * The kernel's clocksource: every timed pass and latency sample reads it. A TSC is read in the
   * process in tens of nanoseconds; others (hpet, acpi_pm, and in VMs kvm-clock or xen under some
   * hosts) can cost microseconds a read and tick coarser.
   */
  private HostCheck clocksource() {
    String base = "/sys/devices/system/clocksource/clocksource0/";
    return files.firstLine(base + "current_clocksource").map(String::trim).map(current -> {
      if (current.equals("tsc")) {
        return new HostCheck("clocksource", current, Severity.OK, "");
      }
      boolean tscAvailable = files.firstLine(base + "available_clocksource")
          .map(a -> List.of(a.trim().split("\\s+")).contains("tsc")).orElse(false);
      return new HostCheck("clocksource", current + " (not a TSC)", Severity.WARN,
          "each timer read may cost microseconds and short passes and latencies carry it"
              + (tscAvailable ? ": echo tsc > " + base + "current_clocksource" : "; this host offers no TSC"));
    }).orElse(new HostCheck("clocksource", "not exposed", Severity.OK, ""));
  }

  /**
   * What a read of the JVM's clock (System.nanoTime) costs here and the smallest step it takes,
   * measured now: a fact to read short figures by, recorded with every run (not a warning: a busy
   * host makes the cost look higher than it is).
   */
  private static HostCheck timer() {
    // the fastest of five rounds: a round a busy host interrupted says nothing of the clock
    long best = Long.MAX_VALUE;
    for (int round = 0; round < 5; round++) {
      long start = System.nanoTime();
      long last = start;
      for (int i = 0; i < 20_000; i++) {
        last = System.nanoTime(); // each read depends on nothing, and none is dropped: the clock is volatile
      }
      best = Math.min(best, last - start);
    }
    long step = Long.MAX_VALUE;
    long last = System.nanoTime();
    for (int i = 0; i < 20_000; i++) {
      long now = System.nanoTime();
      if (now > last) {
        step = Math.min(step, now - last);
      }
      last = now;
    }
    double perRead = best / 20_000.0;
    return new HostCheck("timer (System.nanoTime)", String.format(Locale.ROOT, "%.0f ns a read, steps of %d ns",
        perRead, step), Severity.OK, "");
  }

  private static HostCheck fileSystem(Path workDir) {
    String type = HostFiles.fileSystemType(workDir);
    return "tmpfs".equals(type)
        ? new HostCheck("work directory file system", workDir + " is on tmpfs", Severity.OK, "")
        : new HostCheck("work directory file system", workDir + " is on " + type, Severity.WARN,
            "results include this file system's I/O; for the store alone, as the seeds measured, use a tmpfs:"
                + " workDir /dev/shm, or mount -t tmpfs -o size=<size>,noatime tmpfs <dir>");
  }

  /** Above this read-ahead, a page fault on data larger than memory reads far more than the page it needs. */
  static final long MAX_QUIET_READ_AHEAD_KB = 512;

  /**
   * The read-ahead of the work directory's block device: a mapped store (LMDB, libmdbx, MapDB) whose
   * data is larger than memory reads this much around every page it faults in, so on a device set
   * to megabytes (some VMs' 8,192 KB) random reads fetch thousands of times the bytes they need.
   */
  private HostCheck readAhead(Path workDir) {
    String name = "work directory device read-ahead";
    String device = blockDevice(workDir);
    if (device == null) {
      return new HostCheck(name, "no block device (tmpfs, or not found)", Severity.OK, "");
    }
    String base = device.replaceFirst("^/dev/", "");
    // a partition (vda1, nvme0n1p1) has no queue of its own: its disk's is the one
    String disk = base.replaceFirst("p?\\d+$", "");
    java.util.Optional<String> kb = files.firstLine("/sys/class/block/" + base + "/queue/read_ahead_kb")
        .or(() -> files.firstLine("/sys/class/block/" + disk + "/queue/read_ahead_kb"));
    if (kb.isEmpty()) {
      return new HostCheck(name, device + ": unknown", Severity.OK, "");
    }
    long value;
    try {
      value = Long.parseLong(kb.get().trim());
    } catch (NumberFormatException e) {
      return new HostCheck(name, device + ": " + kb.get(), Severity.OK, "");
    }
    String have = String.format(Locale.ROOT, "%s: %,d KB", device, value);
    return value <= MAX_QUIET_READ_AHEAD_KB ? new HostCheck(name, have, Severity.OK, "")
        : new HostCheck(name, have, Severity.WARN, "data larger than memory (jvm.memoryLimit) then reads "
            + value + " KB around every page a mapped store faults in; the kernel's default is 128 KB: as root, echo"
            + " 128 > /sys/class/block/" + disk + "/queue/read_ahead_kb (or blockdev"
            + " --setra 256 " + device + ") before the run");
  }

  /** The block device the work directory's file system is on, e.g. /dev/vda, or null (tmpfs, unknown). */
  private static String blockDevice(Path workDir) {
    try {
      Path existing = HostFiles.existingAncestor(workDir);
      String store = existing == null ? null : Files.getFileStore(existing).name();
      return store != null && store.startsWith("/dev/") ? store : null;
    } catch (IOException e) {
      return null;
    }
  }

  /** Below this, not even the smallest cell fits (a store's files and maps take megabytes empty). */
  static final long MIN_FREE_BYTES = 16L << 20;

  private static HostCheck freeSpace(Path workDir, Needs needs) {
    long free = HostFiles.usableBytes(workDir);
    String have = free < 0 ? "unknown" : String.format(Locale.ROOT, "%,d bytes free", free);
    if (free >= 0 && free < MIN_FREE_BYTES) {
      return new HostCheck("work directory free space", have, Severity.BLOCK, "no store can run in "
          + String.format(Locale.ROOT, "%,d bytes", free) + ": free some space there, give the tmpfs more room"
          + " (mount -o remount,size=<size> <dir>), or point workDir elsewhere");
    }
    if (needs.largestCellBytes() <= 0 || free < 0) {
      return new HostCheck("work directory free space", have, Severity.OK, "");
    }
    if (free < needs.largestCellBytes()) {
      return new HostCheck("work directory free space",
          have + String.format(Locale.ROOT, ", the largest cell needs about %,d", needs.largestCellBytes()),
          Severity.BLOCK, "give the work directory more room (a larger tmpfs: mount -o remount,size=<size> <dir>),"
              + " point workDir elsewhere, or run with --scale");
    }
    return new HostCheck("work directory free space",
        have + String.format(Locale.ROOT, ", the largest cell needs about %,d", needs.largestCellBytes()),
        Severity.OK, "");
  }

  private static HostCheck openFiles(Needs needs, long soft, long hard) {
    String value = "soft " + soft + ", hard " + hard;
    if (soft < 0) {
      return new HostCheck("open files (nofile)", "unknown", Severity.WARN,
          "could not read the limit; LSM stores need many files (the seeds raised nofile to 1,000,000)");
    }
    if (needs.openFiles() > 0 && soft < needs.openFiles()) {
      return new HostCheck("open files (nofile)", value + ", the scenario may need " + needs.openFiles(),
          Severity.BLOCK, "raise it before starting kvbench: ulimit -n " + needs.openFiles() + " (up to the hard"
              + " limit); for good, in /etc/security/limits.d/kvbench.conf: '* soft nofile 1000000',"
              + " '* hard nofile 1000000' and the same for root, with fs.nr_open at least as high");
    }
    return new HostCheck("open files (nofile)", value, Severity.OK, "");
  }

  /** Memory-mapped stores map a region per file or segment; the kernel's default of 65,530 runs out first. */
  static final long MAP_COUNT_ADVISED = 262_144;

  /** fs.nr_open caps every hard nofile limit: limits.d cannot raise nofile above it. */
  private HostCheck openFilesCeiling(Needs needs) {
    return files.firstLine("/proc/sys/fs/nr_open").map(line -> {
      long ceiling = Long.parseLong(line);
      return needs.openFiles() > ceiling
          ? new HostCheck("open files ceiling (fs.nr_open)", line + ", below the " + needs.openFiles() + " needed",
              Severity.BLOCK, "sysctl -w fs.nr_open=" + Math.max(needs.openFiles(), 1_048_576)
                  + " (and in /etc/sysctl.d/ to keep it), then raise nofile")
          : new HostCheck("open files ceiling (fs.nr_open)", line, Severity.OK, "");
    }).orElse(new HostCheck("open files ceiling (fs.nr_open)", "not exposed", Severity.OK, ""));
  }

  private HostCheck mapCount() {
    return files.firstLine("/proc/sys/vm/max_map_count").map(line -> Long.parseLong(line) < MAP_COUNT_ADVISED
        ? new HostCheck("memory maps (vm.max_map_count)", line, Severity.WARN,
            "large memory-mapped or LSM stores can run out of maps: sysctl -w vm.max_map_count=" + MAP_COUNT_ADVISED)
        : new HostCheck("memory maps (vm.max_map_count)", line, Severity.OK, ""))
        .orElse(new HostCheck("memory maps (vm.max_map_count)", "not exposed", Severity.OK, ""));
  }

  private HostCheck swap() {
    List<String> swaps = files.lines("/proc/swaps");
    long active = swaps.stream().skip(1).filter(l -> !l.isBlank()).count();
    return active == 0
        ? new HostCheck("swap", "off", Severity.OK, "")
        : new HostCheck("swap", active + " swap area(s) on", Severity.WARN,
            "a store's pages may be swapped out mid-pass: swapoff -a (or vm.swappiness=1)");
  }

  private HostCheck hugePages() {
    return files.firstLine("/sys/kernel/mm/transparent_hugepage/enabled")
        .map(line -> line.contains("[always]")
            ? new HostCheck("transparent huge pages", line, Severity.WARN,
                "khugepaged compaction adds latency spikes to memory-mapped stores: echo madvise >"
                    + " /sys/kernel/mm/transparent_hugepage/enabled")
            : new HostCheck("transparent huge pages", line, Severity.OK, ""))
        .orElse(new HostCheck("transparent huge pages", "not exposed", Severity.OK, ""));
  }

  private HostCheck governor() {
    List<Path> governors = files.governorFiles();
    if (governors.isEmpty()) {
      return new HostCheck("CPU frequency governor", "not exposed (common in VMs)", Severity.OK, "");
    }
    Set<String> seen = new LinkedHashSet<>();
    for (Path g : governors) {
      try {
        seen.add(Files.readString(g).trim());
      } catch (IOException e) {
        seen.add("unreadable");
      }
    }
    return seen.equals(Set.of("performance"))
        ? new HostCheck("CPU frequency governor", "performance", Severity.OK, "")
        : new HostCheck("CPU frequency governor", String.join(", ", seen), Severity.WARN,
            "the clock changes under load: cpupower frequency-set -g performance");
  }

  /** Whether the CPUs may clock above their base: intel_pstate's no_turbo, else cpufreq's boost. */
  private HostCheck turbo() {
    return files.firstLine("/sys/devices/system/cpu/intel_pstate/no_turbo")
        .map(v -> new HostCheck("turbo", "1".equals(v) ? "off (intel_pstate)" : "on (intel_pstate)", Severity.OK, ""))
        .or(() -> files.firstLine("/sys/devices/system/cpu/cpufreq/boost")
            .map(v -> new HostCheck("turbo", "1".equals(v) ? "on (cpufreq boost)" : "off (cpufreq boost)",
                Severity.OK, "")))
        .orElse(new HostCheck("turbo", "not exposed", Severity.OK, ""));
  }

  /**
   * The NUMA nodes and their CPUs: on a host of several, a cell not bound to one (--numa-node) may
   * run on one socket with its memory on the other.
   */
  private HostCheck numaNodes() {
    List<String> online = files.lines("/sys/devices/system/node/online");
    if (online.isEmpty()) {
      return new HostCheck("NUMA nodes", "not exposed", Severity.OK, "");
    }
    CpuList nodes = CpuList.parse(online.get(0).trim());
    List<String> described = new ArrayList<>();
    for (int node : nodes.cpus()) {
      String cpus = files.firstLine("/sys/devices/system/node/node" + node + "/cpulist").orElse("?");
      described.add("node " + node + ": CPUs " + cpus);
    }
    String value = nodes.cpus().size() + " (" + String.join("; ", described) + ")";
    return nodes.cpus().size() > 1
        ? new HostCheck("NUMA nodes", value, Severity.WARN, "a cell's JVM may run on one node and get memory from"
            + " another: bind the cells with jvm.numaNode N")
        : new HostCheck("NUMA nodes", value, Severity.OK, "");
  }

  /** The tuned profile in force, where tuned is installed. */
  private HostCheck tunedProfile() {
    return files.firstLine("/etc/tuned/active_profile")
        .map(p -> new HostCheck("tuned profile", p.isEmpty() ? "none (tuned off)" : p, Severity.OK, ""))
        .orElse(new HostCheck("tuned profile", "tuned not installed", Severity.OK, ""));
  }

  /** The CPUs new interrupts go to by default (the kernel's mask, hexadecimal as it writes it). */
  private HostCheck irqAffinity() {
    return files.firstLine("/proc/irq/default_smp_affinity")
        .map(mask -> new HostCheck("interrupts' default CPUs", "mask " + mask, Severity.OK, ""))
        .orElse(new HostCheck("interrupts' default CPUs", "not exposed", Severity.OK, ""));
  }

  private HostCheck load() {
    return files.firstLine("/proc/loadavg").map(line -> {
      double oneMinute = Double.parseDouble(line.split("\\s+")[0]);
      String value = String.format(Locale.ROOT, "load average %.2f on %d cores", oneMinute, cores);
      return oneMinute >= 0.5 * cores
          ? new HostCheck("other busy processes", value, Severity.WARN,
              "other work competes for the CPUs: results will be noisy; stop it, or compare only runs made alike")
          : new HostCheck("other busy processes", value, Severity.OK, "");
    }).orElse(new HostCheck("other busy processes", "unknown", Severity.OK, ""));
  }

  private static HostCheck jdk() {
    return new HostCheck("JDK", System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version")
        + " (" + System.getProperty("java.vm.name") + ")", Severity.OK, "");
  }

}
