package dev.kvbench.runner;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.result.ForkMerge;
import dev.kvbench.result.ForkStop;
import dev.kvbench.result.RunJournal;
import dev.kvbench.run.CellResults;
import dev.kvbench.run.CellRunner;
import dev.kvbench.run.RunListener;
import dev.kvbench.run.WorkArea;
import dev.kvbench.runner.versions.RunLibraries;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Runs a run's cells round by round: every cell's fork 1, then every cell's fork 2 ..., so drift of
 * the host falls on all cells alike, the order turned round every other round (A B, B A) so neither
 * variant of a workload always runs first. A fork the host disturbed is run again; with adaptive
 * forks, rounds are added for the cells not yet precise until the judge, the limit or the time
 * budget ends them. Each fork and cell is journaled before the next starts, and kept in a {@link
 * ForkLedger} that the rounds read: the journal is only written.
 */
final class ForkRounds {

  private final RunSession session;
  private final StoreRegistry registry;
  private final RunListener listener;
  private final QuietHost quietHost;
  private final Duration waitQuiet;
  private final int noisyReruns;
  private final int fixedRounds;
  private final AdaptiveForks adding;
  private final BusyHost host;
  /** How long the run may take: no fork starts that would end past it. */
  private final RunBudget budget;
  /** The forks of a duet run's variants run together, or null where they run one after the other. */
  private final DuetRounds duets;
  // what the rounds have measured, set from the journal once when they start
  private ForkLedger ledger;
  /** Whether the host has stayed busy in this run (said once, when it raises the most forks a cell). */
  private boolean busySeen;

  /** Rounds of {@code scenario}'s forks as {@code options} say, for the run {@code session} holds. */
  ForkRounds(RunSession session, StoreRegistry registry, RunListener listener, Scenario scenario,
      RunOptions options, QuietHost quietHost, Duet duet) {
    this.session = session;
    this.registry = registry;
    this.listener = listener;
    this.quietHost = quietHost;
    this.waitQuiet = options.waitQuiet();
    int forks = scenario.repetitions().forks();
    // a duet's fork is not run again alone: its partners ran beside it, and a pair disturbed on both sides counts
    this.noisyReruns = forks > 0 && duet == null ? options.noisyReruns() : 0;
    this.fixedRounds = Math.max(1, forks);
    // forks are added only to forked cells: in-process cells share one JVM, whose figures are not samples
    this.adding = forks > 0 ? options.adaptive() : AdaptiveForks.OFF;
    this.host = new BusyHost(listener, noisyReruns);
    this.duets = duet == null ? null : new DuetRounds(this, session, listener, duet);
    this.budget = options.budget().isZero() ? RunBudget.none() : new RunBudget(options.budget(),
        c -> CellEstimate.of(c, registry.require(c.storeId()).footprint()).estimatedSeconds());
  }

  /**
   * Runs every fork of {@code cells} that is not in {@code ended} (cell ids with a result) and
   * returns whether the run completed; false when it was stopped, a cell was interrupted or the work
   * directory went. Throws {@link RunJournal.NotWritten} when a result could not be written.
   */
  boolean run(List<CellParams> cells, Set<String> ended) throws IOException {
    ledger = ForkLedger.resumedFrom(session.journal());
    WorkArea area = session.work();
    // the rounds a busy host may need: addForks ends them sooner where the host is quiet
    int rounds = adding.on() ? Math.max(fixedRounds, adding.busyHostMaxForks()) : fixedRounds;
    if (adding.on()) {
      listener.notice("forks: " + fixedRounds + " a cell, then one more a round for the cells not yet precise: "
          + adding.describe());
    }
    long started = System.nanoTime();
    long lastRoundNanos = 0;
    for (int round = 1; round <= rounds; round++) {
      if (round > fixedRounds) {
        // no round is started that the last one's length says would end past the budget
        boolean budgetSpent = Duration.ofNanos(System.nanoTime() - started + lastRoundNanos)
            .compareTo(adding.timeBudget()) > 0;
        if (!addForks(cells, ended, budgetSpent, round)) {
          break;
        }
      }
      long roundStart = System.nanoTime();
      host.roundStarted();
      List<Integer> todo = new ArrayList<>();
      for (int i = 0; i < cells.size(); i++) {
        CellParams cell = cells.get(i);
        if (!ended.contains(cell.id()) && ledger.forksOf(cell.id()).size() < round) {
          todo.add(i);
        }
      }
      if (round % 2 == 0) {
        Collections.reverse(todo);
      }
      // the most rounds as the limits now stand: 6 on a quiet host, 10 once it has stayed busy
      int ofRounds = adding.on() ? Math.max(fixedRounds, limitsNow().maxForks()) : fixedRounds;
      if (ofRounds > 1 && !todo.isEmpty()) {
        listener.roundStarted(round, ofRounds, todo.size());
      }
      // with forks to add, no fork is known to be the last: each is journaled, the cell ended by addForks
      int forks = adding.on() ? Integer.MAX_VALUE : rounds;
      for (List<Integer> batch : batches(todo, cells)) {
        if (session.stopped() || workAreaGone(area)) {
          return false;
        }
        List<CellParams> batchCells = batch.stream().map(cells::get).toList();
        if (!budget.leavesRoomFor(batchCells, duets != null)) {
          return budgetSpent(cells, ended, round);
        }
        long forkStart = System.nanoTime();
        List<CellResult> results = batch.size() == 1
            ? List.of(runFork(cells.get(batch.get(0)), batch.get(0), area, round, forks))
            : duets.run(batch, cells, area, round, forks);
        batchCells.forEach(c -> budget.forkTook(c, System.nanoTime() - forkStart));
        for (int k = 0; k < batch.size(); k++) {
          CellParams cell = cells.get(batch.get(k));
          CellResult result = results.get(k);
          if (round == rounds && !adding.on() || result.outcome() != Outcome.RAN) {
            ended.add(cell.id());
          }
          listener.cellFinished(cell, result);
        }
        if (results.stream().anyMatch(r -> r.outcome() == Outcome.INTERRUPTED)) {
          return false;
        }
      }
      lastRoundNanos = System.nanoTime() - roundStart;
      host.roundEnded(round);
    }
    // the cells still adding forks when the rounds ran out: as precise as they got
    addForks(cells, ended, true, rounds + 1);
    return true;
  }

  /**
   * Ends, with their forks combined and why they stopped, the cells that need no more forks (every
   * cell when {@code stopAll}: the time budget is spent, or the rounds ran out); returns whether any
   * cell still needs one, and says how many and why. Only for a run that adds forks.
   */
  private boolean addForks(List<CellParams> cells, Set<String> ended, boolean stopAll, int round)
      throws IOException {
    Map<String, List<CellResult>> forks = new LinkedHashMap<>();
    for (CellParams c : cells) {
      if (!ended.contains(c.id())) {
        List<CellResult> ran = ledger.forksOf(c.id());
        if (!ran.isEmpty()) {
          forks.put(c.id(), ran);
        }
      }
    }
    if (forks.isEmpty()) {
      return false;
    }
    if (!adding.on()) {
      // a run resumed from one that added forks: its cells end with the forks they have
      for (Map.Entry<String, List<CellResult>> f : forks.entrySet()) {
        keep(ForkMerge.combine(f.getValue()));
        ended.add(f.getKey());
      }
      return false;
    }
    Map<String, CellResult> finished = ledger.finished();
    List<CellResult> partners = cells.stream().map(c -> finished.get(c.id())).filter(Objects::nonNull).toList();
    AdaptiveForks rule = limitsNow();
    Map<String, ForkJudge.Decision> decisions = rule.judge().judge(forks, partners, rule);
    int more = 0;
    boolean maxed = false;
    String widest = null;
    for (Map.Entry<String, List<CellResult>> f : forks.entrySet()) {
      // a cell the judge leaves out is done
      ForkJudge.Decision d = decisions.getOrDefault(f.getKey(), new ForkJudge.Decision(ForkJudge.Next.DONE, ""));
      List<CellResult> ran = f.getValue();
      boolean anotherFork = d.next().wantsFork();
      // on a host that stays busy the next fork would be disturbed as the last were: only a paired
      // comparison, which counts a pair disturbed on both sides, still gains from it
      boolean uselessHere = host.staysBusy() && d.next() == ForkJudge.Next.ANOTHER_UNDISTURBED_FORK;
      if (anotherFork && !uselessHere && !stopAll && ran.size() < rule.maxForks()) {
        more++;
        widest = widest == null ? d.detail() : widest;
        continue;
      }
      ForkStop.Reason why = d.next() == ForkJudge.Next.OUT_OF_REACH ? ForkStop.Reason.OUT_OF_REACH
          : !anotherFork ? ForkStop.Reason.PRECISE
          : uselessHere ? ForkStop.Reason.HOST_BUSY
          : ran.size() >= rule.maxForks() ? ForkStop.Reason.MAX_FORKS
          : ForkStop.Reason.TIME_BUDGET;
      maxed |= why == ForkStop.Reason.MAX_FORKS;
      keep(ForkMerge.combine(ran).withForkStop(new ForkStop(why, ran.size(),
          why == ForkStop.Reason.HOST_BUSY ? host.whyBusy() : d.detail())));
      ended.add(f.getKey());
    }
    if (more > 0) {
      listener.notice(String.format(Locale.ROOT, "round %d: %d of %d cells get another fork (e.g. %s)", round, more,
          forks.size(), widest));
    } else if ((stopAll || maxed) && decisions.values().stream().anyMatch(d -> d.next().wantsFork())) {
      listener.notice("forks: " + (maxed || round > rule.maxForks() ? "the most forks a cell is given were reached"
          : "the time budget is spent") + "; cells not yet precise say so in the result (forkStop)");
    }
    return more > 0;
  }

  /**
   * The limits for the next round: once the host has stayed busy, its most forks a cell for the rest
   * of the run (said once), since a pair disturbed on both sides spreads wider and needs more rounds;
   * a quiet round later does not take the disturbed pairs out of the samples. Beside a constant loop
   * one round the host left alone had put the limit back to 6 and ended cells at 8 forks.
   */
  private AdaptiveForks limitsNow() {
    if (!busySeen && host.staysBusy()) {
      busySeen = true;
      if (adding.busyHostMaxForks() != adding.maxForks()) {
        listener.notice("forks: the host stays busy, so a cell may have up to " + adding.busyHostMaxForks()
            + " forks (not " + adding.maxForks() + "): pairs disturbed on both sides spread wider and need more"
            + " rounds to decide; --max-forks sets one limit for both");
      }
    }
    return busySeen ? adding.onBusyHost() : adding;
  }

  /**
   * The cells of {@code todo} (indexes into {@code cells}, in the round's order) as they run: one
   * at a time, or in a duet run the variants of one workload together (in the run's order), the
   * workloads in the order the first of each comes.
   */
  private List<List<Integer>> batches(List<Integer> todo, List<CellParams> cells) {
    if (duets == null) {
      return todo.stream().map(List::of).toList();
    }
    // each in the run's order: a duet seats its cells by it ({@link Duet#sides})
    return Duet.byWorkload(todo, cells::get).stream().map(b -> b.stream().sorted().toList()).toList();
  }

  /**
   * The run's budget would be passed by the next fork: the cells with forks end with those (their
   * forkStop says the budget ended them), and a cell with none is left to a resume. Returns whether
   * every cell has its result.
   */
  private boolean budgetSpent(List<CellParams> cells, Set<String> ended, int round) throws IOException {
    long none = cells.stream().filter(c -> !ended.contains(c.id()) && ledger.forksOf(c.id()).isEmpty()).count();
    listener.notice(String.format(Locale.ROOT, "budget: %s of %s spent in round %d; no fork starts that would end"
            + " past it%s", human(budget.elapsed()), human(budget.budget()), round, none == 0 ? ""
            : "; " + none + " cell" + (none == 1 ? " has" : "s have") + " no fork, and a resume runs them (kvbench"
                + " run --resume)"));
    addForks(cells, ended, true, round);
    return none == 0;
  }

  /** "4m05s", "50s". */
  static String human(Duration d) {
    long s = Math.round(d.toMillis() / 1000.0);
    return s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
  }

  /** True, and said once, when the work directory was removed from under the run: no further cell can run. */
  private boolean workAreaGone(WorkArea area) {
    if (!area.gone()) {
      return false;
    }
    listener.warning("the work directory " + area.root() + " was removed while the run went on; stopped. Every"
        + " finished cell is kept; finish the run by resuming it (kvbench run --resume RESULTS)");
    return true;
  }

  /**
   * Runs fork {@code fork} of {@code forks} of {@code cell} and journals it: the fork alone while
   * more are to come, else the cell, its forks combined (a fork that did not run to its end, or a
   * cell the store cannot run, ends the cell at once). Returns what was journaled.
   */
  private CellResult runFork(CellParams cell, int index, WorkArea area, int fork, int forks) throws IOException {
    StoreProvider provider = provider(cell);
    listener.cellStarted(cell);
    CellResult unsupported = unsupported(provider, cell);
    if (unsupported != null) {
      return unsupported;
    }
    session.cellInFlight(provider, cell);
    String name = directoryName(cell, index);
    CellResult ran = runOnce(provider, cell, area, name, fork, forks);
    for (int rerun = 1; rerun <= noisyReruns && ran.outcome() == Outcome.RAN && !session.stopped()
        && !host.staysBusy(); rerun++) {
      String disturbed = BusyHost.disturbed(ran);
      if (disturbed == null || !host.rerunsStillHelp()) {
        break;
      }
      // kept in the journal (nothing measured is lost), then replaced by the attempt run now
      keepFork(fork, ran);
      listener.notice(String.format(Locale.ROOT, "%s fork %d: %s; run again (%d of %d)", cell.label(), fork, disturbed,
          rerun, noisyReruns));
      ran = runOnce(provider, cell, area, name, fork, forks);
      host.rerunEnded(ran);
    }
    return forkEnded(cell, area, ran, fork, forks);
  }

  /** The store of {@code cell}, as the run's libraries record it. */
  StoreProvider provider(CellParams cell) {
    return RunLibraries.recordedAs(cell, registry.require(cell.storeId()));
  }

  /** Why {@code cell}'s store cannot run it, its result journaled, or null where it can. */
  CellResult unsupported(StoreProvider provider, CellParams cell) throws IOException {
    String unsupported = CellRunner.unsupportedReason(provider, cell);
    if (unsupported == null) {
      return null;
    }
    CellResult result = CellResults.unsupported(provider, cell, unsupported);
    keep(result);
    return result;
  }

  /** The name of cell {@code index}'s directories in the work area (and of its diagnostics). */
  static String directoryName(CellParams cell, int index) {
    return String.format(Locale.ROOT, WorkArea.CELL_PREFIX + "%04d-%s", index + 1,
        cell.label().replace(' ', '-').replace('/', '-'));
  }

  /**
   * Journals fork {@code fork} of {@code forks} of {@code cell}, which ended as {@code ran}: the
   * fork alone while more are to come, else the cell, its forks combined (a fork that did not run
   * to its end ends the cell at once). Returns what was journaled.
   */
  CellResult forkEnded(CellParams cell, WorkArea area, CellResult ran, int fork, int forks) throws IOException {
    host.forkEnded(ran);
    if (ran.outcome() == Outcome.RAN && fork < forks) {
      keepFork(fork, ran);
      return ran;
    }
    List<CellResult> all = new ArrayList<>(ledger.forksBefore(cell.id(), fork));
    all.add(ran);
    CellResult result = ForkMerge.combine(all);
    if (result.outcome() == Outcome.FAILED && area.gone()) {
      // its store lost its files with the directory: not the store's failure, and worth running again
      result = result.withOutcome(Outcome.INTERRUPTED, "interrupted: the work directory " + area.root()
          + " was removed while the cell ran (" + result.error() + ")");
    }
    keep(result);
    return result;
  }

  /** Journals a cell's result, then keeps it for the rounds. */
  void keep(CellResult cell) throws IOException {
    session.journal().add(cell);
    ledger.ended(cell);
  }

  /** Journals fork {@code number} of a cell, then keeps it for the rounds. */
  private void keepFork(int number, CellResult fork) throws IOException {
    session.journal().addFork(number, fork);
    ledger.fork(number, fork);
  }

  /** One attempt at fork {@code fork} of {@code cell}, in a directory of its own that is removed after. */
  private CellResult runOnce(StoreProvider provider, CellParams cell, WorkArea area, String name, int fork,
      int forks) {
    awaitQuiet("fork " + fork + " of " + cell.label());
    session.cellInFlight(provider, cell);
    try {
      return runIn(session.executor(), provider, cell, area, name, fork, forks);
    } finally {
      session.cellInFlight(provider, null);
    }
  }

  /** With waitQuiet, waits for a quiet host before {@code what} starts. */
  void awaitQuiet(String what) {
    if (!waitQuiet.isZero() && quietHost != null) {
      try {
        quietHost.await(waitQuiet, what);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Fork {@code fork} of {@code cell} run by {@code cells} in a directory of its own, removed after. */
  static CellResult runIn(dev.kvbench.run.CellExecutor cells, StoreProvider provider, CellParams cell, WorkArea area,
      String name, int fork, int forks) {
    try {
      Path directory = area.newDirectory(name + (forks > 1 ? "-fork" + fork : ""));
      try {
        return cells.run(provider, cell, directory, directory.getFileName().toString());
      } finally {
        area.delete(directory);
      }
    } catch (java.io.UncheckedIOException e) {
      if (!area.gone()) {
        throw e;
      }
      return CellResults.ended(provider, cell, Outcome.INTERRUPTED, "interrupted: the work directory "
          + area.root() + " was removed while the cell ran", null);
    }
  }
}
