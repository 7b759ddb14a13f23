package dev.kvbench.run;

import dev.kvbench.measure.LatencySampler;

/**
 * The one timed loop every client thread of a threaded or sustained phase runs: a mix's clients
 * and the readers beside a writer ({@link ClientLoop}), that writer ({@link WriterLoop}) and the
 * sustained writers ({@link SustainedWriter}). It owns what makes their figures comparable: when
 * the loop ends (a count of ops, a deadline no op starts past, a signal looked at every few ops),
 * the pacing ({@link Schedule}), and the timing of an op from its intended start, its service from
 * when it began (every op at a set rate; at full speed the ops a sampler picks, or every op). What
 * an op does is the client's. The seed phases' passes are not driven here: they time a whole
 * pass of the store's own bulk loop ({@link Passes}), as the seeds did, not op by op.
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
  }

  private final Schedule schedule;
  private final long quota;
  private final long deadlineNanos;
  private final long checkMask;
  // at full speed, the ops timed; null where every op is
  private final LatencySampler sampler;
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
    if (Integer.bitCount(checkEvery) != 1) {
      throw new IllegalArgumentException("checkEvery must be a power of two: " + checkEvery);
    }
    this.schedule = schedule;
    this.quota = quota;
    this.deadlineNanos = deadlineNanos;
    this.checkMask = checkEvery - 1;
    this.sampler = schedule.paced() || sampleEvery <= 1 ? null : new LatencySampler(sampleEvery, sampleSeed);
  }

  /** Runs the client's ops until the count, the deadline, a signal or the client ends them; returns how many ran. */
  long run(Client client) {
    boolean paced = schedule.paced();
    boolean everyOp = sampler == null;
    long nextSample = everyOp ? 0 : sampler.nextSample();
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
        boolean timed = everyOp || n == nextSample;
        long intended = 0;
        long began = 0;
        if (paced) {
          intended = schedule.intended(n);
          // a pass of a duration ends then, never waiting for an op it would not run
          if (intended >= deadlineNanos) {
            break;
          }
          began = schedule.await(intended);
        } else if (timed) {
          intended = System.nanoTime();
          began = intended;
        }
        int slot = client.op(n);
        if (slot == STOPPED) {
          break;
        }
        if (timed) {
          long t1 = System.nanoTime();
          client.timed(slot, Pacing.clamp(t1 - intended), Pacing.clamp(t1 - began));
          if (!everyOp) {
            sampler.skip();
            nextSample = sampler.nextSample();
          }
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
