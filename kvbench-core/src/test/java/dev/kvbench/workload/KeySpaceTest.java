package dev.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

class KeySpaceTest {

  @Test
  void aPrecomputedRandomOrderIsThePermutationItself() {
    long n = 100_003;
    KeySpace keys = new KeySpace(n, KeyEncoding.INT, KeyOrder.RND, 9);
    IndexPermutation permutation = new IndexPermutation(n, 9);
    for (long position = 0; position < n; position++) {
      assertThat(keys.indexAt(position)).isEqualTo(permutation.apply(position));
    }
  }

  @Test
  void theSeedReportsOrderIsPinnedThroughTheKeySpaceToo() {
    KeySpace keys = new KeySpace(1_000_000, KeyEncoding.INT, KeyOrder.RND, 20160710);
    long[] first = new long[IndexPermutationTest.PINNED.length];
    for (int i = 0; i < first.length; i++) {
      first[i] = keys.indexAt(i);
    }
    assertThat(first).containsExactly(IndexPermutationTest.PINNED);
  }

  @Test
  void aSequentialOrderIsTheIdentity() {
    KeySpace keys = new KeySpace(1_000, KeyEncoding.INT, KeyOrder.SEQ, 9);
    for (long position = 0; position < 1_000; position++) {
      assertThat(keys.indexAt(position)).isEqualTo(position);
    }
  }

  @Test
  void beyondTheArrayLimitTheOrderIsComputedWithNoArray() {
    long n = KeySpace.PRECOMPUTED_ORDER_MAX_KEYS + 1;
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    new KeySpace(10, KeyEncoding.INT, KeyOrder.RND, 9).indexAt(3);  // loads the classes before counting
    long before = threads.getThreadAllocatedBytes(thread);
    KeySpace keys = new KeySpace(n, KeyEncoding.INT, KeyOrder.RND, 9);
    long used = threads.getThreadAllocatedBytes(thread) - before;
    assertThat(used).as("bytes allocated for %d keys", n).isLessThan(4096);
    IndexPermutation permutation = new IndexPermutation(n, 9);
    for (long position : new long[] {0, 1, n / 2, n - 1}) {
      assertThat(keys.indexAt(position)).isEqualTo(permutation.apply(position));
    }
  }

  @Test
  void withinTheLimitTheOrderIsHeldInAnArrayBuiltOnce() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    long before = threads.getThreadAllocatedBytes(thread);
    KeySpace keys = new KeySpace(1 << 20, KeyEncoding.INT, KeyOrder.RND, 9);
    long built = threads.getThreadAllocatedBytes(thread) - before;
    assertThat(built).as("an int per key").isGreaterThanOrEqualTo(4L << 20);
    long sum = 0;
    long afterBuild = threads.getThreadAllocatedBytes(thread);
    for (long position = 0; position < 1 << 20; position++) {
      sum += keys.indexAt(position);
    }
    assertThat(threads.getThreadAllocatedBytes(thread) - afterBuild).as("bytes allocated reading it").isLessThan(1024);
    assertThat(sum).isEqualTo((1L << 20) * ((1L << 20) - 1) / 2);
  }
}
