package dev.kvbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kvbench.host.HostFiles;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MemoryFootprintTest {

  @Test
  void nativeMemoryTrackingsCommittedTotalIsReadFromItsSummary() {
    String summary = """
        Native Memory Tracking:

        (Omitting categories weighting less than 1KB)

        Total: reserved=1578012KB, committed=112940KB
               malloc: 17368KB #25341
               mmap:   reserved=1560644KB, committed=95572KB

        -                 Java Heap (reserved=393216KB, committed=24576KB)
        """;
    assertThat(MemoryFootprint.nmtCommittedBytes(summary)).isEqualTo(112_940L * 1024);
    assertThat(MemoryFootprint.nmtCommittedBytes("Native memory tracking is not enabled")).isNull();
  }

  /** This test JVM runs without Native Memory Tracking: its footprint says so with a null, not a 0. */
  @Test
  void aFootprintHoldsWhatTheJvmAndTheStoreSay() {
    MemoryFootprint m = MemoryFootprint.now(HostFiles.system(), Map.of("cache", 4096L));
    assertThat(m.heapUsedBytes()).isPositive().isLessThanOrEqualTo(m.heapCommittedBytes());
    assertThat(m.store()).containsEntry("cache", 4096L);
    assertThat(m.nativeCommittedBytes()).isNull();
    if (m.anonymousRssBytes() != null) {
      assertThat(m.anonymousRssBytes()).isPositive();
      assertThat(m.fileRssBytes()).isPositive();
    }
  }

  @Test
  void aThreadsAllocationCountsWhatItAllocated() {
    ThreadCosts before = ThreadCosts.ofCurrentThread();
    assumeTrue(before.allocatedBytes() != null, "this JVM does not count a thread's allocation");
    byte[][] kept = new byte[10][];
    for (int i = 0; i < kept.length; i++) {
      kept[i] = new byte[100_000];
    }
    ThreadCosts spent = ThreadCosts.ofCurrentThread().since(before);
    assertThat(kept[9]).hasSize(100_000);
    assertThat(spent.allocatedBytes()).isGreaterThanOrEqualTo(1_000_000L);
    assertThat(spent.plus(ThreadCosts.UNKNOWN).allocatedBytes()).isNull();
  }
}
