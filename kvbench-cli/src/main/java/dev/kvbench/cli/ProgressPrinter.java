package dev.kvbench.cli;

import dev.kvbench.report.ShellWords;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.PrimaryFigure;
import dev.kvbench.run.CellResults;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.run.PassLabel;
import dev.kvbench.run.PhaseProgress;
import dev.kvbench.run.RunListener;
import java.io.PrintWriter;
import dev.kvbench.summary.RunTables;
import dev.kvbench.summary.TextTable;
import dev.kvbench.summary.TextWrap;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Progress on stderr: a line per cell and per finished phase, and while a pass runs, where it is:
 * cell i of n, the pass (warm-up or measured), entries done, rate, elapsed and ETA for the cell
 * and the whole run. On a terminal the status line is rewritten in place every second; otherwise
 * a plain line every ten seconds. The ticker reads the pass's published position and never
 * touches the measured thread.
 */
final class ProgressPrinter implements RunListener, AutoCloseable {

  private final TerminalWriter err;
  private final boolean quiet;
  private final boolean inPlace = Terminal.attached();
  private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "kvbench-progress");
    t.setDaemon(true);
    return t;
  });
  private int totalCells;
  private int cellNumber;
  /** With several forks a cell: the round (every cell's fork N) running, and how many there are. */
  private int round = 1;
  private int rounds = 1;
  private int finishedCells;
  private long runStartNanos = System.nanoTime();
  private long cellStartNanos;
  private double secondsPerFinishedCell;
  private volatile PhaseProgress current;
  private volatile PassLabel currentPass;
  private volatile CellParams currentCell;
  private volatile String currentLabel = "";
  private boolean statusShown;
  /** Columns the status line may take; found again at each cell, as a terminal may have been resized. */
  private int width;

  ProgressPrinter(PrintWriter err, boolean quiet) {
    this.err = TerminalWriter.of(err);
    this.quiet = quiet;
    this.width = terminalWidth();
    long period = inPlace ? 1 : 10;
    if (!quiet) {
      ticker.scheduleAtFixedRate(this::tick, period, period, TimeUnit.SECONDS);
    }
  }

  /**
   * {@code text} wrapped to the terminal (at most {@link TextTable#PAGE_WIDTH} columns),
   * continuation lines indented by {@code indent} more; as it is when not a terminal.
   */
  private String fitted(String text, String indent) {
    // in a log or a pipe a message stays one line, whole, for grep and the tools that read it
    return inPlace ? TextWrap.wrap(text, Math.min(width, TextTable.PAGE_WIDTH) - 1, indent) : text;
  }

  @Override
  public synchronized void notice(String message) {
    if (!quiet) {
      clearStatus();
      err.println(fitted(FlagNames.inText(message), "  "));
      err.flush();
    }
  }

  /** Warnings show even with --quiet: something was skipped or the run stopped, and the user must know. */
  @Override
  public synchronized void warning(String message) {
    clearStatus();
    err.println(fitted("kvbench: warning: " + FlagNames.inText(message), "  "));
    err.flush();
  }

  @Override
  public synchronized void runStopping() {
    clearStatus();
    err.println();
    err.println("kvbench: stopping; the cell in flight is recorded as interrupted");
    err.flush();
  }

  @Override
  public synchronized void runStopped(java.nio.file.Path journal) {
    err.println(journal == null ? "kvbench: stopped before any result was written"
        : "kvbench: every finished cell is kept in " + journal + " and "
            + dev.kvbench.result.RunJournal.documentOf(journal) + "; finish the run with: " + Launcher.command() + " run --resume "
            + ShellWords.quote(journal.toString()));
    err.flush();
  }

  @Override
  public synchronized void runStarted(int cells, int alreadyDone) {
    totalCells = cells;
    cellNumber = alreadyDone;
    runStartNanos = System.nanoTime();
    if (!quiet && alreadyDone > 0) {
      err.printf(Locale.ROOT, "resuming: %d of %d cells have results; running the other %d%n", alreadyDone, cells,
          cells - alreadyDone);
    }
  }

  @Override
  public synchronized void roundStarted(int round, int rounds, int cells) {
    this.round = round;
    this.rounds = rounds;
    totalCells = cells;
    cellNumber = 0;
    if (!quiet) {
      clearStatus();
      err.println(fitted(String.format(Locale.ROOT, "[round %d of %d] each cell's fork %d (%d cells); rounds"
          + " interleave the forks so the host's drift falls on every cell alike", round, rounds, round, cells), "  "));
      err.flush();
    }
  }

  @Override
  public synchronized void cellStarted(CellParams cell) {
    cellNumber++;
    cellStartNanos = System.nanoTime();
    width = terminalWidth();
    if (!quiet) {
      clearStatus();
      err.printf(Locale.ROOT, "[cell %d of %d] %s%n", cellNumber, totalCells, cell.id());
      err.flush();
    }
  }

  @Override
  public void passStarted(CellParams cell, PassLabel pass, PhaseProgress progress) {
    currentLabel = pass.toString();
    currentPass = pass;
    currentCell = cell;
    current = progress;
  }

  @Override
  public synchronized void phaseFinished(CellParams cell, PhaseResult r) {
    current = null;
    if (quiet) {
      return;
    }
    String detail = switch (r.status()) {
      case OK -> okDetail(cell, r);
      case UNSUPPORTED -> "unsupported" + (r.note() == null ? "" : ": " + r.note());
      case FAILED -> "FAILED: " + r.failure();
    };
    clearStatus();
    err.println(fitted(String.format(Locale.ROOT, "    %-10s %s", r.phase(), detail), "    "));
    err.flush();
  }

  /**
   * A finished phase's figure: ms of the median pass, or for a pass of a fixed duration (whose time
   * is the duration asked for) its ops per second; then its ns per op where a pass has more than one.
   */
  static String okDetail(CellParams cell, PhaseResult r) {
    PrimaryFigure figure = PrimaryFigure.of(CellResults.parameters(cell), r.phase());
    String shown;
    if (figure == PrimaryFigure.PASS_TIME) {
      shown = String.format(Locale.ROOT, "%,9.1f ms (median of %d, %,.1f-%,.1f)", r.passMillis(), r.passes().size(),
          r.minPassMillis(), r.maxPassMillis());
    } else {
      double[] range = figure.range(r);
      shown = String.format(Locale.ROOT, "%,9.0f ops/s (median of %d, %,.0f-%,.0f)", figure.of(r), r.passes().size(),
          range[0], range[1]);
    }
    // the figure table's ns/op, which a pass of one op (an open) lacks: it would only repeat the pass's time
    Double nsPerOp = FigureTable.NS_PER_OP.of(CellResults.parameters(cell), r);
    String perOp = nsPerOp == null ? ""
        : String.format(Locale.ROOT, "  %9s %s", FigureTable.NS_PER_OP.format().text(nsPerOp), FigureTable.NS_PER_OP.unit());
    return shown + perOp + "  " + RunTables.check(r);
  }

  @Override
  public synchronized void cellFinished(CellParams cell, CellResult result) {
    current = null;
    finishedCells++;
    secondsPerFinishedCell = (System.nanoTime() - runStartNanos) / 1e9 / finishedCells;
    if (quiet) {
      return;
    }
    clearStatus();
    if (result.outcome() != CellResult.Outcome.RAN) {
      err.println(fitted("    " + result.outcome().id().toUpperCase(Locale.ROOT) + ": "
          + FlagNames.inText(result.error()), "  "));
    } else if (result.error() != null) {
      err.println(fitted("    ERROR: " + FlagNames.inText(result.error()), "  "));
    }
    err.flush();
  }

  private synchronized void tick() {
    PhaseProgress p = current;
    if (p == null || p.total() == 0) {
      return;
    }
    long done = p.done();
    double elapsed = p.elapsedNanos() / 1e9;
    if (done == 0 && elapsed < 10) {
      return; // nothing to say yet; never "0%" for a pass that is about to end
    }
    double rate = elapsed > 0 ? done / elapsed : 0;
    double cellElapsed = (System.nanoTime() - cellStartNanos) / 1e9;
    double passLeft = rate > 0 ? (p.total() - done) / rate : -1;
    // rough: the passes still to come in this cell, each as long as this one
    double cellLeft = passLeft < 0 ? -1 : passLeft + passesAfter(currentCell, currentPass) * p.total() / rate;
    // in rounds, each later round runs every cell once more (fewer where a cell failed: rough)
    int remaining = totalCells - cellNumber + (rounds - round) * totalCells;
    double perCell = finishedCells > 0 ? secondsPerFinishedCell : cellLeft < 0 ? -1 : cellElapsed + cellLeft;
    double runLeft = perCell < 0 || cellLeft < 0 ? -1 : cellLeft + perCell * remaining;
    String line = statusLine(width, List.of(
        new Piece(String.format(Locale.ROOT, "cell %d/%d %s: %.0f%%", cellNumber, totalCells, currentLabel,
            100.0 * done / p.total()), 0),
        new Piece(String.format(Locale.ROOT, "%,d of %,d", done, p.total()), 5),
        new Piece(String.format(Locale.ROOT, "%,.0f/s", rate), 4),
        new Piece("pass ETA " + seconds(passLeft), 2),
        new Piece("cell " + seconds(cellElapsed) + " elapsed, ETA " + seconds(cellLeft), 3),
        new Piece("run " + seconds((System.nanoTime() - runStartNanos) / 1e9) + " elapsed, ETA "
            + seconds(runLeft), 1)));
    if (inPlace) {
      err.printControl(ERASE_LINE);
      err.print(line);
      statusShown = true;
    } else {
      err.println(line);
    }
    err.flush();
  }

  /**
   * A piece of the status line and its rank: where the line is wider than the terminal, pieces join
   * it from rank 0 up, each only if it still fits (0 is always there, cut to fit if it must be).
   */
  record Piece(String text, int rank) {}

  /**
   * The status line within {@code width} columns, one left free (a line that fills the last column
   * wraps on some terminals): its pieces in their order, joined by "; ", those that do not fit left
   * out, the most useful kept first; the first piece cut with "..." if even it alone does not fit.
   */
  static String statusLine(int width, List<Piece> pieces) {
    List<Piece> byRank = pieces.stream().sorted(java.util.Comparator.comparingInt(Piece::rank)).toList();
    List<Piece> kept = new ArrayList<>(List.of(byRank.get(0)));
    for (Piece p : byRank.subList(1, byRank.size())) {
      List<Piece> tried = new ArrayList<>(kept);
      tried.add(p);
      tried.sort(java.util.Comparator.comparingInt(pieces::indexOf));
      if (join(tried).length() < width) {
        kept = tried;
      }
    }
    String line = join(kept);
    return line.length() < width ? line : line.substring(0, Math.max(0, width - 4)) + "...";
  }

  private static String join(List<Piece> pieces) {
    return "  " + String.join("; ", pieces.stream().map(Piece::text).toList());
  }

  /**
   * The terminal's columns, as picocli finds them for its help (stty on /dev/tty), or no limit when
   * the progress is not rewritten in place (plain lines in a log are never cut).
   */
  private int terminalWidth() {
    return inPlace ? Terminal.columns() : Integer.MAX_VALUE;
  }

  /** Back to the line's start and erase it: the status line is rewritten in place. */
  private static final String ERASE_LINE = "\r\u001b[2K";

  private void clearStatus() {
    if (statusShown) {
      err.printControl(ERASE_LINE);
      statusShown = false;
    }
  }

  /** Passes of {@code cell} that come after {@code pass}: the rest of its phase, then the later phases'. */
  static int passesAfter(CellParams cell, PassLabel pass) {
    if (cell == null || pass == null) {
      return 0;
    }
    int measured = cell.plan().passes().measuredPasses();
    int perPhase = cell.plan().passes().warmupPasses() + measured;
    int restOfPhase = switch (pass.kind()) {
      case WARMUP -> Math.max(0, cell.plan().passes().warmupPasses() - pass.number()) + measured;
      case MEASURED -> pass.of() - pass.number();
      case LOAD, VERIFY -> 0;
    };
    int index = 0;
    for (int i = 0; i < cell.plan().phases().size(); i++) {
      if (cell.plan().phases().get(i).id().equals(pass.phase())) {
        index = i;
      }
    }
    int laterPhases = pass.kind() == PassLabel.Kind.LOAD ? cell.plan().phases().size() : cell.plan().phases().size() - index - 1;
    return restOfPhase + laterPhases * perPhase;
  }

  private static String seconds(double s) {
    if (s < 0) {
      return "?";
    }
    if (s >= 3600) {
      return String.format(Locale.ROOT, "%dh%02dm", (long) s / 3600, (long) s % 3600 / 60);
    }
    return s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", (long) s / 60, (long) s % 60)
        : String.format(Locale.ROOT, "%.0fs", s);
  }

  @Override
  public void close() {
    ticker.shutdownNow();
    synchronized (this) {
      clearStatus();
      err.flush();
    }
  }
}
