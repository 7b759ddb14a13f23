package dev.kvbench.runner;

import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.result.RunJournal;
import dev.kvbench.run.CellExecutor;
import dev.kvbench.run.CellResults;
import dev.kvbench.run.RunListener;
import dev.kvbench.run.WorkArea;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.StoreProvider;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A run in progress as a stop from another thread (a signal handler) sees it: its journal, work
 * area and cell executor, and the cell in flight. The run's thread sets them; {@link #stop} ends
 * the cell, closes the journal as incomplete and removes the work directory.
 */
final class RunSession {

  private record CellInFlight(StoreProvider provider, CellParams cell) {}

  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile boolean stopped;
  private volatile CellExecutor executor;
  private volatile RunJournal journal;
  private volatile CellInFlight inFlight;
  private volatile WorkArea work;

  /** The run writes {@code j} and keeps its stores' files in {@code area}. */
  void started(RunJournal j, WorkArea area) {
    journal = j;
    work = area;
  }

  /** The run's cells run through {@code cells}. */
  void runsCellsWith(CellExecutor cells) {
    executor = cells;
  }

  CellExecutor executor() {
    return executor;
  }

  RunJournal journal() {
    return journal;
  }

  WorkArea work() {
    return work;
  }

  /** Whether the run was asked to stop. */
  boolean stopped() {
    return stopped;
  }

  /** {@code cell} of {@code provider} runs now; null for none. */
  void cellInFlight(StoreProvider provider, CellParams cell) {
    inFlight = cell == null ? null : new CellInFlight(provider, cell);
  }

  /** The journal of the run in progress, or null before one has started. */
  Path journalPath() {
    RunJournal j = journal;
    return j == null ? null : j.journalPath();
  }

  /** The run's thread is done with it: a stop waiting for it returns. */
  void ended() {
    ended.countDown();
  }

  /**
   * Stops the run: the cell in flight is ended and recorded as interrupted, the journal and
   * document are closed as incomplete, and the work directory is removed. Returns once that is
   * done, or after a few seconds.
   */
  void stop(RunListener listener) {
    listener.runStopping();
    stopped = true;
    CellExecutor e = executor;
    if (e != null) {
      e.stop();
    }
    try {
      if (ended.await(15, TimeUnit.SECONDS)) {
        listener.runStopped(journalPath());
        return;
      }
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
    }
    // the cell runs in this JVM and cannot be ended from outside: record it ourselves
    RunJournal j = journal;
    CellInFlight c = inFlight;
    try {
      if (j != null) {
        if (c != null) {
          j.add(CellResults.ended(c.provider(), c.cell(), Outcome.INTERRUPTED, "interrupted: the run was stopped",
              null));
        }
        j.finish(false);
        j.close();
      }
    } catch (IOException ignored) {
      // the JVM is going down; the journal holds every line written before
    }
    WorkArea w = work;
    if (w != null) {
      w.close();
    }
    listener.runStopped(journalPath());
  }
}
