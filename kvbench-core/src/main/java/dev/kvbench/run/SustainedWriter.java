package dev.kvbench.run;

import dev.kvbench.measure.ThreadCosts;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.WriteOrder;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.ValueSource;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One writer of a sustained pass ({@link SustainedPhase}): its session, its keys, its transactions
 * of batch-size ops, run by {@link ClientDriver} with every op timed from its intended start.
 */
final class SustainedWriter implements Runnable, ClientDriver.Client {

  /**
   * What a pass's writers share.
   *
   * @param ages churn's keys by age (churn runs one writer)
   * @param oneAtATime the lock serialised writers take a transaction at a time; null where they run at once
   * @param rate the pass's rate, shared by its writers; 0 at full speed
   * @param durationNanos the pass's duration; 0 where it runs a count of ops
   * @param thrown the first writer's failure: every writer stops
   */
  record Pass(PhaseContext context, Phase phase, Store store, ChurnAges ages, int writers, ReentrantLock oneAtATime,
      double rate, long durationNanos, CountDownLatch ready, CountDownLatch go, AtomicReference<Throwable> thrown) {}

  private final Pass pass;
  private final Phase phase;
  private final ChurnAges ages;
  private final ReentrantLock oneAtATime;
  private final AtomicReference<Throwable> thrown;
  final int number;
  private final int writers;
  private final long share;
  private final SingleWriterRecorder recorder;
  private final SplittableRandom random;
  final Histogram commits = ThreadedResults.newHistogram();
  volatile long startNanos;
  // the one session of a store that serves one at a time, used under the one-at-a-time lock; else null
  Session shared;
  long ops;
  volatile ThreadCosts costs = ThreadCosts.UNKNOWN;
  // the thread's CPU time as it ended, for the timeline's last interval
  volatile long endCpuNanos = -1;
  // set by loop, for the driver's calls
  private Session session;
  private KeyFormat encoding;
  private ValueSource updates;
  private ValueSource values;
  private ByteBuffer key;
  private ByteBuffer value;
  private long ownKeys;
  private long batch;
  // the open transaction, null between batches, and the ops put in it
  private Writer w;
  private long inBatch;

  /**
   * @param number this writer's, from 0: its keys are those whose index leaves it over by the writers
   * @param passNumber the pass's, from 1: each pass draws its own keys
   * @param share the ops this writer does; Long.MAX_VALUE in a pass of a duration
   */
  SustainedWriter(Pass pass, int number, int passNumber, long share, SingleWriterRecorder recorder) {
    this.pass = pass;
    this.phase = pass.phase();
    this.ages = pass.ages();
    this.oneAtATime = pass.oneAtATime();
    this.thrown = pass.thrown();
    this.number = number;
    this.writers = pass.writers();
    this.share = share;
    this.recorder = recorder;
    this.random = new SplittableRandom(
        pass.context().cell().data().seed() ^ SustainedPhase.KEY_SALT ^ ((long) passNumber << 20) ^ number);
  }

  @Override
  public void run() {
    ThreadCosts before = ThreadCosts.ofCurrentThread();
    Session own = shared == null ? pass.store().openSession() : null;
    try {
      pass.ready().countDown();
      pass.go().await();
      loop(own != null ? own : shared);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      thrown.compareAndSet(null, e);
      pass.ready().countDown();
    } finally {
      if (own != null) {
        own.close();
      }
      costs = ThreadCosts.ofCurrentThread().since(before);
      endCpuNanos = java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }
  }

  private void loop(Session session) {
    CellParams cell = pass.context().cell();
    this.session = session;
    encoding = cell.data().keys();
    updates = ThreadedWorkload.updateValues(cell);
    values = pass.context().values();
    key = Pacing.ownCacheLines(encoding.size());
    value = Pacing.ownCacheLines(cell.data().valueSize());
    long entries = cell.data().entries();
    // this writer's keys: those whose index leaves {@code number} over by the writers
    ownKeys = (entries - number + writers - 1) / writers;
    batch = cell.write().batchSize();
    long start = startNanos;
    // every op timed; a pass of a duration ends then, on time or behind its schedule (a rate the store cannot keep up)
    ClientDriver driver = new ClientDriver(Schedule.of(start, pass.rate(), writers,
        cell.value(dev.kvbench.scenario.Axes.RATE_SHAPES)), share,
        pass.durationNanos() > 0 ? start + pass.durationNanos() : ClientDriver.NONE, 1, 1, 0);
    try {
      driver.run(this);
    } catch (RuntimeException | Error e) {
      // whatever threw (an op, its commit, the last batch's), the open batch is closed once, here
      abandonBatch(e);
      throw e;
    } finally {
      ops = driver.ops();
    }
  }

  @Override
  public boolean stopAt(long done) {
    return thrown.get() != null;
  }

  /**
   * One op of this writer's transaction of up to batch-size ops, opening it first where none is open
   * and committing it where the op closes it: the commit is timed in the op that closes the batch.
   */
  @Override
  public int op(long n) {
    if (w == null) {
      // a paced writer has waited for its op before it takes the one-at-a-time lock, never holding it idle
      if (oneAtATime != null) {
        oneAtATime.lock();
      }
      w = session.beginWrite(WriteOrder.ANY);
      inBatch = 0;
    }
    if (phase == Phase.CHURN) {
      long inserted = ages.indexOf(ages.nextInsert);
      encoding.encode(inserted, key);
      values.valueInto(inserted, value);
      w.put(key, value);
      encoding.encode(ages.indexOf(ages.nextDelete), key);
      w.delete(key);
      ages.nextInsert++;
      ages.nextDelete++;
    } else {
      long index = number + writers * random.nextLong(ownKeys);
      encoding.encode(index, key);
      updates.valueInto(index, value);
      w.put(key, value);
    }
    inBatch++;
    if (inBatch == batch || n + 1 >= share) {
      commitBatch();
    }
    return 0;
  }

  @Override
  public void timed(int slot, long latencyNanos, long serviceNanos) {
    recorder.recordValue(latencyNanos);
  }

  /** The pass ended inside a batch: its ops are committed, the commit timed but no op's. */
  @Override
  public void finish() {
    if (w != null) {
      commitBatch();
    }
  }

  private void commitBatch() {
    long c0 = System.nanoTime();
    w.commit();
    commits.recordValue(Pacing.clamp(System.nanoTime() - c0));
    w.close();
    w = null;
    if (oneAtATime != null) {
      oneAtATime.unlock();
    }
  }

  /** Closes an open batch after {@code e} and gives up the one-at-a-time lock. */
  private void abandonBatch(Throwable e) {
    if (w == null) {
      return;
    }
    Writer open = w;
    w = null;
    try {
      Failures.closeAfter(open, e);
    } finally {
      if (oneAtATime != null) {
        oneAtATime.unlock();
      }
    }
  }
}
