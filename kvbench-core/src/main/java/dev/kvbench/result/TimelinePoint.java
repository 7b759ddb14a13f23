package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * One interval of a sustained phase's timeline: what the clients did in it and what the store and
 * the process did meanwhile. Store statistics are the store's own counters as they stood at the
 * interval's end (cumulative where the store counts so); the report takes their differences.
 *
 * @param endMillis the interval's end, ms since the pass started
 * @param millis the interval's length (the last one of a pass may be short)
 * @param writes the writers' puts that completed in the interval, and their latencies; null where
 *     the phase has no writer
 * @param reads the readers' gets in the interval (a threaded phase at a set rate: its clients' ops);
 *     null where the phase has no reader
 * @param offeredOps the operations the schedule intended to start in the interval, of the ops
 *     {@link #primary} counts: the target rate times its shape's factor over the interval; null at
 *     full speed (nothing was offered: the clients went as fast as the store let them)
 * @param storageBytes bytes the store's directory takes on disk at the interval's end (as {@code du})
 * @param deviceWriteBytes bytes the work directory's block device wrote in the interval
 *     (/sys/dev/block/.../stat: every process's writes and the kernel's write-back of dirty pages);
 *     null where it cannot be known (a tmpfs has no device)
 * @param processWriteBytes bytes this process caused to be written (/proc/self/io write_bytes:
 *     counted when a clean page is first dirtied, so a page dirtied again before write-back counts
 *     once); null where Linux does not say
 * @param clientCpuMillis CPU time the client threads (writers and readers) used in the interval
 * @param otherCpuMillis CPU time every other thread of the process used: the store's own threads
 *     (compaction, flushes, its log), GC, the JIT
 * @param store the store's own statistics at the interval's end, by its names; empty where it keeps none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TimelinePoint(long endMillis, long millis, Ops writes, Ops reads, Long offeredOps, Long storageBytes,
    Long deviceWriteBytes, Long processWriteBytes, Double clientCpuMillis, Double otherCpuMillis,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> store) {

  public TimelinePoint {
    store = store == null ? Map.of() : Map.copyOf(store);
  }

  /**
   * The ops a timeline is judged by: the readers' where there are readers (readwhilewriting asks what
   * a reader sees while the writer runs), else the writers'; null where neither was recorded.
   */
  public Ops primary() {
    return reads != null ? reads : writes;
  }

  /**
   * Operations in an interval and the latency of each, in nanoseconds (every op timed).
   *
   * @param ops operations that completed in the interval
   * @param p50Nanos median latency
   * @param p99Nanos 99th percentile latency
   * @param maxNanos the longest operation that completed in the interval
   */
  public record Ops(long ops, long p50Nanos, long p99Nanos, long maxNanos) {

    /** Ops per second over an interval of {@code millis}. */
    public double perSecond(long millis) {
      return millis <= 0 ? 0 : ops * 1e3 / millis;
    }
  }
}
