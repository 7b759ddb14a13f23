package dev.kvbench.run;

import dev.kvbench.result.PassResult.ProgressPoint;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How far the running pass has come. The pass publishes its position every few tens of thousands
 * of ops with an opaque store, so a progress reader on another thread costs the hot loop nothing
 * measurable.
 */
public final class PhaseProgress {

  /** How often the pass's own thread notes its position for the throughput-over-time chart. */
  static final long TIMELINE_STEP_NANOS = 250_000_000L;

  private final long total;
  // written and read only by the pass's own thread (publish, then timeline() after the pass)
  private final List<ProgressPoint> timeline = new ArrayList<>();
  private long lastPointNanos;
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
    long now = System.nanoTime();
    if (now - lastPointNanos >= TIMELINE_STEP_NANOS || position == total) {
      lastPointNanos = now;
      timeline.add(new ProgressPoint((now - startNanos) / 1_000_000, position));
    }
  }

  /**
   * Where the pass stood every quarter second or so (each at a publish, every few tens of
   * thousands of ops): what the report draws throughput over time from.
   */
  public List<ProgressPoint> timeline() {
    return List.copyOf(timeline);
  }
}
