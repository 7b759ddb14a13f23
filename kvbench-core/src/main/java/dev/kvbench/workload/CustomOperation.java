package dev.kvbench.workload;

import org.apiguardian.api.API;

/**
 * Your own operation or transaction, run by kvbench's client threads as one timed op of a {@link
 * Phase#CUSTOM} phase: kvbench opens the op's transaction, calls {@link #run}, and commits it (or
 * closes a read-only one); the op's latency runs from the transaction's start to the commit's return.
 *
 * <pre>{@code
 * CustomOperation transfer = op -> {
 *   long from = op.randomKey(), to = op.randomKey();
 *   op.get(from);
 *   op.get(to);
 *   op.put(from);
 * };
 * }</pre>
 *
 * <p>Every client thread calls the same instance, each with a context of its own: keep no
 * per-call state in fields. Forked cells re-create it from its class (see {@link KeyFormat}).
 */
@FunctionalInterface
@API(status = API.Status.STABLE, since = "0.6.0")
public interface CustomOperation {

  /** One op: reads and writes through {@code op}, inside the transaction kvbench opened for it. */
  void run(OperationContext op);
}
