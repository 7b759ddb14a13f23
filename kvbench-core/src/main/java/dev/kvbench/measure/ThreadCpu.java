package dev.kvbench.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The CPU time of the thread that calls, user and system: what the measuring thread itself spent,
 * without the store's background threads, GC or the JIT, and without waiting. A busy host that
 * takes the thread's CPU stretches its wall time but not this.
 */
public final class ThreadCpu {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private ThreadCpu() {}

  /** The calling thread's CPU time so far, or null where the JVM cannot say. */
  public static CpuTime ofCurrentThread() {
    if (!THREADS.isCurrentThreadCpuTimeSupported()) {
      return null;
    }
    long total = THREADS.getCurrentThreadCpuTime();
    long user = THREADS.getCurrentThreadUserTime();
    if (total < 0 || user < 0) {
      return null; // measurement disabled in this JVM
    }
    return new CpuTime(user / 1e6, Math.max(0, total - user) / 1e6);
  }

  /** {@code end} less {@code start}, or null where either is unknown. */
  public static CpuTime between(CpuTime start, CpuTime end) {
    return start == null || end == null ? null : end.minus(start);
  }
}
