package dev.kvbench.run;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How far the running pass has come. The pass publishes its position every few tens of thousands
 * of ops with an opaque store, so a progress reader on another thread costs the hot loop nothing
 * measurable.
 */
public final class PhaseProgress {

  private final long total;
  private final AtomicLong done = new AtomicLong();
  private long base;
  private final long startNanos = System.nanoTime();

  public PhaseProgress(long total) {
    this.total = total;
  }

  public long total() {
    return total;
  }

  public long done() {
    return done.getOpaque();
  }

  public long elapsedNanos() {
    return System.nanoTime() - startNanos;
  }

  /** Counts from {@code base} on: warm-up and timed passes share one progress. */
  void startPass(long passBase) {
    this.base = passBase;
    done.setOpaque(passBase);
  }

  void publish(long position) {
    done.setOpaque(base + position);
  }

  /** Sets how far a pass running elsewhere (a forked cell's JVM) has come, for a mirror of it here. */
  public void mirror(long position) {
    done.setOpaque(position);
  }
}
