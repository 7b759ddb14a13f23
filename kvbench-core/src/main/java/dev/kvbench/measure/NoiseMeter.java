package dev.kvbench.measure;

import dev.kvbench.host.CpuList;
import dev.kvbench.host.HostFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads what the host and the scheduler did around a timed pass (see {@link PassNoise}): Linux's
 * /proc/stat for the busy and stolen time of the CPUs the pass could run on, each thread's
 * schedstat for the time it waited for a CPU, getrusage for involuntary context switches. Where a file is missing (not Linux, a
 * kernel without schedstat) its figures read 0. Read outside the timed span: a reading costs a
 * file per thread.
 */
public final class NoiseMeter {

  private static final Path STAT = Path.of("/proc/stat");
  private static final Path TASKS = Path.of("/proc/self/task");
  private static final Path OWN_THREAD = Path.of("/proc/thread-self/schedstat");
  /** USER_HZ is 100 on every Linux ABI the JDK supports. */
  private static final double TICK_MILLIS = 10;

  private final CpuMeter cpu;
  private final CpuList watched;

  /**
   * A meter whose host figures cover {@code watched}, the CPUs the measured threads may run on
   * (other processes elsewhere do not disturb them); every CPU when empty.
   */
  public NoiseMeter(CpuMeter cpu, CpuList watched) {
    this.cpu = cpu;
    this.watched = watched;
  }

  /** A meter watching the CPUs this process may run on (its affinity: a taskset pin, a container's cpuset). */
  public static NoiseMeter ofThisProcess(CpuMeter cpu) {
    return new NoiseMeter(cpu, allowedCpus());
  }

  /** The CPUs this process may run on (/proc/self/status Cpus_allowed_list); empty where unknown. */
  public static CpuList allowedCpus() {
    String label = "Cpus_allowed_list:";
    try {
      return HostFiles.system().lines("/proc/self/status").stream().filter(l -> l.startsWith(label)).findFirst()
          .map(l -> CpuList.parse(l.substring(label.length()))).orElse(CpuList.NONE);
    } catch (IllegalArgumentException e) {
      return CpuList.NONE; // a list this parser does not know: count every CPU
    }
  }

  /** The CPUs whose busy and stolen time count: every CPU when empty. */
  public CpuList watched() {
    return watched;
  }

  /** The counters at one moment: take one as the pass starts and one as it ends, on the measuring thread. */
  public record Reading(CpuTime ownCpu, double hostBusyMillis, double hostStealMillis, long involuntarySwitches,
      long measuringThreadWaitNanos, Map<String, Long> threadWaitNanos, long measuringThreadRunNanos,
      Map<String, Long> threadRunNanos) {

    /** A reading without the threads' run times (the process's own CPU per thread unknown). */
    public Reading(CpuTime ownCpu, double hostBusyMillis, double hostStealMillis, long involuntarySwitches,
        long measuringThreadWaitNanos, Map<String, Long> threadWaitNanos) {
      this(ownCpu, hostBusyMillis, hostStealMillis, involuntarySwitches, measuringThreadWaitNanos, threadWaitNanos,
          0, Map.of());
    }
  }

  public Reading read() {
    double[] host = hostTicks(watched);
    long[] own = schedstat(OWN_THREAD);
    Map<String, Long> waits = new HashMap<>();
    Map<String, Long> runs = new HashMap<>();
    threadSchedstats(waits, runs);
    return new Reading(cpu.read(), host[0] * TICK_MILLIS, host[1] * TICK_MILLIS, cpu.involuntarySwitches(),
        own[1], waits, own[0], runs);
  }

  /**
   * What the rest of the host is doing now: the noise over {@code millis} while this thread
   * sleeps, judged as a pass of that length. For a warning before a run, not for a figure.
   */
  public PassNoise whileIdle(long millis) throws InterruptedException {
    Reading start = read();
    long t0 = System.nanoTime();
    Thread.sleep(millis);
    Reading end = read();
    return between(start, end, (System.nanoTime() - t0) / 1e6);
  }

  /**
   * The noise between {@code start} and {@code end}, judged for a pass of {@code passMillis}, the
   * measuring thread free to run on any of the {@link #watched} CPUs (every CPU of the host when
   * none are).
   */
  public PassNoise judge(Reading start, Reading end, double passMillis) {
    int cpus = watched.pins() ? watched.cpus().size() : Runtime.getRuntime().availableProcessors();
    return between(start, end, passMillis, cpus);
  }

  /** {@link #between(Reading, Reading, double, int)} for a thread that may run on one CPU only: the least put on the host. */
  public static PassNoise between(Reading start, Reading end, double passMillis) {
    return between(start, end, passMillis, 1);
  }

  /**
   * The noise between {@code start} and {@code end}, judged for a pass of {@code passMillis} of a
   * measuring thread that may run on {@code cpus} CPUs.
   */
  public static PassNoise between(Reading start, Reading end, double passMillis, int cpus) {
    long waited = 0;
    for (Map.Entry<String, Long> t : end.threadWaitNanos().entrySet()) {
      // a thread born during the pass waited all its run_delay within it
      waited += t.getValue() - start.threadWaitNanos().getOrDefault(t.getKey(), 0L);
    }
    double measuringWaitMillis = (end.measuringThreadWaitNanos() - start.measuringThreadWaitNanos()) / 1e6;
    CpuTime own = end.ownCpu().minus(start.ownCpu());
    double other = (end.hostBusyMillis() - start.hostBusyMillis()) - (own.userMillis() + own.sysMillis());
    long switches = start.involuntarySwitches() < 0 || end.involuntarySwitches() < 0 ? -1
        : end.involuntarySwitches() - start.involuntarySwitches();
    return PassNoise.judged(passMillis, end.hostStealMillis() - start.hostStealMillis(), Math.max(0, waited) / 1e6,
        measuringWaitMillis, switches, Double.isNaN(other) ? 0 : Math.max(0, other),
        outsideWaitMillis(start, end, measuringWaitMillis, cpus));
  }

  /**
   * Of the measuring thread's wait for a CPU, what the process's other threads cannot explain.
   * While it waits, every one of the {@code cpus} CPUs it may run on is busy; the other threads,
   * having run R ms in all, can have filled at most R of those CPU-ms, so something outside the
   * process held at least one of its CPUs for at least W - R / cpus of its W ms of waiting. (With
   * one CPU that is W - R; counting it so on a 2-CPU host blamed the process's own threads for the
   * wait of a thread whose other CPU a busy loop held, and a pass twice as long went unmarked.)
   * Schedstat counts in nanoseconds, so unlike /proc/stat's ticks this tells even for passes of a
   * few milliseconds. 0 where the threads' run times are unknown.
   */
  private static double outsideWaitMillis(Reading start, Reading end, double measuringWaitMillis, int cpus) {
    if (end.threadRunNanos().isEmpty()) {
      return 0;
    }
    long othersRan = 0;
    for (Map.Entry<String, Long> t : end.threadRunNanos().entrySet()) {
      // a thread born during the pass ran all its run time within it
      othersRan += t.getValue() - start.threadRunNanos().getOrDefault(t.getKey(), 0L);
    }
    othersRan -= end.measuringThreadRunNanos() - start.measuringThreadRunNanos();
    return Math.max(0, measuringWaitMillis - Math.max(0, othersRan) / 1e6 / Math.max(1, cpus));
  }

  /**
   * The busy ticks (user, nice, system, irq, softirq: guest time is inside user) and stolen ticks
   * of the CPUs in {@code cpus}, or of the whole host (the first line) when it is empty.
   */
  static double[] hostTicks(CpuList cpus) {
    // streamed, not HostFiles.lines: twice a pass, and only the cpu lines, not the kilobytes of intr after them
    try (var lines = Files.lines(STAT)) {
      double[] sum = {0, 0};
      lines.takeWhile(l -> l.startsWith("cpu")).forEach(line -> {
        String[] f = line.trim().split("\\s+");
        boolean counted = cpus.pins() ? !f[0].equals("cpu") && cpus.cpus().contains(Integer.parseInt(f[0].substring(3)))
            : f[0].equals("cpu");
        if (counted && f.length >= 9) {
          sum[0] += Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
              + Long.parseLong(f[7]);
          sum[1] += Long.parseLong(f[8]);
        }
      });
      return sum;
    } catch (IOException | RuntimeException e) {
      return new double[] {0, 0};
    }
  }

  /** Each thread's wait for a CPU and time on one, in nanoseconds, by thread id. */
  private static void threadSchedstats(Map<String, Long> waits, Map<String, Long> runs) {
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        long[] stat = schedstat(task.resolve("schedstat"));
        waits.put(task.getFileName().toString(), stat[1]);
        runs.put(task.getFileName().toString(), stat[0]);
      }
    } catch (IOException | RuntimeException e) {
      // not Linux: no waits known
    }
  }

  /**
   * The first two fields of a schedstat file: nanoseconds on a CPU and nanoseconds runnable on a
   * run queue; 0 when unknown.
   */
  private static long[] schedstat(Path schedstat) {
    try {
      String[] f = Files.readString(schedstat).trim().split("\\s+");
      return f.length >= 2 ? new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])} : new long[2];
    } catch (IOException | RuntimeException e) {
      return new long[2]; // the thread ended between listing and reading, or the kernel lacks schedstat
    }
  }
}
