package dev.kvbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class EDivisiveTest {

  private static List<double[]> singles(double... values) {
    List<double[]> out = new ArrayList<>();
    for (double v : values) {
      out.add(new double[] {v});
    }
    return out;
  }

  private static List<Integer> indexes(List<EDivisive.ChangePoint> cps) {
    return cps.stream().map(EDivisive.ChangePoint::index).toList();
  }

  @Test
  void findsOtavasOwnTestSeriesChangeAtTen() {
    // Otava's tests/analysis_test.py test_single_series: window 10, p 0.0001 -> [10]
    List<double[]> series = singles(1.02, 0.95, 0.99, 1.00, 1.12, 1.00, 1.01, 0.98, 1.01, 0.96, 0.50, 0.51, 0.48,
        0.48, 0.55, 0.50, 0.49, 0.51, 0.50, 0.49);
    List<EDivisive.ChangePoint> cps = new EDivisive(new EDivisive.Settings(10, 0.0001, 0)).changePoints(series);
    assertThat(indexes(cps)).containsExactly(10);
    // scipy's ttest_ind_from_stats on Otava's statistics gives 1.427e-17 for this split
    assertThat(cps.get(0).segments().pValue()).isCloseTo(1.427172838990008e-17, within(1e-20));
    assertThat(cps.get(0).segments().forwardChange()).isCloseTo(0.50 / 1.004 - 1, within(0.01));
  }

  @Test
  void tTestIsOtavasSignificanceTester() {
    // Otava's test_significance_tester: no change gives p near 1, a 20 % drop p below 0.001
    EDivisive.Segments same = EDivisive.tTest(new double[] {1.00, 1.02, 1.05, 0.95, 0.98},
        new double[] {1.00, 1.02, 1.05, 0.95, 0.98});
    assertThat(same.pValue()).isGreaterThan(0.99);
    EDivisive.Segments drop = EDivisive.tTest(new double[] {1.00, 1.02, 1.05, 0.95, 0.98},
        new double[] {0.80, 0.82, 0.85, 0.79, 0.77});
    assertThat(drop.pValue()).isBetween(0.0, 0.001);
    // one value a side: nothing to judge
    assertThat(EDivisive.tTest(new double[] {1}, new double[] {2}).pValue()).isEqualTo(1);
  }

  /**
   * 210 series (flat, one step, several steps, an outlier, a jump in the last run; 8 to 100 runs; three
   * settings) and the change points Apache Otava's own code found in each (the resource names the
   * commit and how it was made). Otava's merge, after dropping a weak change point, judges again the
   * point to its right and the one after that; kvbench judges both neighbours of the gap, which is
   * what the merge means, and for that the resource records the answer of Otava's code with that one
   * line changed. Every series must match it, and all but the few where that line matters must
   * match Otava as it is.
   */
  @Test
  void matchesOtavaOnItsOwnAnswers() throws Exception {
    JsonNode golden;
    try (InputStream in = getClass().getResourceAsStream("otava-golden.json")) {
      golden = JsonMapper.builder().build().readTree(in);
    }
    assertThat(golden.get("source").asText()).startsWith("apache/otava ");
    int cases = 0;
    int asOtava = 0;
    int withChanges = 0;
    for (JsonNode c : golden.get("cases")) {
      double[] values = new double[c.get("series").size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = c.get("series").get(i).asDouble();
      }
      EDivisive.Settings s = new EDivisive.Settings(c.get("window").asInt(), c.get("maxPValue").asDouble(),
          c.get("minMagnitude").asDouble());
      List<EDivisive.ChangePoint> found = new EDivisive(s).changePoints(singles(values));
      List<Integer> expected = new ArrayList<>();
      c.get("bothNeighbours").forEach(n -> expected.add(n.asInt()));
      List<Integer> otava = new ArrayList<>();
      c.get("otava").forEach(n -> otava.add(n.asInt()));
      assertThat(indexes(found)).as("case %d: %s", cases, c.get("series")).isEqualTo(expected);
      for (int i = 0; i < found.size(); i++) {
        double p = c.get("bothNeighboursPValues").get(i).asDouble();
        assertThat(found.get(i).segments().pValue()).as("case %d p-value %d", cases, i)
            .isCloseTo(p, within(Math.max(1e-15, p * 1e-6)));
      }
      asOtava += otava.equals(expected) ? 1 : 0;
      withChanges += expected.isEmpty() ? 0 : 1;
      cases++;
    }
    assertThat(cases).isEqualTo(210);
    assertThat(withChanges).isGreaterThan(100);
    assertThat(asOtava).isEqualTo(cases - 6);
  }

  /** A series of runs of {@code forks} forks each: run noise and fork noise, a step of {@code step} from {@code at}. */
  private static List<double[]> runs(Random r, int n, int forks, double runNoise, double forkNoise, int at,
      double step) {
    List<double[]> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double level = (i >= at ? 1 + step : 1) * (1 + runNoise * r.nextGaussian());
      double[] f = new double[forks];
      for (int k = 0; k < forks; k++) {
        f[k] = level * (1 + forkNoise * r.nextGaussian());
      }
      out.add(f);
    }
    return out;
  }

  /**
   * The false-alarm rate docs/history.md states: on 2,000 seeded series of 30 runs of 3 forks with
   * no change, the default settings find a change point in at most 1 % of them, with the noise of
   * a quiet machine (3 % between runs' means, 5 % between forks) and with this project's 2-core
   * machine's (6 % and 10 %, as the history's real runs show). Otava's p-value, 0.001, finds one in
   * 2 to 3 %: the t-test judges the split the divergence picked as the best of many.
   */
  @Test
  void falseAlarmsStayUnderOnePercentOnSeriesWithoutChange() {
    EDivisive detector = new EDivisive(EDivisive.Settings.DEFAULT);
    for (double[] noise : new double[][] {{0.03, 0.05}, {0.06, 0.10}}) {
      Random r = new Random(48);
      int alarms = 0;
      int series = 2000;
      for (int i = 0; i < series; i++) {
        if (!detector.changePoints(runs(r, 30, 3, noise[0], noise[1], Integer.MAX_VALUE, 0)).isEmpty()) {
          alarms++;
        }
      }
      assertThat(alarms).as("series with a change point found, noise %s", java.util.Arrays.toString(noise))
          .isLessThanOrEqualTo(series / 100);
    }
  }

  /**
   * The power docs/history.md states: a 15 % slowdown from run 20 of 30 is found at run 20, and
   * nowhere else, in 95 % of seeded series or more where runs vary by 2 % and forks by 3 %, and in
   * 85 % or more at 3 % and 5 %.
   */
  @Test
  void findsAFifteenPercentSlowdownAtTheRunThatStartedIt() {
    EDivisive detector = new EDivisive(EDivisive.Settings.DEFAULT);
    double[][] noise = {{0.02, 0.03}, {0.03, 0.05}};
    int[] least = {95, 85};
    for (int n = 0; n < noise.length; n++) {
      Random r = new Random(2026);
      int exact = 0;
      int series = 500;
      for (int i = 0; i < series; i++) {
        List<EDivisive.ChangePoint> cps = detector.changePoints(runs(r, 30, 3, noise[n][0], noise[n][1], 19, 0.15));
        if (indexes(cps).equals(List.of(19))) {
          exact++;
          assertThat(cps.get(0).segments().forwardChange()).isBetween(0.05, 0.25);
        }
      }
      // run 20 is index 19; only a change point there and nowhere else counts
      assertThat(exact).as("series whose only change point is run 20, noise %s", java.util.Arrays.toString(noise[n]))
          .isGreaterThanOrEqualTo(series * least[n] / 100);
    }
  }

  @Test
  void aLongHistoryIsSearchedWindowByWindow() {
    // 400 runs of 5 forks: 20 % slower from run 100, back from run 300; the windows (50 runs) find both
    Random r = new Random(400);
    List<double[]> series = runs(r, 400, 5, 0.02, 0.03, 100, 0.2);
    for (int i = 300; i < 400; i++) {
      for (int k = 0; k < 5; k++) {
        series.get(i)[k] /= 1.2;
      }
    }
    List<EDivisive.ChangePoint> cps = new EDivisive(EDivisive.Settings.DEFAULT).changePoints(series);
    assertThat(indexes(cps)).containsExactly(100, 300);
    assertThat(cps.get(0).segments().forwardChange()).isCloseTo(0.2, within(0.03));
    assertThat(cps.get(1).segments().forwardChange()).isCloseTo(-1 / 6.0, within(0.03));
  }

  @Test
  void aSlowerNewestRunIsAChangePointOfItsOwn() {
    Random r = new Random(7);
    List<double[]> series = runs(r, 29, 3, 0.01, 0.02, Integer.MAX_VALUE, 0);
    series.add(new double[] {1.3, 1.31, 1.29});
    List<EDivisive.ChangePoint> cps = new EDivisive(EDivisive.Settings.DEFAULT).changePoints(series);
    assertThat(indexes(cps)).containsExactly(29);
    assertThat(cps.get(0).segments().forwardChange()).isGreaterThan(0.25);
  }

  @Test
  void aChangeUnderTheMinimumMagnitudeIsNone() {
    Random r = new Random(11);
    // 3 % from run 15, tight enough that the t-test alone would call it
    List<double[]> series = runs(r, 30, 3, 0.002, 0.002, 15, 0.03);
    assertThat(new EDivisive(new EDivisive.Settings(50, 0.001, 0)).changePoints(series)).hasSize(1);
    assertThat(new EDivisive(EDivisive.Settings.DEFAULT).changePoints(series)).isEmpty();
  }

  @Test
  void refusesSettingsAndRunsItCannotUse() {
    assertThatThrownBy(() -> new EDivisive.Settings(1, 0.001, 0)).hasMessageContaining("2 runs");
    assertThatThrownBy(() -> new EDivisive.Settings(50, 1.5, 0)).hasMessageContaining("between 0 and 1");
    assertThatThrownBy(() -> new EDivisive(EDivisive.Settings.DEFAULT).changePoints(List.of(new double[0])))
        .hasMessageContaining("no observations");
  }
}
