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
}
