package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.run.PassLabel;
import dev.kvbench.scenario.PassPlan;
import dev.kvbench.store.Durability;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {

  private final CellParams cell = new CellParams("null",
      new dev.kvbench.scenario.DataSet(1000, KeyEncoding.INT, 100, dev.kvbench.workload.ValueContent.RANDOM, 1),
      new dev.kvbench.scenario.WriteShape(KeyOrder.RND, 1000),
      new dev.kvbench.scenario.StoreSetup(Map.of(), Durability.NOSYNC, "none"),
      new dev.kvbench.scenario.PhasePlan(List.of(Phase.WRITE, Phase.READ_KEY, Phase.READ_SEQ), new PassPlan(2, 0, 3), 16),
      dev.kvbench.scenario.Load.SINGLE, Map.of());

  @Test
  void countsThePassesLeftInTheCellForItsEta() {
    // 2 warm-up + 3 measured = 5 passes a phase
    assertThat(ProgressPrinter.passesAfter(cell, new PassLabel("write", PassLabel.Kind.WARMUP, 1, 2)))
        .isEqualTo(1 + 3 + 2 * 5);
    assertThat(ProgressPrinter.passesAfter(cell, new PassLabel("readKey", PassLabel.Kind.MEASURED, 2, 3)))
        .isEqualTo(1 + 5);
    assertThat(ProgressPrinter.passesAfter(cell, new PassLabel("readSeq", PassLabel.Kind.MEASURED, 3, 3))).isZero();
    assertThat(ProgressPrinter.passesAfter(null, null)).isZero();
  }

  @Test
  void aFinishedPhaseOfAFixedDurationShowsItsRateNotTheDurationAskedFor() {
    CellParams sustained = new CellParams("null", cell.data(), cell.write(), cell.setup(),
        new dev.kvbench.scenario.PhasePlan(List.of(Phase.WRITE, Phase.SUSTAIN), new PassPlan(0, 0, 2), 16),
        new dev.kvbench.scenario.Load(1, dev.kvbench.workload.Traffic.DEFAULT.withDurationMillis(2000),
            dev.kvbench.workload.CustomMix.NONE), Map.of());
    // two 2 s passes, of 1,000,000 and 1,200,000 puts
    PhaseResult sustain = PhaseResult.measured("sustain", List.of(pass(1_000_000, 2000), pass(1_200_000, 2000)),
        PhaseResult.Latency.NONE, true, null, null);
    assertThat(ProgressPrinter.okDetail(sustained, sustain))
        .contains("ops/s (median of 2, 500,000-600,000)").doesNotContain("2,000.0 ms");
    // a pass of a fixed amount of work is still told by its time
    PhaseResult write = PhaseResult.measured("write", List.of(pass(1000, 20), pass(1000, 30)),
        PhaseResult.Latency.NONE, true, null, null);
    assertThat(ProgressPrinter.okDetail(sustained, write)).contains(" ms (median of 2, 20.0-30.0)")
        .doesNotContain("ops/s");
    // an open is one op: its ms is its time, and no ns per op repeats it
    PhaseResult open = PhaseResult.measured("open", List.of(pass(1, 1033), pass(1, 1040)),
        PhaseResult.Latency.NONE, true, null, null);
    assertThat(ProgressPrinter.okDetail(cell, open)).contains("1,033.0 ms (median of 2, 1,033.0-1,040.0)")
        .doesNotContain("ns/op");
  }

  private static PassResult pass(long ops, double millis) {
    return PassResult.of(ops, (long) (millis * 1e6), new CpuTime(millis, 0), 0);
  }

  private static final List<ProgressPrinter.Piece> PIECES = List.of(
      new ProgressPrinter.Piece("cell 12/240 readKey measured 2/3: 45%", 0),
      new ProgressPrinter.Piece("450,000 of 1,000,000", 5),
      new ProgressPrinter.Piece("1,234,567/s", 4),
      new ProgressPrinter.Piece("pass ETA 1s", 2),
      new ProgressPrinter.Piece("cell 12s elapsed, ETA 30s", 3),
      new ProgressPrinter.Piece("run 1m20s elapsed, ETA 3h10m", 1));

  @Test
  void theStatusLineFitsTheTerminalDroppingTheLeastUsefulPiecesFirst() {
    String whole = ProgressPrinter.statusLine(Integer.MAX_VALUE, PIECES);
    assertThat(whole).hasSizeGreaterThan(100).contains("450,000 of 1,000,000", "cell 12s elapsed");
    String at80 = ProgressPrinter.statusLine(80, PIECES);
    assertThat(at80.length()).isLessThan(80);
    // where it is and when the run ends stay; the counts go first
    assertThat(at80).startsWith("  cell 12/240 readKey measured 2/3: 45%").contains("run 1m20s elapsed, ETA 3h10m")
        .doesNotContain("450,000");
    String at60 = ProgressPrinter.statusLine(60, PIECES);
    assertThat(at60).isEqualTo("  cell 12/240 readKey measured 2/3: 45%; pass ETA 1s").hasSizeLessThan(60);
    assertThat(ProgressPrinter.statusLine(50, PIECES)).isEqualTo("  cell 12/240 readKey measured 2/3: 45%");
    // even the first piece is cut when the terminal is narrower still, and says so
    assertThat(ProgressPrinter.statusLine(20, PIECES)).isEqualTo("  cell 12/240 re...").hasSizeLessThan(20);
  }
}
