package dev.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.BitSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class IndexPermutationTest {

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 7, 8, 9, 1000, 65_535, 65_536, 65_537, 1_000_003})
  void isABijectionOnZeroToN(long n) {
    IndexPermutation p = new IndexPermutation(n, 42);
    BitSet seen = new BitSet((int) n);
    for (long i = 0; i < n; i++) {
      long x = p.apply(i);
      assertThat(x).isBetween(0L, n - 1);
      assertThat(seen.get((int) x)).as("index %d produced twice", x).isFalse();
      seen.set((int) x);
    }
    assertThat(seen.cardinality()).isEqualTo((int) n);
  }

  @Test
  void sameSeedSameOrderOtherSeedOtherOrder() {
    long n = 100_000;
    IndexPermutation a = new IndexPermutation(n, 7);
    IndexPermutation b = new IndexPermutation(n, 7);
    IndexPermutation c = new IndexPermutation(n, 8);
    int differ = 0;
    for (long i = 0; i < n; i++) {
      assertThat(a.apply(i)).isEqualTo(b.apply(i));
      if (a.apply(i) != c.apply(i)) {
        differ++;
      }
    }
    assertThat(differ).isGreaterThan((int) (n * 0.99));
  }

  /** Pinned values: the order must be the same on every machine and JVM, forever. */
  @Test
  void orderIsPinnedAcrossMachines() {
    IndexPermutation p = new IndexPermutation(1_000_000, 20160710);
    long[] first = new long[5];
    for (int i = 0; i < first.length; i++) {
      first[i] = p.apply(i);
    }
    assertThat(first).containsExactly(PINNED);
  }

  static final long[] PINNED = {385_476, 599_046, 410_098, 825_623, 137_408};

  @Test
  void looksRandomNotSequential() {
    long n = 1_000_000;
    IndexPermutation p = new IndexPermutation(n, 1);
    int adjacent = 0;
    int fixed = 0;
    long prev = p.apply(0);
    for (long i = 1; i < n; i++) {
      long x = p.apply(i);
      if (Math.abs(x - prev) == 1) {
        adjacent++;
      }
      if (x == i) {
        fixed++;
      }
      prev = x;
    }
    assertThat(adjacent).as("consecutive positions mapping to neighbouring keys").isLessThan(100);
    assertThat(fixed).as("fixed points").isLessThan(100);
  }

  @Test
  void aBillionKeysCostNoMoreMemoryThanAThousand() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    long small = allocatedBy(threads, id, 1_000);
    long huge = allocatedBy(threads, id, 1_000_000_000);
    assertThat(huge).isLessThan(small + 1024);
  }

  private static long allocatedBy(com.sun.management.ThreadMXBean threads, long thread, long n) {
    long before = threads.getThreadAllocatedBytes(thread);
    KeySpace keys = new KeySpace(n, KeyEncoding.INT, KeyOrder.RND, 3);
    long sum = 0;
    for (long i = 0; i < 1000; i++) {
      sum += keys.indexAt(i);
    }
    long used = threads.getThreadAllocatedBytes(thread) - before;
    assertThat(sum).isGreaterThanOrEqualTo(0);
    return used;
  }
}
