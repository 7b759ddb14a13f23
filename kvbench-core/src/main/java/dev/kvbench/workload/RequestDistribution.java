package dev.kvbench.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Which keys a mixed workload's operations ask for: YCSB's request distributions. */
public enum RequestDistribution {
  /** Every key equally likely. */
  UNIFORM,
  /**
   * Zipfian over the keys, scrambled: rank r goes to a seeded permutation of the key space, so
   * the hot keys spread over it instead of sitting together at its start (YCSB hashes the rank
   * instead; a permutation keeps every key reachable and no two ranks on one key).
   */
  ZIPFIAN,
  /** Zipfian over insertion order, newest first: the recently inserted keys are the hot ones. */
  LATEST,
  /** A hot set of {@link KeyChooser#HOT_SET_FRACTION} of the keys gets {@link KeyChooser#HOT_OP_FRACTION} of the ops. */
  HOTSPOT,
  /** Each thread walks every key once per pass in an order of its own (the readers workload). */
  PERMUTATION;

  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static RequestDistribution fromId(String id) {
    for (RequestDistribution d : values()) {
      if (d.id().equals(id)) {
        return d;
      }
    }
    throw new IllegalArgumentException("unknown request distribution '" + id + "'; valid: "
        + Arrays.stream(values()).map(RequestDistribution::id).collect(Collectors.joining(", ")));
  }
}
