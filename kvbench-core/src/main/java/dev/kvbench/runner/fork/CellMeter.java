package dev.kvbench.runner.fork;

import dev.kvbench.result.CellResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What wraps or watches a forked cell's JVM from outside the measured code, as JMH's external
 * profilers do: words its command line starts with (perf stat, numactl, taskset), options for the
 * JVM (an agent), a recording the cell makes of itself (the Flight Recorder), and what the meter
 * adds to the cell's result once the JVM has ended. {@link CellMeters} makes the meters a run's
 * JVM settings ask for, refusing or leaving out one the host cannot give; {@link ForkedCells}
 * runs them, naming none.
 */
public interface CellMeter {

  /**
   * One fork's places.
   *
   * @param jvmDirectory the cell's JVM's working directory, removed with the cell
   * @param diagnostics the cell's diagnostics directory, kept with the results (not made until a
   *     meter makes it)
   */
  record Fork(Path jvmDirectory, Path diagnostics) {}

  /** Words the cell's command line starts with, before the next meter's and {@code java}. */
  default List<String> launcher(Fork fork) throws IOException {
    return List.of();
  }

  /** Options for the cell's JVM, after the scenario's. */
  default List<String> jvmOptions(Fork fork) throws IOException {
    return List.of();
  }

  /** A Flight Recorder file the cell records itself into, from its start to its result; null for none. */
  default Path selfRecording(Fork fork) throws IOException {
    return null;
  }

  /** {@code result} with what this meter recorded of the fork, launched at {@code launchedMillis}. */
  default CellResult recorded(CellResult result, Fork fork, long launchedMillis) {
    return result;
  }

  /**
   * Undoes what {@link #launcher} or {@link #jvmOptions} made outside the fork's directories (a
   * cgroup), once the fork's JVM has ended or could not start; throws IOException where it cannot.
   */
  default void release(Fork fork) throws IOException {}
}
