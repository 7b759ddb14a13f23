package dev.kvbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The interval of a ratio from fork figures: it finds a planted difference and calls no difference where none is. */
class ForkRatioTest {

  @Test
  void aKnownDifferenceIsInsideItsIntervalAndOneIsOutside() {
    double[] baseline = {100, 103, 98, 101, 99};
    double[] candidate = {120, 123.6, 117.6, 121.2, 118.8}; // every fork 1.2 times the baseline's
    ForkRatio r = ForkRatio.of(baseline, candidate);
    assertThat(r.ratio()).isCloseTo(1.2, within(1e-9));
    assertThat(r.low()).isGreaterThan(1.0).isLessThan(1.2);
    assertThat(r.high()).isGreaterThan(1.2);
    assertThat(r.baselineForks()).isEqualTo(5);
    assertThat(r.beyond(3)).isTrue();
    assertThat(r.beyond(25)).isFalse();
  }

  @Test
  void theSameSpreadWithoutADifferenceHoldsOne() {
    ForkRatio r = ForkRatio.of(new double[] {100, 103, 98, 101, 99}, new double[] {101, 99, 102, 98, 100});
    assertThat(r.low()).isLessThan(1.0);
    assertThat(r.high()).isGreaterThan(1.0);
  }

  @Test
  void identicalForksGiveAnExactRatio() {
    ForkRatio same = ForkRatio.of(new double[] {5, 5, 5}, new double[] {5, 5, 5});
    assertThat(same.low()).isEqualTo(1.0);
    assertThat(same.high()).isEqualTo(1.0);
    assertThat(same.beyond(0)).isFalse();
  }

  @Test
  void fewerThanThreeForksASideGiveNoInterval() {
    ForkRatio r = ForkRatio.of(new double[] {1, 2}, new double[] {2, 3, 4});
    assertThat(r.hasInterval()).isFalse();
    assertThat(r.ratio()).isEqualTo(3.0); // the lower median of each side: 3 over 1
    assertThatThrownBy(() -> ForkRatio.of(new double[] {1, 0, 2}, new double[] {1, 2, 3}))
        .hasMessageContaining("above 0");
  }

  /**
   * A/A: forks of one true time with log-normal noise (3 % a fork, as JVMs vary), five a side.
   * A 95 % interval excludes 1 in about 5 % of pairs; with the default minimum effect on top, a
   * verdict is rarer still. Seeded, so the counts are the same every run.
   */
  @Test
  void identicalWorkIsCalledDifferentAboutAsOftenAsTheConfidenceAllows() {
    SplittableRandom random = new SplittableRandom(20161010);
    int pairs = 4000;
    int excluding = 0;
    int called = 0;
    for (int i = 0; i < pairs; i++) {
      ForkRatio r = ForkRatio.of(forks(random, 5, 100, 0.03), forks(random, 5, 100, 0.03));
      boolean excludes = r.low() > 1 || r.high() < 1;
      excluding += excludes ? 1 : 0;
      called += excludes && r.beyond(Verdict.DEFAULT_MIN_EFFECT_PERCENT) ? 1 : 0;
    }
    assertThat(excluding / (double) pairs).isBetween(0.03, 0.07);
    assertThat(called).isLessThanOrEqualTo(excluding);
    assertThat(called / (double) pairs).isLessThan(0.05);
  }

  /** Power: a 10 % difference under 3 % noise, five forks a side, is found nearly always. */
  @Test
  void aTenPercentDifferenceIsFoundUnderThreePercentNoise() {
    SplittableRandom random = new SplittableRandom(7);
    int found = 0;
    for (int i = 0; i < 1000; i++) {
      ForkRatio r = ForkRatio.of(forks(random, 5, 100, 0.03), forks(random, 5, 110, 0.03));
      found += r.low() > 1 && r.beyond(Verdict.DEFAULT_MIN_EFFECT_PERCENT) ? 1 : 0;
    }
    assertThat(found).isGreaterThan(950);
  }

  private static double[] forks(SplittableRandom random, int n, double millis, double sigma) {
    double[] f = new double[n];
    for (int i = 0; i < n; i++) {
      f[i] = millis * Math.exp(sigma * gaussian(random));
    }
    return f;
  }

  /** A standard normal draw (Box-Muller), from the seeded generator. */
  private static double gaussian(SplittableRandom random) {
    return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
  }

  @Test
  void oneSidesIntervalIsTheGeometricMeansTIntervalOnLogs() {
    // logs 0, ln 2, ln 4: mean ln 2, standard error ln 2 / sqrt 3, t(2 df, 97.5 %) = 4.303
    double[] i = ForkRatio.interval(new double[] {1, 2, 4});
    double half = 4.302653 * Math.log(2) / Math.sqrt(3);
    assertThat(i[0]).isCloseTo(2 * Math.exp(-half), within(1e-4));
    assertThat(i[1]).isCloseTo(2 * Math.exp(half), within(1e-3));
    assertThat(ForkRatio.interval(new double[] {5, 5, 5})).containsExactly(new double[] {5, 5}, within(1e-12));
    assertThat(ForkRatio.interval(new double[] {1, 2})).isNull();
    assertThat(ForkRatio.interval(new double[] {0, 1, 2})).isNull();
  }

  @Test
  void anUndecidedRatioSaysAboutHowManyForksWouldDecideIt() {
    // centred on 1, x/÷ 1.1 from three forks a side: within ±5 % needs (ln 1.1 / ln 1.05)^2 x 3 = 11.45, so 12
    assertThat(new ForkRatio(1.0, 1 / 1.1, 1.1, 3, 3).forksToDecide(5)).isEqualTo(12);
    // off centre the room to the band's edge is smaller: 0.9-1.1 needs 16
    assertThat(new ForkRatio(1.0, 0.9, 1.1, 3, 3).forksToDecide(5)).isEqualTo(16);
    // decided already: inside ±5 %, or clear of 1
    assertThat(new ForkRatio(1.0, 0.98, 1.02, 3, 3).forksToDecide(5)).isZero();
    assertThat(new ForkRatio(1.3, 1.2, 1.4, 3, 3).forksToDecide(5)).isZero();
    // a change right at the effect: no number of forks settles which side of it it is
    assertThat(new ForkRatio(1.05, 1.0, 1.1025, 3, 3).forksToDecide(5)).isGreaterThan(ForkRatio.MOST_FORKS_ESTIMATED);
    assertThat(new ForkRatio(1.05, 0.95, 1.16, 3, 3).forksToDecide(5)).isGreaterThan(ForkRatio.MOST_FORKS_ESTIMATED);
    assertThat(new ForkRatio(1.0, Double.NaN, Double.NaN, 2, 2).forksToDecide(5)).isEqualTo(-1);
  }

  @Test
  void pairedForksJudgeTheRatioOfEachRoundSoACommonDriftCancels() {
    // rounds 2 and 4 ran 50 % slower for both sides; the candidate is 8 % slower in every round
    double[] base = {100, 150, 101, 149, 100};
    double[] cand = {108, 162, 109.1, 160.9, 108};
    ForkRatio paired = ForkRatio.paired(base, cand);
    assertThat(paired.pairing()).isEqualTo(ForkRatio.Pairing.BY_ROUND);
    assertThat(paired.low()).isGreaterThan(1.07);
    assertThat(paired.high()).isLessThan(1.09);
    assertThat(paired.baselineForks()).isEqualTo(5);
    ForkRatio apart = ForkRatio.of(base, cand);
    assertThat(apart.pairing()).isEqualTo(ForkRatio.Pairing.UNPAIRED);
    assertThat(apart.low()).isLessThan(1);
    assertThat(ForkRatio.paired(new double[] {1, 2}, new double[] {1, 2}).hasInterval()).isFalse();
    assertThatThrownBy(() -> ForkRatio.paired(new double[] {1, 2, 3}, new double[] {1, 2}))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("pairs");
  }
}
