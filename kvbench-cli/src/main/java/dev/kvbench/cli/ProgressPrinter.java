package dev.kvbench.cli;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.run.CellParams;
import dev.kvbench.run.PhaseProgress;
import dev.kvbench.run.RunListener;
import dev.kvbench.workload.Phase;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Progress on stderr: a line per finished phase, and for a phase that runs long, a line every few
 * seconds with how far it is. The ticker reads the pass's published position and never touches
 * the measured thread.
 */
final class ProgressPrinter implements RunListener, AutoCloseable {

  private static final long TICK_SECONDS = 5;

  private final PrintWriter err;
  private final int totalCells;
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "kvbench-progress");
        t.setDaemon(true);
        return t;
      });
  private int cellNumber;
  private volatile PhaseProgress current;
  private volatile String currentLabel = "";

  ProgressPrinter(PrintWriter err, int totalCells) {
    this.err = err;
    this.totalCells = totalCells;
    ticker.scheduleAtFixedRate(this::tick, TICK_SECONDS, TICK_SECONDS, TimeUnit.SECONDS);
  }

  @Override
  public synchronized void cellStarted(CellParams cell) {
    cellNumber++;
    err.printf(Locale.ROOT, "[%d/%d] %s%n", cellNumber, totalCells, cell.label());
  }

  @Override
  public void phaseStarted(CellParams cell, Phase phase, PhaseProgress progress) {
    currentLabel = cell.label() + " " + (phase == null ? "load (untimed for the report)" : phase.id());
    current = progress;
  }

  @Override
  public synchronized void phaseFinished(CellParams cell, PhaseResult r) {
    current = null;
    String detail = switch (r.status()) {
      case OK -> String.format(Locale.ROOT, "%,12.1f ms  %,10.1f ns/op  %s", r.passMillis(), r.nsPerOp(),
          r.verified() ? "verified" : "not verified");
      case UNSUPPORTED -> "unsupported" + (r.note() == null ? "" : ": " + r.note());
      case FAILED -> "FAILED: " + r.failure();
    };
    err.printf(Locale.ROOT, "      %-10s %s%n", r.phase(), detail);
  }

  @Override
  public synchronized void cellFinished(CellParams cell, CellResult result) {
    current = null;
    if (result.error() != null) {
      err.printf("      ERROR: %s%n", result.error());
    }
    err.flush();
  }

  private void tick() {
    PhaseProgress p = current;
    if (p == null || p.total() == 0) {
      return;
    }
    synchronized (this) {
      err.printf(Locale.ROOT, "      ... %s %.0f%% (%,d of %,d) after %.0f s%n", currentLabel,
          100.0 * p.done() / p.total(), p.done(), p.total(), p.elapsedNanos() / 1e9);
      err.flush();
    }
  }

  @Override
  public void close() {
    ticker.shutdownNow();
  }

  static boolean failed(PhaseResult r) {
    return r.status() == PhaseStatus.FAILED;
  }
}
