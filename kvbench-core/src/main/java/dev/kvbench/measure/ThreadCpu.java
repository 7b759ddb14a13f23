package dev.kvbench.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The CPU time of the thread that calls, user and system together: what the measuring thread
 * itself spent, without the store's background threads, GC or the JIT, and without waiting. A busy
 * host that takes the thread's CPU stretches its wall time but not this. One figure: the JVM counts
 * a thread's total in nanoseconds (CLOCK_THREAD_CPUTIME_ID) but its user part in 10 ms ticks.
 */
public final class ThreadCpu {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private ThreadCpu() {}

  /** The calling thread's CPU time so far in ms, or null where the JVM cannot say. */
  public static Double ofCurrentThread() {
    if (!THREADS.isCurrentThreadCpuTimeSupported()) {
      return null;
    }
    long total = THREADS.getCurrentThreadCpuTime();
    return total < 0 ? null : total / 1e6; // -1: measurement disabled in this JVM
  }

  /** {@code end} less {@code start}, or null where either is unknown. */
  public static Double between(Double start, Double end) {
    return start == null || end == null ? null : end - start;
  }
}
