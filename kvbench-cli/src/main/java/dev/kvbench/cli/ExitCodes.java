package dev.kvbench.cli;

/** kvbench's exit codes, as documented in the README. */
public final class ExitCodes {
  /** Every cell ran and every phase was ok or unsupported. */
  public static final int OK = 0;
  /** The run finished but at least one phase failed (error or verification). */
  public static final int BENCHMARK_FAILED = 1;
  /** Bad input: unknown option, store or phase, invalid size, unusable directory. Nothing ran. */
  public static final int USAGE = 2;
  /** kvbench itself failed (a bug, or the result file could not be written). */
  public static final int INTERNAL = 3;

  private ExitCodes() {}
}
