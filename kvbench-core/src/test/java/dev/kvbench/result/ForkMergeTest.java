package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cell's forks become one result that keeps every pass with its fork, its figure a fork's. */
class ForkMergeTest {

  private static PassResult pass(double millis) {
    return PassResult.of(1000, (long) (millis * 1e6), null, 0);
  }

  private static CellResult fork(double... millis) {
    List<PassResult> passes = java.util.Arrays.stream(millis).mapToObj(ForkMergeTest::pass).toList();
    return new CellResult("c", "s", "lib", "1", null, Map.of(), Map.of(), null,
        List.of(PhaseResult.measured("write", passes, PhaseResult.Latency.NONE, true, null, null)), null,
        CellResult.Outcome.RAN, null, null);
  }

  @Test
  void everyPassKeepsItsForkAndTheFigureIsTheMedianForksMedian() {
    // fork 1's median is 10, fork 2's 30, fork 3's 20: the figure is fork 3's median pass
    CellResult merged = ForkMerge.combine(List.of(fork(9, 10, 11), fork(1, 30, 31), fork(20, 20, 40)));
    PhaseResult write = merged.phases().get(0);
    assertThat(write.passes()).extracting(PassResult::fork).containsExactly(1, 1, 1, 2, 2, 2, 3, 3, 3);
    assertThat(write.forkMedians()).extracting(PassResult::passMillis).containsExactly(10.0, 30.0, 20.0);
    assertThat(write.passMillis()).isEqualTo(20.0);
    assertThat(write.medianPass().fork()).isEqualTo(3);
    // min and max stay those of every pass; the median of all nine passes would have been 20 by chance only
    assertThat(write.minPassMillis()).isEqualTo(1.0);
    assertThat(write.maxPassMillis()).isEqualTo(40.0);
  }

  private static CellResult storing(long afterClose) {
    CellResult f = fork(10);
    return new CellResult(f.cellId(), f.store(), f.library(), f.libraryVersion(), null, Map.of(), Map.of(), null,
        f.phases(), StorageResult.of(new dev.kvbench.measure.StorageSize(afterClose + 1, afterClose + 1),
            new dev.kvbench.measure.StorageSize(afterClose, afterClose), 100), CellResult.Outcome.RAN, null, null);
  }

  @Test
  void everyForksBytesAfterCloseAreKeptBesideTheLastForksStorage() {
    CellResult merged = ForkMerge.combine(List.of(storing(4096), storing(8192), storing(6144)));

    assertThat(merged.storage().allocatedBytes().afterClose()).isEqualTo(6144);
    assertThat(merged.storage().allocatedBytesByFork()).containsExactly(4096L, 8192L, 6144L);
    assertThat(merged.storage().forkSamples()).containsExactly(4096L, 8192L, 6144L);
    // one fork: its own bytes are the one sample
    assertThat(ForkMerge.combine(List.of(storing(4096))).storage().forkSamples()).containsExactly(4096L);
  }

  @Test
  void oneForksPassesAreMarkedAsItsAndItsFiguresStay() {
    CellResult one = fork(5, 7, 6);
    CellResult merged = ForkMerge.combine(List.of(one));
    assertThat(merged.phases().get(0).passes()).extracting(PassResult::fork).containsOnly(1);
    assertThat(merged.phases().get(0).passMillis()).isEqualTo(6.0);
    assertThat(merged.phases().get(0).forkMedians()).hasSize(1);
  }

  @Test
  void passesThatDoNotSayTheirForkAreOneSample() {
    PhaseResult old = fork(1, 2, 3, 4).phases().get(0);
    assertThat(old.forkMedians()).extracting(PassResult::passMillis).containsExactly(2.0);
    assertThat(old.passMillis()).isEqualTo(2.0);
  }

  /** A threaded phase of one fork: its passes, per-thread figures and a histogram of {@code samples} gets. */
  private static CellResult threadedFork(int samples, double... millis) {
    List<PassResult> passes = java.util.Arrays.stream(millis).mapToObj(ForkMergeTest::pass).toList();
    org.HdrHistogram.Histogram gets = new org.HdrHistogram.Histogram(3_600_000_000_000L, 3);
    for (int i = 1; i <= samples; i++) {
      gets.recordValue(i * 1_000L);
    }
    ThreadedFigures figures = new ThreadedFigures(2,
        List.of(new ThreadedFigures.ThreadFigures(0, 500, millis[0], samples)),
        Map.of("read", dev.kvbench.measure.LatencySummary.of(gets)),
        Map.of("read", dev.kvbench.measure.HistogramCodec.encode(gets)), Map.of(), ThreadedFigures.FROM_OP_START, 0,
        0, null, "uniform");
    PhaseResult readers = PhaseResult.measured("readers", passes, PhaseResult.Latency.NONE, true, null, null)
        .withThreaded(figures).withAmplification(new Amplification(Amplification.Direction.READ, 1000, samples, 0.5));
    return new CellResult("c", "s", "lib", "1", null, Map.of(), Map.of(), null, List.of(readers), null,
        CellResult.Outcome.RAN, null, null);
  }

  @Test
  void aThreadedPhaseKeepsItsFiguresFromTheFigureForkAndItsLatencyFromEveryFork() {
    // fork medians 10, 30, 20: fork 3's is the figure
    CellResult merged = ForkMerge.combine(List.of(threadedFork(100, 10, 10, 10), threadedFork(200, 30, 30, 30),
        threadedFork(300, 20, 20, 20)));
    PhaseResult readers = merged.phases().get(0);
    assertThat(readers.medianPass().fork()).isEqualTo(3);
    ThreadedFigures t = readers.threaded();
    assertThat(t).isNotNull();
    assertThat(t.perThread()).extracting(ThreadedFigures.ThreadFigures::opsPerSec).containsExactly(300.0);
    assertThat(t.latencyNanosByOperation().get("read").samples()).isEqualTo(600);
    assertThat(dev.kvbench.measure.HistogramCodec.decode(t.latencyHistogramByOperation().get("read"))
        .getTotalCount()).isEqualTo(600);
    assertThat(readers.amplification()).extracting(Amplification::deviceBytes).containsExactly(300L);
  }
}
