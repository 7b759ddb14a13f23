package dev.kvbench.run;

import dev.kvbench.workload.RateShape;

/**
 * The one pacing of every timed client loop ({@link ClientDriver}'s: threaded mixes, readers beside
 * a writer, that writer, sustained writers). At a set rate the clients share it equally: a
 * client's op n is intended at its start plus n gaps, the loop waits for that moment, and its
 * latency runs from it, so the queue a stall builds is counted (no coordinated omission); a rate
 * shape ({@link RateShape}) makes the gap at each moment the mean gap over the shape's factor then.
 * At full speed an op is intended when it starts.
 */
final class Schedule {

  private final long startNanos;
  private final double gapNanos;
  private final RateShape shape;
  // a shaped rate's places, each from the last: the gap at a moment is the mean gap over the shape's factor then
  private long lastOp = -1;
  private double lastOffset;

  private Schedule(long startNanos, double gapNanos, RateShape shape) {
    this.startNanos = startNanos;
    this.gapNanos = gapNanos;
    this.shape = shape;
  }

  /**
   * The schedule of one of {@code clients} that share {@code opsPerSecond} (0 or below: full
   * speed), from {@code startNanos} (nanoTime).
   */
  static Schedule of(long startNanos, double opsPerSecond, int clients) {
    return of(startNanos, opsPerSecond, clients, RateShape.CONSTANT);
  }

  /** {@link #of(long, double, int)} with the rate varying over the pass as {@code shape} says. */
  static Schedule of(long startNanos, double opsPerSecond, int clients, RateShape shape) {
    return new Schedule(startNanos, opsPerSecond > 0 ? clients * 1e9 / opsPerSecond : 0, shape);
  }

  /** Whether ops wait for their place: a set rate. */
  boolean paced() {
    return gapNanos > 0;
  }

  /** Op {@code op}'s intended start (nanoTime): its place at a set rate, else now. */
  long intended(long op) {
    if (!paced()) {
      return System.nanoTime();
    }
    if (shape.kind() == RateShape.Kind.CONSTANT) {
      return startNanos + (long) (op * gapNanos);
    }
    return startNanos + (long) offset(op);
  }

  /** Op {@code op}'s place from the start under the shape: taken in order, each from the one before. */
  double offset(long op) {
    if (op < lastOp || lastOp < 0) {
      lastOp = 0;
      lastOffset = 0;
    }
    while (lastOp < op) {
      lastOffset += gapNanos / shape.factorAt((long) lastOffset);
      lastOp++;
    }
    return lastOffset;
  }

  /** Waits for {@code intended} at a set rate; returns the time it woke (the op's service starts). */
  long await(long intended) {
    return paced() ? Pacing.waitUntil(intended) : intended;
  }
}
