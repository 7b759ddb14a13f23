package dev.kvbench.run;

import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.Traffic;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/** readwhilewriting's writer: overwrites uniformly random loaded keys, one put per transaction. */
final class WriterLoop {
  private final ThreadedWorkload workload;
  private final SplittableRandom random;
  final Histogram commits = ThreadedResults.newHistogram();
  // every put's latency, its commit included (from its intended start at a set rate), an interval at a time
  final org.HdrHistogram.SingleWriterRecorder intervals =
      new org.HdrHistogram.SingleWriterRecorder(dev.kvbench.measure.LatencySampler.HIGHEST_NANOS, 3);
  // the thread's CPU time as it ended, for the timeline's last interval
  volatile long endCpuNanos = -1;
  long puts;
  long nanos;
  // the test seam's stall; NONE in every real run
  WriterStall stall = WriterStall.NONE;

  WriterLoop(ThreadedWorkload workload, int passNumber) {
    this.workload = workload;
    this.random = new SplittableRandom(workload.cell().data().seed() ^ ThreadedWorkload.UPDATE_SALT ^ passNumber);
  }

  void run(Session session, PassSignals signals) {
    KeyFormat encoding = workload.encoding();
    ValueSource updates = workload.updates();
    Traffic traffic = workload.traffic();
    long entries = workload.cell().data().entries();
    ByteBuffer key = Pacing.ownCacheLines(encoding.size());
    ByteBuffer value = Pacing.ownCacheLines(workload.cell().data().valueSize());
    long start = signals.startNanos;
    Schedule schedule = Schedule.of(start, traffic.writerRate(), 1);
    stall = WriterStall.of(traffic, start);
    try {
      while (!signals.writerStop && !signals.stop) {
        long intended = schedule.turn(puts);
        long index = random.nextLong(entries);
        encoding.encode(index, key);
        updates.valueInto(index, value);
        Writer w = session.beginWrite(WriteOrder.ANY);
        try {
          w.put(key, value);
          stall.holdIfDue(puts);
          long t0 = System.nanoTime();
          w.commit();
          long t1 = System.nanoTime();
          commits.recordValue(Pacing.clamp(t1 - t0));
          intervals.recordValue(Pacing.clamp(t1 - intended));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          w.close();
          return;
        } catch (RuntimeException | Error e) {
          Failures.closeAfter(w, e);
          throw e;
        }
        w.close();
        puts++;
      }
    } finally {
      nanos = System.nanoTime() - start;
      endCpuNanos = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
  }
}
