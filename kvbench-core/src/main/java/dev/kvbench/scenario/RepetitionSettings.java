package dev.kvbench.scenario;

import java.util.List;

/**
 * The {@code repetitions:} section's settings, one row each: how many JVMs each cell runs in, the
 * warm-up and measured passes of each phase, the page cache a read pass starts with, and whether
 * write passes trace their commits. {@link Repetitions} keeps their values by row; each row's
 * default is the presets' (3 forks, 2 warm-up passes of at least 1000 ms, 3 measured passes).
 */
public final class RepetitionSettings {

  private RepetitionSettings() {}

  public static final Setting<Repetitions, Integer> FORKS = Setting.<Repetitions, Integer>of("repetitions", "forks")
      .flag("--forks", "N", "Fresh JVMs per cell (default: the scenario's; 3 in the default run and most presets),"
          + " each a sample kvbench compare counts (it needs 3 or more a side); 1 for a first look in a third of the"
          + " time; 0 runs every cell inside this JVM, without crash isolation.")
      .one(Setting.number(Integer::parseInt), String::valueOf)
      .keptByRow(3)
      .build();

  public static final Setting<Repetitions, Long> WARMUP_MILLIS = Setting.<Repetitions, Long>of("repetitions",
          "warmupMillis")
      .flag("--warmup", "MS", "At least this many milliseconds of untimed passes before each phase's measured"
          + " passes (default: the scenario's; 1000 in the default run and in a scenario file that sets none).")
      .one(Setting.number(Long::parseLong), String::valueOf)
      .keptByRow(1000L)
      .build();

  public static final Setting<Repetitions, Integer> WARMUP_PASSES = Setting.<Repetitions, Integer>of("repetitions",
          "warmupPasses")
      .flag("--warmup-passes", "N", "At least this many untimed passes before each phase's measured passes"
          + " (default: the scenario's; 1 in the default run, 2 in a scenario file that sets none).")
      .one(Setting.number(Integer::parseInt), String::valueOf)
      .keptByRow(2)
      .build();

  public static final Setting<Repetitions, Integer> MEASURED = Setting.<Repetitions, Integer>of("repetitions",
          "measured")
      .flag("--measured", "N", "Measured passes per phase; tables show their median with min-max (default: the"
          + " scenario's; 3 in the default run and in a scenario file that sets none).")
      .one(Setting.number(Integer::parseInt), String::valueOf)
      .keptByRow(3)
      .build();

  public static final Setting<Repetitions, ReadCache> READ_CACHE = Setting.<Repetitions, ReadCache>of("repetitions",
          "readCache")
      .flag("--drop-caches", null, "Write dirty pages back and drop the page cache before each measured read pass"
          + " (readKey, readSeq, readRev, readCrc, readXxh64), untimed, so read amplification is a cold cache's;"
          + " needs root.")
      .one(ReadCache::fromId, ReadCache::id)
      .switchTo(ReadCache.COLD)
      .keptByRow(ReadCache.WARM)
      .build();

  public static final Setting<Repetitions, Boolean> TRACE_COMMITS = Setting.<Repetitions, Boolean>of("repetitions",
          "traceCommits")
      .flag("--trace-commits", null, "Record every commit of each measured write pass: its latency, the bytes the"
          + " process wrote for it (/proc/self/io; a tmpfs counts none) and, for LMDB via LmdbJava, its pages; the"
          + " probes' time is left out of the pass time.")
      .one(ScenarioYaml::bool, String::valueOf)
      .switchTo(true)
      .keptByRow(false)
      .build();

  /** Every row, in the order a scenario file writes them. */
  public static final List<Setting<Repetitions, ?>> ALL = List.of(FORKS, WARMUP_PASSES, WARMUP_MILLIS, MEASURED,
      READ_CACHE, TRACE_COMMITS);
}
