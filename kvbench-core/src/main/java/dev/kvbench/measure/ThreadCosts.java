package dev.kvbench.measure;

import java.lang.management.ManagementFactory;

/**
 * What a thread has cost so far: its CPU time, user and system together, and the bytes it
 * allocated on the heap. Read on the thread that did a pass's operations, they leave out the
 * store's background threads, GC and the JIT, and a busy host that stretches the thread's wall time
 * changes neither. The allocation is JMH's {@code gc.alloc.rate.norm} before the division by ops:
 * every byte the thread allocated, in its TLABs and outside them. The JVM counts a thread's CPU
 * total in nanoseconds (CLOCK_THREAD_CPUTIME_ID) but its user part only in 10 ms ticks: one figure.
 *
 * @param cpuMillis CPU time in ms, or null where the JVM cannot say
 * @param allocatedBytes heap bytes allocated, or null where the JVM cannot say
 */
public record ThreadCosts(Double cpuMillis, Long allocatedBytes) {

  /** Neither figure known. */
  public static final ThreadCosts UNKNOWN = new ThreadCosts(null, null);

  private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** The calling thread's costs so far. */
  public static ThreadCosts ofCurrentThread() {
    // read both before the record is made: its own few bytes then count to the next reading, not this one
    long cpu = THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    long allocated = allocationCounted() ? ((com.sun.management.ThreadMXBean) THREADS).getCurrentThreadAllocatedBytes()
        : -1;
    // -1: not measured in this JVM
    return new ThreadCosts(cpu < 0 ? null : cpu / 1e6, allocated < 0 ? null : allocated);
  }

  private static boolean allocationCounted() {
    return THREADS instanceof com.sun.management.ThreadMXBean sun && sun.isThreadAllocatedMemorySupported()
        && sun.isThreadAllocatedMemoryEnabled();
  }

  /** What the thread cost between {@code start} and this reading; a figure either lacks is unknown. */
  public ThreadCosts since(ThreadCosts start) {
    return new ThreadCosts(cpuMillis == null || start.cpuMillis == null ? null : cpuMillis - start.cpuMillis,
        allocatedBytes == null || start.allocatedBytes == null ? null : allocatedBytes - start.allocatedBytes);
  }

  /** Both threads' costs added up (the clients of a threaded pass); a figure either lacks is unknown. */
  public ThreadCosts plus(ThreadCosts other) {
    return new ThreadCosts(cpuMillis == null || other.cpuMillis == null ? null : cpuMillis + other.cpuMillis,
        allocatedBytes == null || other.allocatedBytes == null ? null : allocatedBytes + other.allocatedBytes);
  }
}
