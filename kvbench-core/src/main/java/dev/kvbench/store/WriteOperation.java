package dev.kvbench.store;

import org.apiguardian.api.API;

/**
 * What a {@link Writer} can do besides putting new keys, as the mixed and CRUD workloads need it.
 * A store declares the ones it supports in {@link Capabilities#writeOperations()}; a workload that
 * needs one it lacks is reported unsupported for that store.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public enum WriteOperation {
  /** A put on a key that exists replaces its value (with {@link WriteOrder#RANDOM}). */
  OVERWRITE,
  /** {@link Writer#delete} removes a key. */
  DELETE,
  /**
   * {@link Writer#get} reads inside the write transaction and sees its own writes not yet
   * committed (stores whose batches cannot be read do not declare it).
   */
  GET_IN_WRITE
}
