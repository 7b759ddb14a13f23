package dev.kvbench.workload;

import java.util.Locale;
import org.apiguardian.api.API;

/** The order in which a phase visits the key space. */
@API(status = API.Status.STABLE, since = "0.6.0")
public enum KeyOrder {
  /** Indexes 0..N-1 ascending: the seeds' "Seq". */
  SEQ,
  /** A seeded random permutation of 0..N-1, every key exactly once: the seeds' "Rnd". */
  RND;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static KeyOrder fromId(String id) {
    for (KeyOrder o : values()) {
      if (o.id().equals(id)) {
        return o;
      }
    }
    throw new IllegalArgumentException("unknown order '" + id + "': use seq or rnd");
  }
}
