package dev.kvbench.store;

import org.apiguardian.api.API;

/** One thread's handle on a store. Not thread-safe; one writer or reader open at a time. */
@API(status = API.Status.STABLE, since = "0.6.0")
public interface Session extends AutoCloseable {

  /** Begins a write transaction or batch. */
  Writer beginWrite(WriteOrder order);

  /** Begins a read transaction (a snapshot where the store has them). */
  Reader beginRead();

  @Override
  void close();
}
