package dev.kvbench.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What else the host did while a pass was timed: the disturbances that make two runs of the same
 * work differ, recorded per pass so a reader (and {@code compare}) can tell a store's time from
 * the machine's.
 *
 * @param stealMillis CPU time the hypervisor gave to other guests, all CPUs (/proc/stat steal)
 * @param runQueueWaitMillis time this process's threads were ready to run but waited for a CPU
 *     (/proc/self/task/{@literal *}/schedstat run_delay; threads that ended during the pass are
 *     not counted)
 * @param measuringThreadWaitMillis the same for the thread that timed the pass alone
 * @param involuntarySwitches times the kernel took a CPU from one of this process's threads
 *     (getrusage ru_nivcsw, every thread); -1 where libc could not be bound
 * @param otherProcessesCpuMillis CPU every other process used during the pass: the host's busy
 *     time (/proc/stat) less this process's own CPU, in /proc/stat's 10 ms ticks
 * @param outsideWaitMillis of the measuring thread's wait, what this process's other threads' time on
 *     a CPU cannot explain (schedstat, to the nanosecond): something outside the process held the
 *     CPU; 0 where unknown (results written before kvbench recorded it)
 * @param marks why the pass counts as noisy, empty when it does not (see {@link Mark})
 */
public record PassNoise(double stealMillis, double runQueueWaitMillis, double measuringThreadWaitMillis,
    long involuntarySwitches, double otherProcessesCpuMillis, double outsideWaitMillis, List<Mark> marks) {

  public PassNoise {
    marks = marks == null ? List.of() : List.copyOf(marks);
  }

  /** Figures without the outside wait (unknown). */
  public PassNoise(double stealMillis, double runQueueWaitMillis, double measuringThreadWaitMillis,
      long involuntarySwitches, double otherProcessesCpuMillis, List<Mark> marks) {
    this(stealMillis, runQueueWaitMillis, measuringThreadWaitMillis, involuntarySwitches, otherProcessesCpuMillis, 0,
        marks);
  }

  /**
   * Passes shorter than this are not judged on the host's figures (other processes, steal): its
   * counters tick every 10 ms. The measuring thread's waits, counted in nanoseconds, are judged at
   * any length from {@link #OUTSIDE_WAIT_MIN_MILLIS}.
   */
  public static final double JUDGED_FROM_MILLIS = 50;

  /** Other processes used at least this share of one CPU over the pass. */
  public static final double OTHER_PROCESSES_SHARE = 0.25;

  /** The measuring thread waited for a CPU at least this share of the pass. */
  public static final double CPU_WAIT_SHARE = 0.05;

  /** The hypervisor stole at least this share of one CPU over the pass. */
  public static final double STEAL_SHARE = 0.05;

  /** Something outside the process held the measuring thread's CPU at least this share of the span... */
  public static final double OUTSIDE_WAIT_SHARE = 0.05;

  /** ...and at least this long: a span of a few milliseconds is not marked for a tick of a kernel thread. */
  public static final double OUTSIDE_WAIT_MIN_MILLIS = 1;

  /** One tick of /proc/stat: the host's busy time is known to no better than this. */
  private static final double TICK_MILLIS = 10;

  /** A reason a pass is noisy. */
  public enum Mark {
    OTHER_PROCESSES("other-processes", "other processes used at least a quarter of a CPU during the pass"),
    CPU_WAIT("cpu-wait", "the measuring thread waited for a CPU at least 5 % of the pass"),
    STEAL("steal", "the hypervisor stole at least 5 % of a CPU during the pass"),
    CPU_TAKEN("cpu-taken", "something outside the process held the measuring thread's CPU at least 5 % of the"
        + " pass (and 1 ms)");

    private final String id;
    private final String meaning;

    Mark(String id, String meaning) {
      this.id = id;
      this.meaning = meaning;
    }

    @JsonValue
    public String id() {
      return id;
    }

    /** What the mark means, for a legend. */
    public String meaning() {
      return meaning;
    }

    /**
     * Whether the disturbance came from outside the process: other processes or other guests. A
     * wait for a CPU alone may be the process's own threads (a store's background writer, the
     * JIT, the GC), which are part of what the store costs on this machine.
     */
    public boolean fromHost() {
      return this != CPU_WAIT;
    }

    @JsonCreator
    public static Mark of(String id) {
      return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("unknown noise mark '" + id + "'"));
    }
  }

  /** The figures of a pass of {@code passMillis}, without the outside wait, marked against the thresholds above. */
  public static PassNoise judged(double passMillis, double stealMillis, double runQueueWaitMillis,
      double measuringThreadWaitMillis, long involuntarySwitches, double otherProcessesCpuMillis) {
    return judged(passMillis, stealMillis, runQueueWaitMillis, measuringThreadWaitMillis, involuntarySwitches,
        otherProcessesCpuMillis, 0);
  }

  /**
   * The figures of a pass of {@code passMillis}, marked against the thresholds above: the host's
   * tick-counted figures from {@link #JUDGED_FROM_MILLIS} on, the outside wait at any length.
   */
  public static PassNoise judged(double passMillis, double stealMillis, double runQueueWaitMillis,
      double measuringThreadWaitMillis, long involuntarySwitches, double otherProcessesCpuMillis,
      double outsideWaitMillis) {
    List<Mark> marks = marks(passMillis, 1, stealMillis, measuringThreadWaitMillis, otherProcessesCpuMillis,
        outsideWaitMillis);
    return new PassNoise(stealMillis, runQueueWaitMillis, measuringThreadWaitMillis, involuntarySwitches,
        otherProcessesCpuMillis, outsideWaitMillis, marks);
  }

  /**
   * Several passes (one fork's measured passes) judged as one span, against the same thresholds:
   * passes too short to judge alone are judged over their sum, which a hog on a CPU fills as it
   * fills one long pass. Each pass keeps its own tick of slack, since each was read apart.
   *
   * @param passMillis the passes' wall times, in the order of {@code noises}
   * @param noises their figures
   * @return the marks the span earns, empty when it is clean (the tick-counted ones only from {@link
   *     #JUDGED_FROM_MILLIS} on)
   */
  public static List<Mark> judgedTogether(List<Double> passMillis, List<PassNoise> noises) {
    if (passMillis.size() != noises.size()) {
      throw new IllegalArgumentException(passMillis.size() + " pass times for " + noises.size() + " noise figures");
    }
    double span = passMillis.stream().mapToDouble(Double::doubleValue).sum();
    return marks(span, noises.size(), noises.stream().mapToDouble(PassNoise::stealMillis).sum(),
        noises.stream().mapToDouble(PassNoise::measuringThreadWaitMillis).sum(),
        noises.stream().mapToDouble(PassNoise::otherProcessesCpuMillis).sum(),
        noises.stream().mapToDouble(PassNoise::outsideWaitMillis).sum());
  }

  private static List<Mark> marks(double spanMillis, int reads, double stealMillis, double measuringThreadWaitMillis,
      double otherProcessesCpuMillis, double outsideWaitMillis) {
    double slack = reads * TICK_MILLIS;
    List<Mark> marks = new ArrayList<>();
    if (spanMillis >= JUDGED_FROM_MILLIS) {
      if (otherProcessesCpuMillis >= OTHER_PROCESSES_SHARE * spanMillis + slack) {
        marks.add(Mark.OTHER_PROCESSES);
      }
      if (stealMillis >= STEAL_SHARE * spanMillis + slack) {
        marks.add(Mark.STEAL);
      }
    }
    // the thread's own waits are counted in nanoseconds (schedstat), not ticks: judged at any length
    if (measuringThreadWaitMillis >= Math.max(OUTSIDE_WAIT_MIN_MILLIS, CPU_WAIT_SHARE * spanMillis)) {
      marks.add(Mark.CPU_WAIT);
    }
    if (outsideWaitMillis >= Math.max(OUTSIDE_WAIT_MIN_MILLIS, OUTSIDE_WAIT_SHARE * spanMillis)) {
      marks.add(Mark.CPU_TAKEN);
    }
    return marks;
  }

  public boolean noisy() {
    return !marks.isEmpty();
  }

  /** The figures in a line: "other processes 0.98 CPU, waited 12 % ...", over a pass of {@code passMillis}. */
  public String describe(double passMillis) {
    double ms = Math.max(passMillis, 1e-9);
    return String.format(Locale.ROOT, "other processes %.2f CPU, waited for a CPU %.1f %% (%.1f %% held outside"
            + " the process; all threads %.0f ms), steal %.2f CPU, %s involuntary switches", otherProcessesCpuMillis / ms,
        100 * measuringThreadWaitMillis / ms, 100 * outsideWaitMillis / ms, runQueueWaitMillis, stealMillis / ms,
        involuntarySwitches < 0 ? "unknown" : String.format(Locale.ROOT, "%,d", involuntarySwitches));
  }
}
