package dev.kvbench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A phase's seed number seeds its clients' draws: seek and scanRange run among the read phases
 * (a cell runs its phases in the enum's order) but are numbered after the others, whose numbers
 * (their places before seek and scanRange came) and so whose drawn keys do not move.
 */
class PhaseSeedNumbersTest {

  /** The phases in the order they had before seek and scanRange, each's place its seed number. */
  private static final List<String> BEFORE = List.of("write", "readKey", "readSeq", "readRev", "readCrc", "readXxh64",
      "readMissing", "overwrite", "crud", "open", "openCold", "readers", "readwhilewriting", "ycsb-a", "ycsb-b",
      "ycsb-c", "ycsb-d", "ycsb-e", "ycsb-f", "custom", "sustain", "churn", "replay");

  @Test
  void everyEarlierPhaseKeepsItsNumberAndTheNewOnesComeAfter() {
    for (int i = 0; i < BEFORE.size(); i++) {
      assertThat(Phase.fromId(BEFORE.get(i)).seedNumber()).as(BEFORE.get(i)).isEqualTo(i);
    }
    assertThat(Phase.SEEK.seedNumber()).isEqualTo(BEFORE.size());
    assertThat(Phase.SCAN_RANGE.seedNumber()).isEqualTo(BEFORE.size() + 1);
    assertThat(Arrays.stream(Phase.values()).map(Phase::seedNumber).distinct().count()).isEqualTo(Phase.values().length);
  }
}
