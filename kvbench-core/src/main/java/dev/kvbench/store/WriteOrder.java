package dev.kvbench.store;

import org.apiguardian.api.API;

/**
 * What the harness promises about the keys it will put, so a store can use its fast path
 * (LMDB's MDB_APPEND, Xodus' putRight) only when that is correct.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public enum WriteOrder {
  /** Every key is greater (unsigned byte order) than the one before, and none exists yet. */
  ASCENDING,
  /** No promise. */
  ANY
}
