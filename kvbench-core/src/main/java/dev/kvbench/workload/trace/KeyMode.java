package dev.kvbench.workload.trace;

import org.apiguardian.api.API;

/** What a trace keeps of each key. */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public enum KeyMode {
  /** The key's bytes: a replay reads and writes the application's own keys. */
  RAW("raw"),
  /**
   * A stable 8-byte pseudonym (a seeded 64-bit hash) and the key's length, so a trace can be shared
   * without its data: the same key always gets the same pseudonym under one seed, so popularity and
   * re-reads survive, but the keys' order does not (a scan from a pseudonym starts anywhere).
   */
  PSEUDONYMS("pseudonyms");

  private final String id;

  KeyMode(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  /** The mode named {@code id}, or null. */
  public static KeyMode ofId(String id) {
    for (KeyMode m : values()) {
      if (m.id.equals(id)) {
        return m;
      }
    }
    return null;
  }
}
