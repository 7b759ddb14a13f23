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

  /**
   * Sets how far the pass has come: called by the pass itself, or by the parent for a mirror of
   * a pass running in a forked cell's JVM.
   */
  public void publish(long position) {
    done.setOpaque(position);
  }
}
