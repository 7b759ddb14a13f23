package dev.kvbench.scenario;


/**
 * How often a scenario's cells are measured.
 *
 * @param forks fresh JVMs per cell (each runs the cell once; their passes are reported
 *     together); 0 runs every cell inside the calling JVM, for tests and embedding
 * @param warmupPasses untimed passes of each phase before the measured ones, at least
 * @param warmupMillis and at least this long
 * @param measuredPasses timed passes of each phase; the tables show their median with min and max
 * @param readCache the page cache each measured read pass starts with: warm, or cold (dropped)
 * @param traceCommits each measured write pass records every commit (latency, bytes written,
 *     pages)
 */
public record Repetitions(int forks, int warmupPasses, long warmupMillis, int measuredPasses, ReadCache readCache,
    boolean traceCommits) {

  public Repetitions(int forks, int warmupPasses, long warmupMillis, int measuredPasses) {
    this(forks, warmupPasses, warmupMillis, measuredPasses, ReadCache.WARM, false);
  }

  /**
   * What the presets use unless they say otherwise: 3 forks (the fewest that give a figure an
   * interval, see kvbench-report's ForkRatio), 2 warm-up and 3 measured passes each.
   */
  public static final Repetitions DEFAULT = new Repetitions(3, 2, 1000, 3);

  /**
   * The most forks a cell may have: each is a JVM of its own, so far beyond any interval's need (3
   * to 10 give one); a larger number is a typo that would run for days, refused as too many cells is.
   */
  public static final int MAX_FORKS = 1000;

  public Repetitions {
    if (forks < 0 || forks > MAX_FORKS) {
      throw new ScenarioException("/repetitions/forks", "repetitions.forks must be 0 (in-process) to " + MAX_FORKS
          + " (each fork is a JVM per cell; 3 to 10 give a figure its interval), got " + forks);
    }
    readCache = readCache == null ? ReadCache.WARM : readCache;
    // validates the counts with the plan's own messages (a compact constructor sees parameters, not fields)
    new PassPlan(warmupPasses, warmupMillis, measuredPasses, readCache, traceCommits);
  }

  public PassPlan passPlan() {
    return new PassPlan(warmupPasses, warmupMillis, measuredPasses, readCache, traceCommits);
  }

  /** The same repetitions in {@code count} fresh JVMs per cell (0: in-process). */
  public Repetitions withForks(int count) {
    return new Repetitions(count, warmupPasses, warmupMillis, measuredPasses, readCache, traceCommits);
  }

  /** The same repetitions with {@code passes} warm-up passes lasting at least {@code millis} together. */
  public Repetitions withWarmup(int passes, long millis) {
    return new Repetitions(forks, passes, millis, measuredPasses, readCache, traceCommits);
  }

  /** The same repetitions with {@code passes} measured passes. */
  public Repetitions withMeasuredPasses(int passes) {
    return new Repetitions(forks, warmupPasses, warmupMillis, passes, readCache, traceCommits);
  }

  /** The same repetitions with measured read passes starting from {@code cache}. */
  public Repetitions withReadCache(ReadCache cache) {
    return new Repetitions(forks, warmupPasses, warmupMillis, measuredPasses, cache, traceCommits);
  }

  /** The same repetitions, with or without a trace of every commit of the measured write passes. */
  public Repetitions withTraceCommits(boolean trace) {
    return new Repetitions(forks, warmupPasses, warmupMillis, measuredPasses, readCache, trace);
  }
}
