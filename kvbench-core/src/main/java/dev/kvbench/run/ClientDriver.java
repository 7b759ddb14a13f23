package dev.kvbench.run;

import dev.kvbench.measure.LatencySampler;

/**
 * The one timed loop of every client: a mix's clients and the readers beside a writer ({@link
 * ClientLoop}), that writer ({@link WriterLoop}), the sustained writers ({@link SustainedWriter})
 * and the seed phases' write, readKey and CRUD passes ({@link Passes}). It owns what makes their
 * figures comparable: when the loop ends (a count of ops, a deadline no op starts past, a signal
 * looked at every few ops), the pacing ({@link Schedule}), and the timing of an op from its
 * intended start, its service from when it began (every op at a set rate; at full speed the ops a
 * sampler picks, or every op). What an op does is the client's. The ops between two timed ones go
 * to the client in one call ({@link Client#untimed}), so a seed pass runs the store's own bulk loop
 * between its sampled ops, as the seeds and the JMH anchor did, with no call per op. A scan pass is
 * one call to the store's cursor loop and has no ops to drive.
 */
final class ClientDriver {

  /** What {@link Client#op} returns for an op that did not happen: the loop ends, the op uncounted. */
  static final int STOPPED = -1;

  /** No count or no deadline. */
  static final long NONE = Long.MAX_VALUE;

  /** One client's ops, run by the driver on the client's thread. */
  interface Client {

    /** Runs op {@code n}; returns the slot its latency goes to (0 for a client of one kind of op), or STOPPED. */
    int op(long n);

    /**
     * Records a timed op: its latency from its intended start and its service time from when it began
     * (the same at full speed); both within what a latency histogram holds.
     */
    void timed(int slot, long latencyNanos, long serviceNanos);

    /** Looked at every few ops, before op {@code done}: whether a signal ends the loop. */
    default boolean stopAt(long done) {
      return false;
    }

    /** After the last op of a loop that ended without a throw: commits or closes what its ops left open. */
    default void finish() {}

    /** Before op {@code n} is timed: what it needs that is not its work (its key and value), outside the timing. */
    default void prepare(long n) {}

    /**
     * Runs the untimed ops {@code from} to {@code to - 1} (at full speed, between two timed ones, a
     * look at the signals or the count); returns the position after the last op run, below {@code
     * to} where one returned STOPPED. A client with a bulk call of its own overrides it.
     */
    default long untimed(long from, long to) {
      for (long n = from; n < to; n++) {
        if (op(n) == STOPPED) {
          return n;
        }
      }
      return to;
    }
  }

  private final Schedule schedule;
  private final long quota;
  private final long deadlineNanos;
  private final long checkMask;
  // at full speed, which ops are timed; null where every op is (and at a set rate) or none is
  private final LatencySampler sampler;
  private final boolean timesNone;
  private long ops;
  private long endNanos;

  /**
   * @param quota ops at most, or NONE
   * @param deadlineNanos the nanoTime from which no op starts, or NONE
   * @param checkEvery a power of two: how often {@link Client#stopAt} and the deadline are looked at
   * @param sampleEvery at full speed, one op in this many is timed on average (1: every op); at a set
   *     rate every op is
   * @param sampleSeed makes the choice of timed ops repeatable
   */
  ClientDriver(Schedule schedule, long quota, long deadlineNanos, int checkEvery, int sampleEvery, long sampleSeed) {
    this(schedule, quota, deadlineNanos, checkEvery,
        schedule.paced() || sampleEvery <= 1 ? null : new LatencySampler(sampleEvery, sampleSeed), false);
  }

  /**
   * A loop at full speed of {@code quota} ops with no deadline (a seed pass), timing the ops {@code
   * timedOps} picks; the client records their latencies (into that sampler's histogram: the driver
   * only moves it on to the next op to time). Null times no op: the client times what it must.
   */
  ClientDriver(long quota, int checkEvery, LatencySampler timedOps) {
    this(Schedule.of(0, 0, 1), quota, NONE, checkEvery,
        timedOps == null || timedOps.meanInterval() == 1 ? null : timedOps, timedOps == null);
  }

  private ClientDriver(Schedule schedule, long quota, long deadlineNanos, int checkEvery, LatencySampler sampler,
      boolean timesNone) {
    if (Integer.bitCount(checkEvery) != 1) {
      throw new IllegalArgumentException("checkEvery must be a power of two: " + checkEvery);
    }
    this.schedule = schedule;
    this.quota = quota;
    this.deadlineNanos = deadlineNanos;
    this.checkMask = checkEvery - 1;
    this.sampler = sampler;
    this.timesNone = timesNone;
  }

  /** Runs the client's ops until the count, the deadline, a signal or the client ends them; returns how many ran. */
  long run(Client client) {
    boolean paced = schedule.paced();
    boolean everyOp = sampler == null && !timesNone;
    long nextSample = everyOp ? 0 : timesNone ? NONE : sampler.nextSample();
    long n = 0;
    try {
      while (true) {
        if ((n & checkMask) == 0
            && (client.stopAt(n) || (deadlineNanos != NONE && System.nanoTime() >= deadlineNanos))) {
          break;
        }
        if (n >= quota) {
          break;
        }
        if (!everyOp && n != nextSample) {
          // the ops up to the next timed one, the next look at the signals or the count: one call
          long end = Math.min(Math.min(nextSample, quota), (n | checkMask) + 1);
          long done = client.untimed(n, end);
          n = done;
          if (done < end) {
            break;
          }
          continue;
        }
        long intended;
        long began;
        if (paced) {
          intended = schedule.intended(n);
          // a pass of a duration ends then, never waiting for an op it would not run
          if (intended >= deadlineNanos) {
            break;
          }
          client.prepare(n);
          began = schedule.await(intended);
        } else {
          client.prepare(n);
          intended = System.nanoTime();
          began = intended;
        }
        int slot = client.op(n);
        if (slot == STOPPED) {
          break;
        }
        long t1 = System.nanoTime();
        client.timed(slot, Pacing.clamp(t1 - intended), Pacing.clamp(t1 - began));
        if (!everyOp) {
          sampler.skip();
          nextSample = sampler.nextSample();
        }
        n++;
      }
    } finally {
      ops = n;
      endNanos = System.nanoTime();
    }
    client.finish();
    return n;
  }

  /** The ops the last {@link #run} ran, also where it threw. */
  long ops() {
    return ops;
  }

  /** When the last {@link #run} ended (nanoTime). */
  long endNanos() {
    return endNanos;
  }
}
