package dev.kvbench.report;

import dev.kvbench.stats.Verdict;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ResultDocument;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * One run's library versions as comparison sides: each store's baseline version against each
 * other, the version out of the settings so the cells pair, and the comparison finding a version
 * that is slower.
 */
class VersionPairsTest {

  static CellResult cell(String store, String version, double writeMillis) {
    CellResult c = Fixtures.cell(store, "rnd", Map.of("writeMap", "true"), Fixtures.ORDERED,
        Fixtures.phase("write", new double[] {writeMillis, writeMillis * 1.01, writeMillis * 0.99}));
    return c.withLibrary(version, List.of());
  }

  static RunResults run(List<CellResult> cells) {
    ResultDocument d = Fixtures.document("h", cells);
    return new RunResults("sweep.json", d.kvbenchVersion(), d.startedAt(), d.scenarioName(), d.seed(), d.command(),
        d.scenario(), d.environment(), true, cells);
  }

  @Test
  void eachStorePairsItsBaselineVersionWithEveryOther() {
    RunResults run = run(List.of(cell("alpha", "1.0", 10), cell("alpha", "1.1", 10.1), cell("alpha", "2.0", 30),
        cell("beta", "7", 5), cell("beta", "8", 5)));
    assertThat(VersionPairs.versions(run)).containsEntry("alpha", List.of("1.0", "1.1", "2.0"))
        .containsEntry("beta", List.of("7", "8"));
    List<VersionPairs.Pair> pairs = VersionPairs.of(run, null);
    assertThat(pairs).extracting(p -> p.store() + " " + p.baseline() + ">" + p.candidate())
        .containsExactly("alpha 1.0>1.1", "alpha 1.0>2.0", "beta 7>8");
    assertThat(pairs.get(0).baselineSide().cells()).singleElement()
        .satisfies(c -> assertThat(c.settings()).doesNotContainKey("version").containsEntry("writeMap", "true"));

    Comparison same = Comparison.of(List.of(pairs.get(0).baselineSide()), List.of(pairs.get(0).candidateSide()));
    // the write, and the storage both versions left alike
    assertThat(same.rows()).filteredOn(r -> !r.phase().equals(Comparison.STORAGE)).singleElement()
        .extracting(Comparison.Row::verdict)
        .isEqualTo(Verdict.EQUIVALENT);
    Comparison slower = Comparison.of(List.of(pairs.get(1).baselineSide()), List.of(pairs.get(1).candidateSide()));
    assertThat(slower.rows()).filteredOn(r -> !r.phase().equals(Comparison.STORAGE)).singleElement().satisfies(r -> {
      assertThat(r.verdict()).isEqualTo(Verdict.SLOWER);
      assertThat(r.settingsChanged()).isEqualTo("library 1.0 -> 2.0");
    });
    assertThat(slower.unmatched()).isEmpty();
  }

  /** Versions go oldest first whatever order the cells finished in, and a version that never ran is no baseline. */
  @Test
  void versionsAreOrderedAsReleasesAndTheBaselineIsTheOldestThatRan() {
    CellResult unsupported = new CellResult("alpha 0.9.2", "alpha", "lib:alpha", "0.9.2", Fixtures.ORDERED,
        Map.of(), Map.of(), Fixtures.params("rnd"), List.of(), null, CellResult.Outcome.UNSUPPORTED,
        "its native library does not load on this host", null);
    RunResults run = run(List.of(unsupported, cell("alpha", "0.10.0", 10), cell("alpha", "0.8.1", 10),
        cell("alpha", "0.9.0", 10)));
    assertThat(VersionPairs.versions(run)).containsEntry("alpha", List.of("0.8.1", "0.9.0", "0.9.2", "0.10.0"));
    assertThat(VersionPairs.of(run, null)).extracting(p -> p.baseline() + ">" + p.candidate())
        .containsExactly("0.8.1>0.9.0", "0.8.1>0.9.2", "0.8.1>0.10.0");
    // the version that never ran is one line with its reason, not a line per phase
    VersionPairs.Pair never = VersionPairs.of(run, null).get(1);
    Comparison c = Comparison.of(List.of(never.baselineSide()), List.of(never.candidateSide()));
    assertThat(c.rows()).isEmpty();
    assertThat(c.unmatched()).singleElement().satisfies(u -> {
      assertThat(u.why()).isEqualTo("the candidate cell is unsupported: its native library does not load on this host");
      assertThat(u.gap()).isEqualTo(Comparison.Gap.SUPPORT_DIFFERS);
    });
    assertThat(VersionPairs.compareVersions("9.11.2", "10.4.2")).isNegative();
    assertThat(VersionPairs.compareVersions("1.0", "1.0.1")).isNegative();
    assertThat(VersionPairs.compareVersions("2.0.1", "2.0.1")).isZero();
  }

  @Test
  void aChosenBaselineVersionIsUsedWhereTheStoreHasIt() {
    RunResults run = run(List.of(cell("alpha", "1.0", 10), cell("alpha", "2.0", 30)));
    assertThat(VersionPairs.of(run, "2.0")).singleElement()
        .satisfies(p -> assertThat(p.baseline() + ">" + p.candidate()).isEqualTo("2.0>1.0"));
  }

  /** Issue 42, 12: a baseline version the run never ran is refused, naming the versions it did run. */
  @Test
  void aBaselineVersionTheRunLacksIsRefusedNamingTheVersionsPresent() {
    RunResults run = run(List.of(cell("alpha", "9.9.3", 10), cell("alpha", "9.11.2", 30)));
    assertThatThrownBy(() -> VersionPairs.of(run, "9.9")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("baseline version 9.9 is not among the versions")
        .hasMessageContaining("alpha 9.9.3, 9.11.2");
  }

  @Test
  void aRunOfOneVersionPerStoreIsNamedAndRefused() {
    RunResults run = run(List.of(cell("alpha", "1.0", 10), cell("beta", "7", 5)));
    assertThatThrownBy(() -> VersionPairs.of(run, null)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("sweep.json ran one library version per store").hasMessageContaining("-o rocksdb.version=");
  }

  /** The report's chart of a phase over versions: ratios to the first version, an error bar from the forks. */
  @Test
  void theVersionChartShowsEachVersionAgainstTheFirstWithItsInterval() {
    List<CellResult> cells = List.of(cell("alpha", "1.0", 10), cell("alpha", "1.1", 10.1), cell("alpha", "2.0", 30));
    org.knowm.xchart.CategoryChart chart = Charts.versions("t", "write", cells, CellResult::store);
    assertThat(chart.getTitle()).contains("write by library version");
    org.knowm.xchart.CategorySeries series = chart.getSeriesMap().get("alpha");
    assertThat(new java.util.ArrayList<Object>(series.getXData())).containsExactly("1.0", "1.1", "2.0");
    List<Double> ys = new java.util.ArrayList<>();
    series.getYData().forEach(y -> ys.add(y.doubleValue()));
    assertThat(ys.get(0)).isEqualTo(1.0);
    assertThat(ys.get(1)).isCloseTo(1.01, org.assertj.core.data.Offset.offset(0.001));
    assertThat(ys.get(2)).isCloseTo(3.0, org.assertj.core.data.Offset.offset(0.001));
    List<Double> errors = new java.util.ArrayList<>();
    series.getExtraValues().forEach(e -> errors.add(e.doubleValue()));
    assertThat(errors).allSatisfy(e -> assertThat(e).isGreaterThan(0));
    // one version alone draws nothing
    assertThat(Charts.versions("t", "write", List.of(cell("alpha", "1.0", 10)), CellResult::store)).isNull();
  }
}
