package dev.kvbench.scenario;

/**
 * How often each phase of a cell is run: untimed warm-up passes first, then the measured passes
 * whose figures are reported (their median, with min and max), so one noisy pass does not become
 * the figure.
 *
 * @param warmupPasses at least this many untimed passes before the first measured one
 * @param warmupMillis and at least this long: a 100,000-entry pass ends before the JIT has
 *     compiled the loop, so a pass count alone would measure the JIT warming up
 * @param measuredPasses timed passes per phase, each reported
 * @param readCache the page cache each measured read pass starts with
 * @param traceCommits each measured write pass records every commit: latency, bytes written and,
 *     where the store tells, its pages ({@link dev.kvbench.result.CommitTrace})
 */
public record PassPlan(int warmupPasses, long warmupMillis, int measuredPasses, ReadCache readCache,
    boolean traceCommits) {

  /** A plan whose read passes find the cache as the load left it, with no commit trace. */
  public PassPlan(int warmupPasses, long warmupMillis, int measuredPasses) {
    this(warmupPasses, warmupMillis, measuredPasses, ReadCache.WARM, false);
  }

  /** One cold, timed pass per phase: what a test or a quick look needs. */
  public static final PassPlan SINGLE_COLD = new PassPlan(0, 0, 1);

  public PassPlan {
    if (warmupPasses < 0) {
      throw new ScenarioException("/repetitions/warmupPasses", "repetitions.warmupPasses must be 0 or more, got "
          + warmupPasses);
    }
    if (warmupMillis < 0) {
      throw new ScenarioException("/repetitions/warmupMillis", "repetitions.warmupMillis must be 0 or more"
          + " milliseconds, got " + warmupMillis);
    }
    if (measuredPasses < 1) {
      throw new ScenarioException("/repetitions/measured", "repetitions.measured must be at least 1 pass, got "
          + measuredPasses);
    }
    readCache = readCache == null ? ReadCache.WARM : readCache;
  }

  /** True when any untimed pass runs before the measured ones. */
  public boolean warmsUp() {
    return warmupPasses > 0 || warmupMillis > 0;
  }
}
