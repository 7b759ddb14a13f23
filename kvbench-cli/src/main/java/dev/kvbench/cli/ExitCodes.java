package dev.kvbench.cli;

/** kvbench's exit codes, as documented in the README. */
public final class ExitCodes {
  /** Every cell ran and every phase was ok or unsupported. */
  public static final int OK = 0;
  /** The run finished but at least one phase failed (error or verification). */
  public static final int BENCHMARK_FAILED = 1;
  /** Bad input: unknown option, store or phase, invalid size, unusable directory. Nothing ran. */
  public static final int USAGE = 2;
  /** kvbench itself failed: a bug. */
  public static final int INTERNAL = 3;
  /**
   * The results' file system filled up (or failed) during the run: it stopped cleanly, every cell
   * finished before is kept whole, and {@code --resume} finishes it once there is room.
   */
  public static final int RESULTS_NOT_WRITTEN = 4;

  private ExitCodes() {}
}
