package dev.kvbench.run;

import dev.kvbench.store.Session;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;

/**
 * readwhilewriting's writer: overwrites uniformly random loaded keys, one put per transaction, run
 * by {@link ClientDriver} until the readers are done.
 */
final class WriterLoop implements ClientDriver.Client {
  private final ThreadedWorkload workload;
  private final SplittableRandom random;
  private final KeyFormat encoding;
  private final ValueSource updates;
  private final long entries;
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
  // set by run, for the driver's calls
  private Session session;
  private PassSignals signals;
  private ByteBuffer key;
  private ByteBuffer value;

  WriterLoop(ThreadedWorkload workload, int passNumber) {
    this.workload = workload;
    this.random = new SplittableRandom(workload.cell().data().seed() ^ ThreadedWorkload.UPDATE_SALT ^ passNumber);
    this.encoding = workload.encoding();
    this.updates = workload.updates();
    this.entries = workload.cell().data().entries();
  }

  void run(Session session, PassSignals signals) {
    this.session = session;
    this.signals = signals;
    key = Pacing.ownCacheLines(encoding.size());
    value = Pacing.ownCacheLines(workload.cell().data().valueSize());
    long start = signals.startNanos;
    stall = WriterStall.of(workload.traffic(), start);
    // every put timed, from its intended start at the writer's rate
    ClientDriver driver = new ClientDriver(Schedule.of(start, workload.traffic().writerRate(), 1), ClientDriver.NONE,
        ClientDriver.NONE, 1, 1, 0);
    try {
      driver.run(this);
    } finally {
      puts = driver.ops();
      nanos = driver.endNanos() - start;
      endCpuNanos = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
  }

  @Override
  public boolean stopAt(long done) {
    return signals.writerStop || signals.stop;
  }

  @Override
  public int op(long n) {
    long index = random.nextLong(entries);
    encoding.encode(index, key);
    updates.valueInto(index, value);
    Writer w = session.beginWrite(WriteOrder.ANY);
    try {
      w.put(key, value);
      stall.holdIfDue(n);
      long t0 = System.nanoTime();
      w.commit();
      commits.recordValue(Pacing.clamp(System.nanoTime() - t0));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      w.close();
      return ClientDriver.STOPPED;
    } catch (RuntimeException | Error e) {
      Failures.closeAfter(w, e);
      throw e;
    }
    w.close();
    return 0;
  }

  @Override
  public void timed(int slot, long latencyNanos, long serviceNanos) {
    intervals.recordValue(latencyNanos);
  }
}
