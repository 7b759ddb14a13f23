package dev.kvbench.workload;

/**
 * N keys with an encoding and a visiting order. Position p of a pass visits key index {@link
 * #indexAt(long)}; the key bytes come from {@link KeyFormat#encode}.
 *
 * <p>A random order of up to {@link #PRECOMPUTED_ORDER_MAX_KEYS} keys is computed once, when the
 * key space is made (outside any timed pass), into an int array that passes read as the anchor
 * reads its shuffled key array: about 0.3 ns an op where computing the permutation took 4. Larger
 * orders, or ones whose array would take more than a sixteenth of the heap, are computed per
 * position. Either way it is the same order.
 */
public final class KeySpace {

  /** Keys up to which a random order is held in an array: 64 MiB of ints. */
  public static final long PRECOMPUTED_ORDER_MAX_KEYS = 1L << 24;

  private final long count;
  private final KeyFormat encoding;
  private final KeyOrder order;
  private final long seed;
  private final IndexPermutation permutation;
  // the permutation's first count values, or null where it is computed per position
  private final int[] precomputed;

  public KeySpace(long count, KeyFormat encoding, KeyOrder order, long seed) {
    if (count < 0) {
      throw new IllegalArgumentException("key count must be >= 0: " + count);
    }
    if (count > encoding.capacity()) {
      throw new IllegalArgumentException(
          count + " keys do not fit the " + encoding.id() + " encoding (at most " + encoding.capacity() + ")");
    }
    this.count = count;
    this.encoding = encoding;
    this.order = order;
    this.seed = seed;
    this.permutation = order == KeyOrder.RND ? new IndexPermutation(count, seed) : null;
    this.precomputed = permutation != null && fitsArray(count) ? precompute(permutation) : null;
  }

  private static boolean fitsArray(long count) {
    return count <= PRECOMPUTED_ORDER_MAX_KEYS && count * Integer.BYTES <= Runtime.getRuntime().maxMemory() / 16;
  }

  private static int[] precompute(IndexPermutation permutation) {
    int[] indexes = new int[(int) permutation.size()];
    for (int position = 0; position < indexes.length; position++) {
      indexes[position] = (int) permutation.apply(position);
    }
    return indexes;
  }

  public long count() {
    return count;
  }

  public KeyFormat encoding() {
    return encoding;
  }

  public KeyOrder order() {
    return order;
  }

  public long seed() {
    return seed;
  }

  /** Key index visited at {@code position} of a pass. */
  public long indexAt(long position) {
    if (precomputed != null) {
      return precomputed[(int) position];
    }
    return permutation == null ? position : permutation.apply(position);
  }
}
