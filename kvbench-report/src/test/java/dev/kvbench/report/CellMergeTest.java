package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The same cell from several runs: every run's forks are samples of their own. */
class CellMergeTest {

  private static CellResult run(int... forks) {
    List<PassResult> passes = new java.util.ArrayList<>();
    for (int fork : forks) {
      passes.add(PassResult.of(1000, 10_000_000L + fork, null, 0).withFork(fork));
    }
    return Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED,
        PhaseResult.measured("write", passes, PhaseResult.Latency.NONE, true, null, null));
  }

  @Test
  void twoRunsOfThreeForksAreSixForks() {
    PhaseResult write = CellMerge.merge(List.of(run(1, 2, 3), run(1, 2, 3))).phases().get(0);
    assertThat(write.passes()).extracting(PassResult::fork).containsExactly(1, 2, 3, 4, 5, 6);
    assertThat(write.forkMedians()).hasSize(6);
  }

  @Test
  void runsWhosePassesDoNotSayTheirForkAreAForkEach() {
    PhaseResult write = CellMerge.merge(List.of(run(0, 0), run(0, 0, 0), run(1, 2))).phases().get(0);
    assertThat(write.passes()).extracting(PassResult::fork).containsExactly(1, 1, 2, 2, 2, 3, 4);
    assertThat(write.forkMedians()).hasSize(4);
  }

  /** Issue 46: the same cell with and without a memory limit measured the device, and the page cache: never one. */
  @Test
  void theSameCellUnderAMemoryLimitAndWithoutOneStayTwoAndMergedCellsKeepTheirLimit() {
    CellResult.CellMemory limited = new CellResult.CellMemory(null, null,
        new CellResult.MemoryLimitFigures(256L << 20, 1, 0, true));
    List<CellResult> merged = CellMerge.mergeSame(List.of(run(1), run(1).withMemory(limited), run(2).withMemory(limited)));
    assertThat(merged).hasSize(2);
    assertThat(merged.get(1).memory().limit().limitBytes()).isEqualTo(256L << 20);
    assertThat(merged.get(1).phases().get(0).passes()).hasSize(2);
  }
}
