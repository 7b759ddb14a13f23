package dev.kvbench.store;

import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Durability normalised across stores; each adapter maps it to its native flags and reports
 * the flags it used.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public enum Durability {
  /** Every commit is on stable storage before it returns. */
  SYNC,
  /** Commits are logged or partly flushed; a crash may lose the last commits, never corrupt. */
  LAZY,
  /** Nothing is flushed by the store; the OS writes back when it likes (the seeds' setting). */
  NOSYNC;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Durability fromId(String id) {
    for (Durability d : values()) {
      if (d.id().equals(id)) {
        return d;
      }
    }
    throw new IllegalArgumentException(
        "unknown durability '" + id + "': use one of sync, lazy, nosync");
  }
}
