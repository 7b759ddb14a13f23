package dev.kvbench.run;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.result.CellResult;
import dev.kvbench.store.StoreProvider;
import java.nio.file.Path;

/** Runs one cell somewhere: in this JVM, or in a fresh one. */
public interface CellExecutor {

  /**
   * Runs {@code cell} in {@code directory} (new and empty, deleted by the caller afterwards).
   * Never throws for a store's failure, a crash or a hang of the cell: those become its result.
   */
  CellResult run(StoreProvider provider, CellParams cell, Path directory, String name);

  /** Stops the cell in flight, if any, from another thread (Ctrl-C, SIGTERM). */
  default void stop() {}
}
