package dev.kvbench.runner;

import dev.kvbench.result.RunJournal;
import dev.kvbench.scenario.RowValues;
import dev.kvbench.scenario.Setting;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a run puts things, how it is described, and how it goes beyond the scenario: the run's
 * settings kept by row ({@link RunSettings}: work directory, output, shard, the cell limit, added
 * and rerun forks, the wait for a quiet host), and the command and kvbench version it records. A
 * new run setting is its row and the code that reads it.
 */
public final class RunOptions extends RowValues<RunOptions> {

  private final List<String> command;
  private final String kvbenchVersion;

  /**
   * A run of the scenario's forks with every other run setting at its default.
   *
   * @param workDir empty or new directory for the stores' files; null for a new one under /dev/shm
   *     (tmpfs) or the temp directory
   * @param output the result document; null for {@code kvbench-results/<scenario>-<time>-<pid>.json}
   * @param shard the part of the matrix this run runs; null for all of it
   * @param command the arguments the run was started with, recorded to rerun it
   * @param kvbenchVersion recorded in the result
   */
  public RunOptions(Path workDir, Path output, Shard shard, List<String> command, String kvbenchVersion) {
    this(command, kvbenchVersion, where(workDir, output, shard));
    check();
  }

  /** Values as they are: the public constructor and {@link #with} check them. */
  private RunOptions(List<String> command, String kvbenchVersion, Map<Setting<RunOptions, ?>, Object> values) {
    super(values);
    this.command = command == null ? List.of() : List.copyOf(command);
    this.kvbenchVersion = kvbenchVersion;
  }

  private static Map<Setting<RunOptions, ?>, Object> where(Path workDir, Path output, Shard shard) {
    Map<Setting<RunOptions, ?>, Object> values = new HashMap<>();
    if (workDir != null) {
      values.put(RunSettings.WORK_DIR, workDir);
    }
    if (output != null) {
      values.put(RunSettings.OUTPUT, output);
    }
    if (shard != null && !shard.equals(Shard.ALL)) {
      values.put(RunSettings.SHARD, shard);
    }
    return values;
  }

  @Override
  protected RunOptions copy(Map<Setting<RunOptions, ?>, Object> values) {
    return new RunOptions(command, kvbenchVersion, values);
  }

  /**
   * Refuses what a run cannot take, however it was set (a flag, a resumed run's command, a
   * program), naming the setting: the flags' parsers only read text.
   */
  @Override
  protected void check() {
    Path output = output();
    String badName = output == null ? null : RunJournal.whyNotADocumentName(output);
    if (badName != null) {
      throw new IllegalArgumentException(RunSettings.OUTPUT.name() + " " + badName);
    }
    if (maxCells() < 1) {
      throw new IllegalArgumentException(RunSettings.MAX_CELLS.name() + " " + maxCells() + ": give 1 or more");
    }
    int reruns = noisyReruns();
    if (reruns < 0 || reruns > RunSettings.MAX_NOISY_RERUNS) {
      throw new IllegalArgumentException(RunSettings.NOISY_RERUNS.name() + " " + reruns
          + ": give 0 (keep a disturbed fork as it is) to " + RunSettings.MAX_NOISY_RERUNS);
    }
    if (budget().isNegative()) {
      throw new IllegalArgumentException(RunSettings.BUDGET.name() + " " + budget() + ": must not be negative");
    }
    if (waitQuiet().isNegative()) {
      throw new IllegalArgumentException(RunSettings.WAIT_QUIET.name() + " " + waitQuiet() + ": must not be negative");
    }
  }

  /** The arguments the run was started with, recorded to rerun it. */
  public List<String> command() {
    return command;
  }

  /** The kvbench version the result records. */
  public String kvbenchVersion() {
    return kvbenchVersion;
  }

  /** The stores' directory; null for a new one. */
  public Path workDir() {
    return get(RunSettings.WORK_DIR);
  }

  /** Where each cell's operations after its load are recorded as a trace; null for nowhere. */
  public Path recordTo() {
    return get(RunSettings.RECORD_TO);
  }

  /** The result document; null for the default name. */
  public Path output() {
    return get(RunSettings.OUTPUT);
  }

  public Shard shard() {
    return get(RunSettings.SHARD);
  }

  /** The most cells a matrix may expand to before it is refused. */
  public long maxCells() {
    return get(RunSettings.MAX_CELLS);
  }

  /** Whether forks are added, after the scenario's, until the figures are precise enough. */
  public AdaptiveForks adaptive() {
    return get(RunSettings.ADAPTIVE);
  }

  /** How many times a fork the host disturbed is run again at once. */
  public int noisyReruns() {
    return get(RunSettings.NOISY_RERUNS);
  }

  /** The revision and note the user gave the run, or null for neither. */
  public dev.kvbench.result.RunLabel label() {
    return dev.kvbench.result.RunLabel.of(get(RunSettings.REVISION), get(RunSettings.NOTE));
  }

  /** How long the run may take: no fork starts that would end past it; zero for no bound. */
  public Duration budget() {
    return get(RunSettings.BUDGET);
  }

  /** The longest each fork waits, before it starts, for a quiet host. */
  public Duration waitQuiet() {
    return get(RunSettings.WAIT_QUIET);
  }
}
