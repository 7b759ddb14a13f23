package dev.kvbench.store;

/** One thread's handle on a store. Not thread-safe; one writer or reader open at a time. */
public interface Session extends AutoCloseable {

  /** Begins a write transaction or batch. */
  Writer beginWrite(WriteOrder order);

  /** Begins a read transaction (a snapshot where the store has them). */
  Reader beginRead();

  @Override
  void close();
}
