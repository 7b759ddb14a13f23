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
    double gapNanos = traffic.writerRate() > 0 ? 1e9 / traffic.writerRate() : 0;
    stall = WriterStall.of(traffic, start);
    try {
      while (!signals.writerStop && !signals.stop) {
        if (gapNanos > 0) {
          Pacing.waitUntil(start + (long) (puts * gapNanos));
        }
        long index = random.nextLong(entries);
        encoding.encode(index, key);
        updates.valueInto(index, value);
        Writer w = session.beginWrite(WriteOrder.ANY);
        try {
          w.put(key, value);
          stall.holdIfDue(puts);
          long t0 = System.nanoTime();
          w.commit();
          commits.recordValue(Pacing.clamp(System.nanoTime() - t0));
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
    }
  }
}
