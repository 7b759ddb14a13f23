package dev.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
}
