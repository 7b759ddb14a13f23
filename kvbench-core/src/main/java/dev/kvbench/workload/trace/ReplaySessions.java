package dev.kvbench.workload.trace;

import dev.kvbench.store.Reader;
import dev.kvbench.store.Session;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.util.Arrays;

/**
 * A replay's open sessions and their open transactions, by recorded session number (sessions are
 * numbered from 0 as they opened): arrays, since a boxed map lookup per operation cost the replay.
 */
final class ReplaySessions {

  Session[] sessions = new Session[8];
  Writer[] writers = new Writer[8];
  Reader[] readers = new Reader[8];

  /** Session {@code id}, opened on {@code store} the first time it is named. */
  Session session(Store store, int id) {
    if (id >= sessions.length) {
      int size = Math.max(id + 1, 2 * sessions.length);
      sessions = Arrays.copyOf(sessions, size);
      writers = Arrays.copyOf(writers, size);
      readers = Arrays.copyOf(readers, size);
    }
    if (sessions[id] == null) {
      sessions[id] = store.openSession();
    }
    return sessions[id];
  }

  /** Closes every open transaction, then every session. */
  void closeAll() {
    closeAll(writers);
    closeAll(readers);
    closeAll(sessions);
  }

  private static void closeAll(AutoCloseable[] open) {
    for (int i = 0; i < open.length; i++) {
      if (open[i] != null) {
        try {
          open[i].close();
        } catch (Exception e) {
          throw e instanceof RuntimeException r ? r : new IllegalStateException(e);
        } finally {
          open[i] = null;
        }
      }
    }
  }
}
