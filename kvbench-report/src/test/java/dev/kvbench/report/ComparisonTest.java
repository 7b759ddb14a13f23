package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.ResultDocument;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {

  private static RunResults run(ResultDocument d) {
    return new RunResults("x.json", d.kvbenchVersion(), d.startedAt(), d.scenarioName(), d.seed(), d.command(),
        d.scenario(), d.environment(), d.completed(), d.cells());
  }

  @Test
  void aRunAgainstItselfHasNoDifference() {
    RunResults r = run(Fixtures.twoStores("h", 1));
    Comparison c = Comparison.of(List.of(r), List.of(r));
    // alpha and beta write and readKey, and null's two phases
    assertThat(c.rows()).hasSize(6).allSatisfy(row -> {
      assertThat(row.ratio()).isEqualTo(1.0);
      assertThat(row.verdict()).isEqualTo(Comparison.Verdict.WITHIN_SPREAD);
      assertThat(row.regression(0)).isFalse();
    });
    // beta's failed readRev is not compared, and says so; alpha's unsupported one on both sides is simply absent
    assertThat(c.unmatched()).extracting(Comparison.Unmatched::gap)
        .containsExactlyInAnyOrder(Comparison.Gap.CANDIDATE_FAILED, Comparison.Gap.CANDIDATE_FAILED);
    assertThat(c.unmatched()).extracting(Comparison.Unmatched::why).contains("baseline failed, candidate failed")
        .anySatisfy(why -> assertThat(why).startsWith("the candidate cell failed: no space left on device"));
  }

  @Test
  void aSlowerWriteWithAChangedSettingIsARegressionNamingTheSetting() {
    ResultDocument base = Fixtures.twoStores("h", 1);
    ResultDocument slower = Fixtures.document("h", List.of(
        Fixtures.cell("alpha", "rnd", Map.of("writeMap", "false"), Fixtures.ORDERED,
            Fixtures.phase("write", new double[] {15, 16, 17}), Fixtures.phase("readKey", new double[] {5, 5.6, 6}))));
    Comparison c = Comparison.of(List.of(run(base)), List.of(run(slower)));
    Comparison.Row write = c.rows().stream().filter(r -> r.phase().equals("write")).findFirst().orElseThrow();
    assertThat(write.ratio()).isEqualTo(16.0 / 11.0);
    assertThat(write.verdict()).isEqualTo(Comparison.Verdict.SLOWER);
    assertThat(write.pValue()).isLessThan(Comparison.ALPHA);
    assertThat(write.settingsChanged()).isEqualTo("writeMap true -> false");
    assertThat(write.regression(10)).isTrue();
    assertThat(write.regression(50)).isFalse();
    Comparison.Row read = c.rows().stream().filter(r -> r.phase().equals("readKey")).findFirst().orElseThrow();
    assertThat(read.verdict()).isEqualTo(Comparison.Verdict.WITHIN_SPREAD);
    assertThat(c.unmatched()).extracting(Comparison.Unmatched::cell)
        .contains("beta int rnd 1000x100 batch=all nosync", "null int rnd 1000x100 batch=all nosync");
  }

  @Test
  void onePassASideIsNotTestable() {
    assertThat(Comparison.pValue(new double[] {1}, new double[] {2, 3})).isNaN();
    assertThat(Comparison.pValue(new double[] {1, 1}, new double[] {1, 1})).isEqualTo(1.0);
    assertThat(Comparison.pValue(new double[] {1, 1}, new double[] {2, 2})).isEqualTo(0.0);
  }
}
