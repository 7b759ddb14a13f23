package dev.kvbench.workload;

import org.apiguardian.api.API;

/**
 * The share of readKey's gets that ask for a key the store does not hold (readMissing's absent
 * keys, mixed in): which positions miss is a fixed function of the position, the same in every
 * pass and store, so the misses are spread over the pass and the check knows each one.
 *
 * @param fraction from 0 (every get a loaded key) up to, not including, 1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.7.0")
public record MissFraction(double fraction) {

  /** No misses: readKey as the seeds run it. */
  public static final MissFraction NONE = new MissFraction(0);

  private static final long SALT = 0x3C6E_F372_FE94_F82BL;

  public MissFraction {
    if (!(fraction >= 0 && fraction < 1)) {
      throw new IllegalArgumentException("a miss fraction is at least 0 and below 1 (0.1: one get in ten asks for an"
          + " absent key), not " + fraction);
    }
  }

  /** Whether any get misses. */
  public boolean any() {
    return fraction > 0;
  }

  /** Whether the get at {@code position} of a pass asks for an absent key. */
  public boolean misses(long position) {
    if (fraction == 0) {
      return false;
    }
    // SplitMix64's finaliser of the position: uniform over 53 bits, compared with the fraction
    long z = ValueGenerator.mix64(position * 0x9E37_79B9_7F4A_7C15L + SALT);
    return (z >>> 11) * 0x1.0p-53 < fraction;
  }
}
