package dev.kvbench.run;

/**
 * The one pacing of every timed client loop ({@link ClientDriver}'s: threaded mixes, readers beside
 * a writer, that writer, sustained writers). At a set rate the clients share it equally: a
 * client's op n is intended at its start plus n gaps, the loop waits for that moment, and its
 * latency runs from it, so the queue a stall builds is counted (no coordinated omission). At full
 * speed an op is intended when it starts.
 */
final class Schedule {

  private final long startNanos;
  private final double gapNanos;

  private Schedule(long startNanos, double gapNanos) {
    this.startNanos = startNanos;
    this.gapNanos = gapNanos;
  }

  /**
   * The schedule of one of {@code clients} that share {@code opsPerSecond} (0 or below: full
   * speed), from {@code startNanos} (nanoTime).
   */
  static Schedule of(long startNanos, double opsPerSecond, int clients) {
    return new Schedule(startNanos, opsPerSecond > 0 ? clients * 1e9 / opsPerSecond : 0);
  }

  /** Whether ops wait for their place: a set rate. */
  boolean paced() {
    return gapNanos > 0;
  }

  /** Op {@code op}'s intended start (nanoTime): its place at a set rate, else now. */
  long intended(long op) {
    return paced() ? startNanos + (long) (op * gapNanos) : System.nanoTime();
  }

  /** Waits for {@code intended} at a set rate; returns the time it woke (the op's service starts). */
  long await(long intended) {
    return paced() ? Pacing.waitUntil(intended) : intended;
  }
}
