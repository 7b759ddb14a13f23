package dev.kvbench.workload;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Which keys a mixed workload's operations ask for. The first six are YCSB 0.17's CoreWorkload
 * generators with its constants (tested against its code); the others are kvbench's.
 */
@API(status = API.Status.STABLE, since = "0.6.0")
public enum RequestDistribution {
  /** YCSB's uniform: every loaded key equally likely (keys inserted during the run are never asked for). */
  UNIFORM,
  /**
   * YCSB's scrambled zipfian: a zipfian over 10^10 ranks (constant 0.99) folded onto the key
   * space with {@code fnvhash64(rank) % (loaded + expected new keys + 1)}, a draw of a key not
   * yet inserted drawn again. The hot keys are a function of the key space's size only: the same
   * in every pass, phase and run.
   */
  ZIPFIAN,
  /** YCSB's skewed latest: a zipfian over insertion order, newest first, the newest insert included. */
  LATEST,
  /** YCSB's hotspot: {@link KeyChooser#HOT_OP_FRACTION} of the ops go to the first {@link KeyChooser#HOT_SET_FRACTION} of the loaded keys. */
  HOTSPOT,
  /**
   * YCSB's exponential: the newest key present minus an exponential draw whose 95th percentile is
   * 0.8571428571 (6/7) of the loaded keys ({@code exponential.percentile} and {@code
   * exponential.frac} at YCSB's defaults), drawn again below key 0: recent keys hot, as in a log.
   */
  EXPONENTIAL,
  /**
   * YCSB's sequential: the loaded keys in order, 0, 1, 2 …, starting over after the last; one
   * sequence shared by every client of the phase, as YCSB's one generator is by its threads.
   */
  SEQUENTIAL,
  /**
   * Not YCSB's: a zipfian over exactly the keys loaded when the phase starts, its ranks put on a
   * seeded permutation of them (kvbench 0.4's "zipfian"). Every key reachable, no two ranks on one
   * key, so the hot set is much hotter than YCSB's at the same constant.
   */
  ZIPFIAN_LOADED,
  /** Each thread walks every key once per pass in an order of its own (the readers workload). */
  PERMUTATION;

  /** The name in lower case, words joined by hyphens, as outputs and options write it. */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /** Whether YCSB 0.17 has this distribution under the same name. */
  public boolean ycsb() {
    return ordinal() <= SEQUENTIAL.ordinal();
  }

  public static RequestDistribution fromId(String id) {
    for (RequestDistribution d : values()) {
      if (d.id().equals(id.trim().toLowerCase(Locale.ROOT))) {
        return d;
      }
    }
    throw new IllegalArgumentException("unknown request distribution '" + id + "'; valid: "
        + Arrays.stream(values()).map(RequestDistribution::id).collect(Collectors.joining(", ")));
  }
}
