package dev.kvbench.workload;

/**
 * N keys with an encoding and a visiting order. Position p of a pass visits key index {@link
 * #indexAt(long)}; the key bytes come from {@link KeyFormat#encode}.
 */
public final class KeySpace {

  private final long count;
  private final KeyFormat encoding;
  private final KeyOrder order;
  private final long seed;
  private final IndexPermutation permutation;

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
    return permutation == null ? position : permutation.apply(position);
  }
}
