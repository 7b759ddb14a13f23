package dev.kvbench.runner.fork;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * The start line of a duet's measured passes: each side's JVM says when a measured pass is about
 * to start and waits; once every side still running waits, all are let go at once, so their passes
 * run over the same interval. A side that ends (its cell done, failed or killed) no longer holds
 * the others, and sides waiting at different passes (a phase one store cannot run) are let go
 * together too: nothing waits for a pass its partner will never reach.
 */
public final class PassBarrier {

  private final List<Side> sides = new ArrayList<>();

  /** A new side of this barrier, for one fork: every side is joined before any side's JVM starts. */
  public synchronized Side join() {
    Side side = new Side();
    sides.add(side);
    return side;
  }

  private synchronized void arrived(Side side, OutputStream go) {
    side.waiting = go;
    releaseIfAllWait();
  }

  private synchronized void left(Side side) {
    side.ended = true;
    side.waiting = null;
    releaseIfAllWait();
  }

  private void releaseIfAllWait() {
    List<Side> running = sides.stream().filter(s -> !s.ended).toList();
    if (running.isEmpty() || running.stream().anyMatch(s -> s.waiting == null)) {
      return;
    }
    for (Side s : running) {
      try {
        s.waiting.write(ForkMessage.GO);
        s.waiting.flush();
      } catch (IOException e) {
        // that side's JVM is gone: its link ends, and it leaves
      }
      s.waiting = null;
    }
  }

  /** One fork's place at the barrier. */
  public final class Side {
    private OutputStream waiting;
    private boolean ended;

    private Side() {}

    /** Its JVM waits at a measured pass for the word on {@code go}. */
    void arrived(OutputStream go) {
      PassBarrier.this.arrived(this, go);
    }

    /** Its JVM is done with measuring, or gone (again: once is enough). */
    public void left() {
      PassBarrier.this.left(this);
    }
  }
}
