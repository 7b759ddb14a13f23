package dev.kvbench.scenario;

import dev.kvbench.workload.KeyOrder;

/**
 * How a cell's data is written: in which order of keys, and how many puts each write transaction
 * (or batch) commits.
 *
 * @param order the order keys are put and, for readKey, read in
 * @param batchSize entries per write transaction or batch; >= entries means one for all
 */
public record WriteShape(KeyOrder order, long batchSize) {

  public WriteShape {
    java.util.Objects.requireNonNull(order, "order");
    if (batchSize < 1) {
      throw new ScenarioException("/matrix/batchSizes", "matrix.batchSizes must be at least 1, got " + batchSize);
    }
  }
}
