package dev.kvbench.store;

import org.apiguardian.api.API;

/**
 * A base for a store whose library takes and returns byte arrays (MapDB, MVStore, iq80 LevelDB):
 * its sessions are made here, so the adapter is its native calls in an {@link ArrayWriter} and an
 * {@link ArrayReader}, its provider and its settings. A session holds nothing of its own; each
 * write or read pass gets a new writer or reader.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public abstract class ArrayStore implements Store {

  @Override
  public final Session openSession() {
    return new Session() {
      @Override
      public Writer beginWrite(WriteOrder order) {
        return writer(order);
      }

      @Override
      public Reader beginRead() {
        return reader();
      }

      @Override
      public void close() {}
    };
  }

  /** A writer for one write pass; {@code order} says whether keys come ascending, for a library with an append path. */
  protected abstract ArrayWriter writer(WriteOrder order);

  /** A reader for one read pass, over what was committed when it began where the library keeps snapshots. */
  protected abstract ArrayReader reader();
}
