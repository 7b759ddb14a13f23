package dev.kvbench.runner;

import dev.kvbench.scenario.Durations;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.Setting;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The run's settings, one row each, as a scenario's are ({@link dev.kvbench.scenario.JvmSettings}):
 * where the run puts things and how it goes beyond the scenario, named {@code run.KEY} in messages.
 * {@link RunOptions} keeps their values; the CLI's flags and their wording come from these rows.
 */
public final class RunSettings {

  private RunSettings() {}

  public static final Setting<RunOptions, Path> WORK_DIR = Setting.<RunOptions, Path>run("workDir")
      .flag("--work-dir", "DIR", "Empty or new directory for the stores' files (default: a new directory under"
          + " /dev/shm when it is tmpfs, else the temp dir; removed afterwards).")
      .one(Path::of, dir -> dir == null ? null : dir.toString())
      .keptByRow(null)
      .build();

  public static final Setting<RunOptions, Path> OUTPUT = Setting.<RunOptions, Path>run("output")
      .flag("--output", "FILE", "Result document (default: kvbench-results/<scenario>-<time>-<pid>.json); its"
          + " journal is FILE with .jsonl. Never overwritten.")
      .one(Path::of, file -> file == null ? null : file.toString())
      .keptByRow(null)
      .build();

  public static final Setting<RunOptions, Shard> SHARD = Setting.<RunOptions, Shard>run("shard")
      .flag("--shard", "i/n", "Run only shard i of n: cells i, i+n, i+2n ... of the expanded matrix (for fleets).")
      .one(Shard::parse, Shard::toString)
      .keptByRow(Shard.ALL)
      .build();

  public static final Setting<RunOptions, Long> MAX_CELLS = Setting.<RunOptions, Long>run("maxCells")
      .flag("--max-cells", "N", "Refuse a matrix of more cells than this, before expanding it (default: 100,000):"
          + " each sweep multiplies the others, and a mistyped one should not run for weeks.")
      .one(Setting.number(Long::parseLong), String::valueOf)
      .keptByRow(Scenario.DEFAULT_MAX_CELLS)
      .build();

  /** The most reruns of one fork: a host that disturbs every attempt is not made quiet by more. */
  public static final int MAX_NOISY_RERUNS = 10;

  /** Forks the host disturbed are run again once, unless the caller says. */
  public static final int DEFAULT_NOISY_RERUNS = 1;

  public static final Setting<RunOptions, Integer> NOISY_RERUNS = Setting.<RunOptions, Integer>run("noisyReruns")
      .flag("--noisy-reruns", "N", "Run a fork the host disturbed (other processes, steal, its CPU held from"
          + " outside: what compare leaves out) again at once, up to N times (default: " + DEFAULT_NOISY_RERUNS
          + "; 0 keeps it as it is)."
          + " Every attempt stays in the journal; the last one counts.")
      .one(Setting.number(Integer::parseInt), String::valueOf)
      .keptByRow(DEFAULT_NOISY_RERUNS)
      .build();

  public static final Setting<RunOptions, Duration> WAIT_QUIET = Setting.<RunOptions, Duration>run("waitQuiet")
      .flag("--wait-quiet", "DURATION", "Before each fork, wait until other processes use under a quarter of a CPU"
          + " and steal is under 5 %% of one (over half a second), for at most DURATION (e.g. 60s, 5m); then the fork"
          + " runs anyway and the run says how busy the host still was.")
      .one(Durations::parse, d -> d.isZero() ? null : d.toString())
      .flagRefuses(d -> d.isZero() ? "0: give how long a fork may wait, e.g. 60s, or leave the flag out" : null)
      .keptByRow(Duration.ZERO)
      .build();

  public static final Setting<RunOptions, Duration> BUDGET = Setting.<RunOptions, Duration>run("runBudget")
      .flag("--budget", "DURATION", "A first answer within DURATION (e.g. 5m, 1h): the forks are run round by round"
          + " as always, forks are added only where a comparison is still undecided (--precision, 5%% unless given),"
          + " and no fork starts that the forks before it say would end past DURATION. The run says its estimate at"
          + " its start, and its summary what the budget decided and, for the rest, about how many forks would decide"
          + " them; cells left with no fork are finished by kvbench run --resume.")
      .one(Durations::parse, d -> d.isZero() ? null : d.toString())
      .flagRefuses(d -> d.isZero() ? "0: give how long the run may take, e.g. 5m, or leave the flag out" : null)
      .keptByRow(Duration.ZERO)
      .build();

  /** Forks added until the figures are precise enough; the CLI makes it of --precision, --max-forks, --time-budget. */
  public static final Setting<RunOptions, AdaptiveForks> ADAPTIVE = Setting.<RunOptions, AdaptiveForks>run("adaptive")
      .one(text -> {
        throw new IllegalArgumentException("is made of the precision, the most forks and the time budget");
      }, adaptive -> null)
      .keptByRow(AdaptiveForks.OFF)
      .build();

  public static final Setting<RunOptions, String> REVISION = Setting.<RunOptions, String>run("revision")
      .flag("--revision", "REV", "The revision of the code under test (a commit, tag or build number, e.g."
          + " $GITHUB_SHA), recorded in the result: kvbench history orders runs by it (--order revision).")
      .one(text -> label("revision", text, true), rev -> rev.isEmpty() ? null : rev)
      .keptByRow("")
      .build();

  public static final Setting<RunOptions, String> NOTE = Setting.<RunOptions, String>run("note")
      .flag("--note", "TEXT", "A note recorded with the run: a known change or an expected shift (e.g. \"new"
          + " allocator\"). kvbench history shows it beside the run, and its gate does not fail on a change the run"
          + " that starts it explains.")
      .one(text -> label("note", text, false), note -> note.isEmpty() ? null : note)
      .keptByRow("")
      .build();

  /**
   * A revision or a note as given, refused where it could mislead a reader: empty, or (where the
   * whole text is one name) blank, or holding a line break or a control character, which would
   * come back in history's and the report's lines and could drive a terminal.
   */
  private static String label(String name, String text, boolean oneWord) {
    if (text.isBlank()) {
      throw new IllegalArgumentException("is empty: give " + (oneWord ? "the revision under test, e.g."
          + " $(git rev-parse HEAD)" : "the note's text") + ", or leave it out");
    }
    String control = dev.kvbench.summary.ControlCharacters.firstIn(text);
    if (control != null) {
      throw new IllegalArgumentException("'" + dev.kvbench.summary.ControlCharacters.escape(text.replace("\n", "\\n"))
          + "' holds " + control
          + ": give the " + name + " on one line of printable text"
          + (oneWord ? " (a commit, tag or build number)" : ""));
    }
    return text.strip();
  }

  public static final Setting<RunOptions, Path> RECORD_TO = Setting.<RunOptions, Path>run("recordTo")
      .flag("--record-to", "DIR", "Write each cell's operations after its load (what its phases' sessions on the"
          + " loaded store do: the threaded and custom phases') to a trace, DIR/<cell id>.kvbtrace, to describe with"
          + " kvbench trace info and replay with --trace; the figures then include the recording's cost (a lock and"
          + " a few dozen bytes an operation). Needs cells in kvbench's own JVM (forks 0): the recording wraps the"
          + " store there.")
      .one(Path::of, dir -> dir == null ? null : dir.toString())
      .keptByRow(null)
      .build();

  /** Every row. */
  public static final List<Setting<RunOptions, ?>> ALL = List.of(WORK_DIR, OUTPUT, SHARD, MAX_CELLS, NOISY_RERUNS,
      WAIT_QUIET, BUDGET, ADAPTIVE, REVISION, NOTE, RECORD_TO);
}
