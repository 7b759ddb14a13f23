package dev.kvbench.run;

import dev.kvbench.workload.Traffic;
import java.util.concurrent.TimeUnit;

/**
 * A test seam in readwhilewriting's writer: where a test asks for it ({@link
 * Traffic#writerStallMillis}), the writer holds one write transaction open, as a writer stuck on a
 * slow disk would, so that tests can see what a stall does to the readers' latencies. Every real
 * run gets {@link #NONE}, which never waits.
 */
class WriterStall {

  /** No stall: the writer commits each put at once. */
  static final WriterStall NONE = new WriterStall();

  private WriterStall() {}

  /** The stall {@code traffic} asks for, in a pass whose clock started at {@code startNanos}. */
  static WriterStall of(Traffic traffic, long startNanos) {
    return traffic.writerStallMillis() > 0 ? new Once(traffic, startNanos) : NONE;
  }

  /** Called with a put made and not yet committed; true once it has held the transaction. */
  boolean holdIfDue(long puts) throws InterruptedException {
    return false;
  }

  /** Millis the writer was held: for the writer's figures. */
  long heldMillis() {
    return 0;
  }

  /** Holds once: a quarter into a timed pass, else after 1,000 puts. */
  private static final class Once extends WriterStall {
    private final Traffic traffic;
    private final long stallAt;
    private boolean held;

    Once(Traffic traffic, long startNanos) {
      this.traffic = traffic;
      this.stallAt = traffic.timed() ? startNanos + TimeUnit.MILLISECONDS.toNanos(traffic.durationMillis()) / 4 : 0;
    }

    @Override
    boolean holdIfDue(long puts) throws InterruptedException {
      if (!held && (traffic.timed() ? System.nanoTime() >= stallAt : puts >= 1000)) {
        held = true;
        Thread.sleep(traffic.writerStallMillis());
      }
      return held;
    }

    @Override
    long heldMillis() {
      return held ? traffic.writerStallMillis() : 0;
    }
  }
}
