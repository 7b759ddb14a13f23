package dev.kvbench.report;

import dev.kvbench.stats.Verdict;
import dev.kvbench.stats.ForkRatio;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.result.CellResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One run's stores or swept settings as comparison sides, paired by round: a drift that falls on a
 * round's forks alike cancels in the pairs, where the unpaired rule sees only a wide spread.
 */
class AxisPairsTest {

  /** Fork k of each round: round 2 ran while something else took the machine (+40 %). */
  private static final double[] DRIFT = {1.0, 1.4, 1.02, 0.99, 1.38};

  private static double[] rounds(double ms, double... wobble) {
    double[] f = new double[DRIFT.length];
    for (int k = 0; k < f.length; k++) {
      f[k] = ms * DRIFT[k] * wobble[k % wobble.length];
    }
    return f;
  }

  private static CellResult cell(String store, Map<String, String> settings, double[] forks) {
    return Fixtures.cell(store, "rnd", settings, Fixtures.ORDERED, Fixtures.phase("readSeq", forks));
  }

  @Test
  void storesPairedByRoundShowADifferenceTheDriftHidesUnpaired() {
    RunResults run = VersionPairsTest.run(List.of(
        cell("alpha", Map.of("writeMap", "true"), rounds(10, 1.0, 1.01, 0.99)),
        cell("beta", Map.of(), rounds(11, 1.0, 0.99, 1.01))));
    List<AxisPairs.Pair> pairs = AxisPairs.of(run, AxisPairs.STORE, null);
    assertThat(pairs).singleElement().satisfies(p -> {
      assertThat(p.baseline()).isEqualTo("alpha");
      assertThat(p.candidate()).isEqualTo("beta");
    });
    Comparison paired = pairs.get(0).compare(Comparison.Rule.DEFAULT);
    assertThat(paired.pairing()).isEqualTo(ForkRatio.Pairing.BY_ROUND);
    assertThat(paired.rows()).filteredOn(r -> !r.phase().equals(Comparison.STORAGE)).singleElement().satisfies(r -> {
      assertThat(r.verdict()).isEqualTo(Verdict.SLOWER);
      assertThat(r.change().pairing()).isEqualTo(ForkRatio.Pairing.BY_ROUND);
      assertThat(r.change().low()).isGreaterThan(1.05);
      assertThat(r.settingsChanged()).contains("writeMap true -> null");
    });
    Comparison unpaired = Comparison.of(List.of(pairs.get(0).baselineSide()), List.of(pairs.get(0).candidateSide()));
    assertThat(unpaired.rows()).filteredOn(r -> !r.phase().equals(Comparison.STORAGE)).singleElement().extracting(Comparison.Row::verdict)
        .isEqualTo(Verdict.UNDECIDED);
    // another baseline store, named
    assertThat(AxisPairs.of(run, AxisPairs.STORE, "beta")).singleElement()
        .extracting(AxisPairs.Pair::candidate).isEqualTo("alpha");
  }

  @Test
  void aSweptSettingPairsEachValueWithTheBaselinesAndNamesWhatWasSwept() {
    RunResults run = VersionPairsTest.run(List.of(
        cell("mvstore", Map.of("scanVia", "map", "cache", "16"), rounds(10, 1.0, 1.01, 0.99)),
        cell("mvstore", Map.of("scanVia", "cursor", "cache", "16"), rounds(10, 1.005, 1.0, 0.995)),
        cell("other", Map.of("cache", "16"), rounds(5, 1.0))));
    for (String axis : List.of("scanVia", "mvstore.scanVia")) {
      List<AxisPairs.Pair> pairs = AxisPairs.of(run, axis, null);
      assertThat(pairs).singleElement().satisfies(p -> {
        assertThat(p.scope()).isEqualTo("mvstore");
        assertThat(p.baseline() + ">" + p.candidate()).isEqualTo("map>cursor");
        assertThat(p.baselineSide().cells()).singleElement()
            .satisfies(c -> assertThat(c.settings()).doesNotContainKey("scanVia").containsEntry("cache", "16"));
      });
      assertThat(pairs.get(0).compare(Comparison.Rule.DEFAULT).rows()).filteredOn(r -> !r.phase().equals(Comparison.STORAGE)).singleElement()
          .extracting(Comparison.Row::verdict).isEqualTo(Verdict.EQUIVALENT);
    }
    assertThatThrownBy(() -> AxisPairs.of(run, "cache", null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("did not sweep").hasMessageContaining("mvstore.scanVia");
    assertThatThrownBy(() -> AxisPairs.of(run, "scanVia", "iterator")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("iterator").hasMessageContaining("map, cursor");
  }
}
