package dev.kvbench.scenario;

import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.Traffic;

/**
 * How the threaded phases load the store: how many clients, driven how, running which of the
 * user's operations.
 *
 * @param threads client threads of the threaded phases (readers, ycsb-a ...), each with its own
 *     session; 1 when the cell runs none
 * @param traffic how the threaded phases are driven: rate, duration, operations
 * @param custom the user's operations of a {@link dev.kvbench.workload.Phase#CUSTOM} phase; {@link
 *     CustomMix#NONE} without one
 */
public record Load(int threads, Traffic traffic, CustomMix custom) {

  /** One client, default traffic, no custom operations: a cell of the 2016 reports' phases. */
  public static final Load SINGLE = new Load(1, Traffic.DEFAULT, CustomMix.NONE);

  public Load {
    traffic = traffic == null ? Traffic.DEFAULT : traffic;
    custom = custom == null ? CustomMix.NONE : custom;
    if (threads < 1) {
      throw new ScenarioException("/matrix/threads", "matrix.threads must be at least 1, got " + threads);
    }
  }
}
