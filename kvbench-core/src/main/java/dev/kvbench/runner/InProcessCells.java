package dev.kvbench.runner;

import dev.kvbench.run.WorkArea;
import dev.kvbench.run.CellExecutor;
import dev.kvbench.run.CellRunner;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.result.CellResult;
import dev.kvbench.store.StoreProvider;
import java.nio.file.Path;

/** Runs cells inside the calling JVM ({@code forks: 0}): for tests and embedding; no crash isolation. */
final class InProcessCells implements CellExecutor {

  private final CellRunner runner;

  InProcessCells(CellRunner runner) {
    this.runner = runner;
  }

  @Override
  public CellResult run(StoreProvider provider, CellParams cell, Path directory, String name) {
    try (WorkArea work = WorkArea.open(directory)) {
      return runner.run(provider, cell, work).withPlacement(dev.kvbench.host.Placement.ofThisProcess(java.util.List.of()));
    }
  }
}
