package dev.kvbench.run;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.store.Store;
import dev.kvbench.workload.trace.Recording;
import dev.kvbench.workload.trace.TraceWriter;
import java.nio.file.Path;

/**
 * A cell's phases on its loaded store, recorded to a trace ({@code run --record-to DIR}, {@code
 * Benchmark.recordTo}): the store the phases get is a {@link Recording} of the loaded one, and
 * closing this moves the whole trace into place, {@code DIR/<cell id>.kvbtrace}. A recording that
 * fails (a full disk) never fails the cell: the run is told, and no partial trace is left.
 */
final class PhaseRecording implements AutoCloseable {

  private final TraceWriter trace;
  private final Store store;
  private final Path file;
  private final RunListener listener;

  private PhaseRecording(TraceWriter trace, Store store, Path file, RunListener listener) {
    this.trace = trace;
    this.store = store;
    this.file = file;
    this.listener = listener;
  }

  /** A recording of {@code store} into {@code directory}, or none (the store as it is) where the directory is null. */
  static PhaseRecording of(Path directory, CellParams cell, Store store, RunListener listener) {
    if (directory == null) {
      return new PhaseRecording(null, store, null, listener);
    }
    Path file = directory.resolve(fileName(cell.id()));
    TraceWriter trace = TraceWriter.create(file, "kvbench cell " + cell.id());
    listener.notice("recording " + cell.id() + " to " + file + ": its figures include the recording's cost");
    return new PhaseRecording(trace, Recording.of(store, trace), file, listener);
  }

  /** A cell id as a file name: letters, digits, '.', '_', '-' kept, each other character '_'. */
  static String fileName(String cellId) {
    return cellId.replaceAll("[^A-Za-z0-9._-]", "_") + ".kvbtrace";
  }

  /** The store the cell's phases use. */
  Store store() {
    return store;
  }

  /** Ends the trace: it is at its name when this returns, or the run was told why not. */
  @Override
  public void close() {
    if (trace == null) {
      return;
    }
    try {
      trace.close();
      listener.notice("recorded " + file + " (kvbench trace info " + file + " describes it)");
    } catch (RuntimeException e) {
      listener.warning("the recording " + file + " was not kept: " + e.getMessage());
    }
  }
}
