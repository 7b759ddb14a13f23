package dev.kvbench.workload;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** The seeds' phases, with their names as the seeds wrote them, and the workloads added since. */
public enum Phase {
  /** Load all N entries into an empty store, committing every batch-size entries. */
  WRITE("write"),
  /** Get every key, in the order it was written. */
  READ_KEY("readKey"),
  /** Full forward cursor pass. */
  READ_SEQ("readSeq"),
  /** Full reverse cursor pass. */
  READ_REV("readRev"),
  /** Forward pass computing a CRC32 over keys and values. */
  READ_CRC("readCrc"),
  /** Forward pass computing XXH64 (Zero-Allocation-Hashing) over keys and values. */
  READ_XXH64("readXxh64"),
  /**
   * ioarena's CRUD transactions (the libmdbx README's benchmark) into an empty store: for each key
   * a, put b (a key beyond the workload's), put a, delete b, get a, committing every batch-size
   * quadruples; each pass starts empty and ends holding the workload's N entries.
   */
  CRUD("crud");

  /** The six phases of the 2016 reports: what a scenario runs unless it names its phases. */
  public static final List<Phase> SEED_PHASES = List.of(WRITE, READ_KEY, READ_SEQ, READ_REV, READ_CRC, READ_XXH64);

  private final String id;

  Phase(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  /** Cursor phases need an ordered store; readRev also a reverse cursor. */
  public boolean needsOrderedScan() {
    return this == READ_SEQ || this == READ_REV || this == READ_CRC || this == READ_XXH64;
  }

  public static Phase fromId(String id) {
    for (Phase p : values()) {
      if (p.id.equals(id)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown phase '" + id + "'; valid phases: " + ids());
  }

  public static String ids() {
    return Arrays.stream(values()).map(Phase::id).collect(Collectors.joining(", "));
  }
}
