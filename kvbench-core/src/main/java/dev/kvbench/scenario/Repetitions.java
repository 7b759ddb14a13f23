package dev.kvbench.scenario;

import java.util.HashMap;
import java.util.Map;

/**
 * How often a scenario's cells are measured: the values of the {@code repetitions:} section, kept
 * by row ({@link RepetitionSettings}), so a new one is its row and the code that reads it.
 */
public final class Repetitions extends RowValues<Repetitions> {

  /**
   * What the presets use unless they say otherwise: 3 forks (the fewest that give a figure an
   * interval, see kvbench-stats' ForkRatio), 2 warm-up and 3 measured passes each.
   */
  public static final Repetitions DEFAULT = new Repetitions(Map.of());

  /**
   * The most forks a cell may have: each is a JVM of its own, so far beyond any interval's need (3
   * to 10 give one); a larger number is a typo that would run for days, refused as too many cells is.
   */
  public static final int MAX_FORKS = 1000;

  /**
   * Repetitions with a warm cache and no commit trace.
   *
   * @param forks fresh JVMs per cell (each runs the cell once; their passes are reported together);
   *     0 runs every cell inside the calling JVM, for tests and embedding
   * @param warmupPasses untimed passes of each phase before the measured ones, at least
   * @param warmupMillis and at least this long
   * @param measuredPasses timed passes of each phase; the tables show their median with min and max
   */
  public Repetitions(int forks, int warmupPasses, long warmupMillis, int measuredPasses) {
    this(counts(forks, warmupPasses, warmupMillis, measuredPasses));
    check();
  }

  /** Values as they are: the public constructor and {@link #with} check them. */
  private Repetitions(Map<Setting<Repetitions, ?>, Object> values) {
    super(values);
  }

  private static Map<Setting<Repetitions, ?>, Object> counts(int forks, int warmupPasses, long warmupMillis,
      int measuredPasses) {
    Map<Setting<Repetitions, ?>, Object> values = new HashMap<>();
    values.put(RepetitionSettings.FORKS, forks);
    values.put(RepetitionSettings.WARMUP_PASSES, warmupPasses);
    values.put(RepetitionSettings.WARMUP_MILLIS, warmupMillis);
    values.put(RepetitionSettings.MEASURED, measuredPasses);
    values.entrySet().removeIf(e -> e.getValue().equals(e.getKey().defaultValue()));
    return values;
  }

  @Override
  protected Repetitions copy(Map<Setting<Repetitions, ?>, Object> values) {
    return new Repetitions(values);
  }

  @Override
  protected void check() {
    int forks = forks();
    if (forks < 0 || forks > MAX_FORKS) {
      throw new ScenarioException("/repetitions/forks", "repetitions.forks must be 0 (in-process) to " + MAX_FORKS
          + " (each fork is a JVM per cell; 3 to 10 give a figure its interval), got " + forks);
    }
    // validates the counts with the plan's own messages
    passPlan();
  }

  /** Fresh JVMs per cell; 0 runs every cell inside the calling JVM. */
  public int forks() {
    return get(RepetitionSettings.FORKS);
  }

  /** Untimed passes of each phase before the measured ones, at least. */
  public int warmupPasses() {
    return get(RepetitionSettings.WARMUP_PASSES);
  }

  /** The warm-up's passes last at least this long together, in milliseconds. */
  public long warmupMillis() {
    return get(RepetitionSettings.WARMUP_MILLIS);
  }

  /** Timed passes of each phase. */
  public int measuredPasses() {
    return get(RepetitionSettings.MEASURED);
  }

  /** The page cache each measured read pass starts with: warm, or cold (dropped). */
  public ReadCache readCache() {
    return get(RepetitionSettings.READ_CACHE);
  }

  /** Whether each measured write pass records every commit (latency, bytes written, pages). */
  public boolean traceCommits() {
    return get(RepetitionSettings.TRACE_COMMITS);
  }

  public PassPlan passPlan() {
    return new PassPlan(warmupPasses(), warmupMillis(), measuredPasses(), readCache(), traceCommits());
  }
}
