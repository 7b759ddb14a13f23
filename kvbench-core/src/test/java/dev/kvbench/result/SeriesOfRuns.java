package dev.kvbench.result;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Result documents of a series of runs built by hand, for the history's tests: each run a cell per
 * store with a {@code write} and a {@code readKey} phase of 3 forks, their figures known (1000 ops a
 * pass, so ms per pass over 1000 is ms per op), some of them slowed from a given run on.
 */
public final class SeriesOfRuns {

  private static final Capabilities CAPS = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class),
      true, true, 511, 1 << 30);
  private static final OffsetDateTime FIRST = OffsetDateTime.parse("2026-11-01T10:00:00Z");

  private SeriesOfRuns() {}

  /**
   * A store's figures in a series.
   *
   * @param millis its forks' ms per pass before any slowdown
   * @param slowFrom the first run (1-based) that is slower, or 0 for none
   * @param factor how much slower from there
   */
  public record Store(String name, double millis, int slowFrom, double factor) {}

  /**
   * Run {@code number} of a series (started a day after the one before it): each store's cell, its
   * forks' figures drawn around the store's with {@code noise} (relative, Gaussian, seeded by the run).
   */
  public static ResultDocument run(int number, double noise, RunLabel label, Store... stores) {
    Random r = new Random(number * 7919L);
    List<CellResult> cells = new ArrayList<>();
    for (Store s : stores) {
      double level = s.millis() * (s.slowFrom() > 0 && number >= s.slowFrom() ? s.factor() : 1)
          * (1 + noise * r.nextGaussian());
      cells.add(cell(s.name(), phase("write", level, noise, r), phase("readKey", level / 2, noise, r)));
    }
    return new ResultDocument(ResultDocument.SCHEMA_VERSION, "0.1-test", FIRST.plusDays(number).toString(), "quick",
        1, List.of("run", "quick"), "name: quick\n", "1/1", environment(), cells, true, List.of(), label);
  }

  /** A cell of {@code store} whose run failed: no phases. */
  public static CellResult failedCell(String store) {
    return new CellResult(store + " int rnd 1000x100 batch=all nosync", store, "lib:" + store, "1.0", CAPS, Map.of(),
        Map.of(), params(), List.of(), null, CellResult.Outcome.FAILED, "the JVM crashed", null);
  }

  /** {@code d} with {@code cells} instead of its own. */
  public static ResultDocument withCells(ResultDocument d, List<CellResult> cells) {
    return new ResultDocument(d.schemaVersion(), d.kvbenchVersion(), d.startedAt(), d.scenarioName(), d.seed(),
        d.command(), d.scenario(), d.shard(), d.environment(), cells, d.completed(), d.resumedAt(), d.label());
  }

  /**
   * {@code d} with every pass of every fork marked as disturbed by other processes (the host was
   * busy throughout), and, where {@code unsupported} names a phase, that phase unsupported.
   */
  public static ResultDocument disturbed(ResultDocument d) {
    List<CellResult> cells = d.cells().stream().map(c -> c.withPhases(c.phases().stream()
        .map(p -> PhaseResult.measured(p.phase(), p.passes().stream().map(pass -> pass.withNoise(
            new dev.kvbench.measure.PassNoise(0, 0, 0, 50, pass.passMillis(),
                List.of(dev.kvbench.measure.PassNoise.Mark.OTHER_PROCESSES)))).toList(),
            PhaseResult.Latency.NONE, true, null, null)).toList())).toList();
    return withCells(d, cells);
  }

  /** {@code d} with {@code store}'s cells a reference store's, which keeps nothing (as the null store). */
  public static ResultDocument reference(ResultDocument d, String store) {
    Capabilities keepsNothing = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), true, false,
        511, 1 << 30);
    return withCells(d, d.cells().stream().map(c -> !c.store().equals(store) ? c
        : new CellResult(c.cellId(), c.store(), c.library(), c.libraryVersion(), keepsNothing, c.settings(),
            c.nativeSettings(), c.parameters(), c.phases(), c.storage(), c.outcome(), c.error(), c.diagnostics()))
        .toList());
  }

  /** {@code d} with its {@code phase} unsupported in every cell. */
  public static ResultDocument unsupported(ResultDocument d, String phase) {
    return withCells(d, d.cells().stream().map(c -> c.withPhases(c.phases().stream()
        .map(p -> p.phase().equals(phase) ? PhaseResult.unsupported(phase, c.store() + " cannot") : p).toList()))
        .toList());
  }

  private static PhaseResult phase(String name, double millis, double noise, Random r) {
    List<PassResult> passes = new ArrayList<>();
    for (int fork = 1; fork <= 3; fork++) {
      double ms = millis * (1 + noise * r.nextGaussian());
      passes.add(PassResult.of(1000, (long) (ms * 1e6), new CpuTime(ms * 0.9, ms * 0.1), 50_000_000)
          .withInterval(1_700_000_000_000L + fork * 1000L, null).withFork(fork));
    }
    return PhaseResult.measured(name, passes, PhaseResult.Latency.NONE, true, null, null);
  }

  private static CellResult cell(String store, PhaseResult... phases) {
    return new CellResult(store + " int rnd 1000x100 batch=all nosync", store, "lib:" + store, "1.0", CAPS, Map.of(),
        Map.of(), params(), List.of(phases), null, CellResult.Outcome.RAN, null, null);
  }

  private static CellResult.Parameters params() {
    return new CellResult.Parameters(1000, "int", 4, 100, "rnd", 1000, "nosync", 1, 16, 1, 0, 3);
  }

  private static Environment environment() {
    return new Environment("ci-host", "Test CPU", 2, 1L << 34, "Linux", "6.1", "amd64", "vendor", "17.0.1", "vm",
        List.of("-Xmx1g"), "/dev/shm/x", "tmpfs", 1024, 4096, "getrusage", true, 47.0, List.of("-Xmx2g"), List.of());
  }
}
