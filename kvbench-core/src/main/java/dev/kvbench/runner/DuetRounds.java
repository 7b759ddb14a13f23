package dev.kvbench.runner;

import dev.kvbench.host.CpuList;
import dev.kvbench.result.CellResult;
import dev.kvbench.run.RunListener;
import dev.kvbench.run.WorkArea;
import dev.kvbench.runner.fork.ForkedCells;
import dev.kvbench.runner.fork.PassBarrier;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.StoreProvider;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A duet run's forks of one round and workload (jvm.duet): every variant's fork at once, each JVM
 * on its side's CPUs ({@link Duet#sides}), their measured passes started together ({@link
 * PassBarrier}), so fork k of each ran over the same seconds and a comparison's pair k shares
 * whatever the host did then. The first side's progress shows as it runs; the others' phases are
 * shown when the duet ends, so no phase line stands under another cell's name. Each fork is then
 * journaled as a fork run alone is.
 */
final class DuetRounds {

  private final ForkRounds rounds;
  private final RunSession session;
  private final RunListener listener;
  private final Duet duet;

  DuetRounds(ForkRounds rounds, RunSession session, RunListener listener, Duet duet) {
    this.rounds = rounds;
    this.session = session;
    this.listener = listener;
    this.duet = duet;
  }

  /**
   * Runs fork {@code fork} of {@code forks} of the cells {@code batch} names (indexes into {@code
   * cells}, one workload's variants, in the run's order, which seats them) at once and returns what
   * was journaled for each, in order.
   */
  List<CellResult> run(List<Integer> batch, List<CellParams> cells, WorkArea area, int fork, int forks)
      throws IOException {
    CellResult[] out = new CellResult[batch.size()];
    List<Integer> running = new ArrayList<>();
    List<StoreProvider> providers = new ArrayList<>();
    for (int k = 0; k < batch.size(); k++) {
      CellParams cell = cells.get(batch.get(k));
      StoreProvider provider = rounds.provider(cell);
      CellResult unsupported = rounds.unsupported(provider, cell);
      if (unsupported != null) {
        listener.cellStarted(cell);
        out[k] = unsupported;
      } else {
        running.add(k);
        providers.add(provider);
      }
    }
    if (running.isEmpty()) {
      return List.of(out);
    }
    List<CellParams> together = running.stream().map(k -> cells.get(batch.get(k))).toList();
    List<CpuList> cpus = duet.sides(together, fork);
    if (!(session.executor() instanceof ForkedCells forked)) {
      throw new IllegalStateException("a duet runs forked cells, and this run's cells run in its JVM");
    }
    rounds.awaitQuiet("fork " + fork + " of " + String.join(", ", together.stream().map(CellParams::label).toList()));
    List<String> placed = new ArrayList<>();
    for (int i = 0; i < together.size(); i++) {
      placed.add(together.get(i).label() + " on CPU" + (cpus.get(i).cpus().size() == 1 ? " " : "s ") + cpus.get(i));
    }
    listener.notice(String.format(Locale.ROOT, "duet, fork %d: %s, side by side; their measured passes start"
        + " together", fork, String.join(", ", placed)));
    PassBarrier barrier = new PassBarrier();
    List<PassBarrier.Side> sides = together.stream().map(c -> barrier.join()).toList();
    List<ForkedCells> executors = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(together.size(), r -> {
      Thread t = new Thread(r, "kvbench-duet-side");
      t.setDaemon(true);
      return t;
    });
    List<CellResult> ran = new ArrayList<>();
    listener.cellStarted(together.get(0));
    session.cellInFlight(providers.get(0), together.get(0));
    try {
      List<Future<CellResult>> futures = new ArrayList<>();
      for (int i = 0; i < together.size(); i++) {
        ForkedCells side = forked.duetSide(cpus.get(i), sides.get(i), i == 0 ? listener : messagesOnly(listener));
        executors.add(side);
        CellParams cell = together.get(i);
        StoreProvider provider = providers.get(i);
        String name = ForkRounds.directoryName(cell, batch.get(running.get(i)));
        futures.add(pool.submit(() -> ForkRounds.runIn(side, provider, cell, area, name, fork, forks)));
      }
      for (Future<CellResult> f : futures) {
        ran.add(await(f));
      }
    } finally {
      pool.shutdownNow();
      executors.forEach(forked::sideEnded);
      session.cellInFlight(providers.get(0), null);
    }
    for (int i = 1; i < together.size(); i++) {
      CellParams cell = together.get(i);
      listener.cellStarted(cell);
      ran.get(i).phases().forEach(p -> listener.phaseFinished(cell, p));
    }
    for (int i = 0; i < together.size(); i++) {
      out[running.get(i)] = rounds.forkEnded(together.get(i), area, ran.get(i), fork, forks);
    }
    return List.of(out);
  }

  /** A side's result; what went wrong in its thread is thrown here, as a fork run alone throws it. */
  private static CellResult await(Future<CellResult> side) {
    try {
      return side.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while a duet ran", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(e.getCause());
    }
  }

  /** What a side other than the first tells the user while it runs: its notices and warnings, no progress. */
  private static RunListener messagesOnly(RunListener listener) {
    return new RunListener() {
      @Override
      public void notice(String message) {
        listener.notice(message);
      }

      @Override
      public void warning(String message) {
        listener.warning(message);
      }
    };
  }
}
