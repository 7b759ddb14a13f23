package dev.kvbench.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * The stopping rule on fixed fork figures; how often it errs over many simulated runs is
 * kvbench-report's RoundsSimulationTest (it judges the stopped rounds as a comparison would).
 */
class SequentialRuleTest {

  // 5 % precision, a 2 % minimum effect, at most 10 forks a cell
  private final SequentialRule rule = new SequentialRule(5, 2, 10);

  private static double[] logRatios(double[] a, double[] b) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = Math.log(b[i] / a[i]);
    }
    return d;
  }

  @Test
  void threeForksThatAgreeArePreciseAndIdenticalWorkIsSettled() {
    double[] a = {100, 101, 99.5};
    double[] b = {100.5, 100, 99.8};
    assertThat(rule.precise(a)).isTrue();
    assertThat(rule.settled(logRatios(a, b))).isTrue();
    // two figures are never precise, however close; two pairs never settle
    assertThat(rule.precise(new double[] {100, 100})).isFalse();
    assertThat(rule.settled(logRatios(new double[] {100, 100}, new double[] {100, 100}))).isFalse();
    // a tighter precision than their spread is not met
    assertThat(new SequentialRule(0.5, 2, 10).precise(a)).isFalse();
  }

  @Test
  void aWideUndecidedPairIsNotSettledNorYetOutOfReach() {
    double[] lr = logRatios(new double[] {100, 130, 90}, new double[] {104, 100, 99});
    assertThat(rule.settled(lr)).isFalse();
    // three pairs are too few to say more forks would not help
    assertThat(rule.outOfReach(lr)).isFalse();
  }

  @Test
  void aChangeFarBeyondTheEffectSettlesAtTheStricterConfidenceEvenWhereTheIntervalIsWide() {
    // 1.5x with noise of some 10 %: the interval is wider than 5 % but lies far beyond ±2 %
    double[] a = {100, 110, 95, 105};
    double[] b = {160, 150, 140, 155};
    double[] lr = logRatios(a, b);
    assertThat(LogInterval.of(lr).widthPercent()).isGreaterThan(5);
    assertThat(rule.settled(lr)).isTrue();
    // a 3 % change with the same spread is neither clearly beyond 2 % nor narrow
    double[] c = {103, 113.3, 97.9, 108.2};
    double[] d = {100, 112, 99, 104};
    assertThat(rule.settled(logRatios(d, c))).isFalse();
  }

  @Test
  void bimodalForksAreOutOfReachOnceFivePairsShowTheirSpread() {
    // as MVStore's scans were: each fork in one of two modes
    double[] a = {26, 17, 27, 16.5, 26.5};
    double[] b = {26.5, 27, 17, 26, 16.8};
    double[] lr = logRatios(a, b);
    assertThat(rule.settled(lr)).isFalse();
    assertThat(rule.outOfReach(lr)).isTrue();
    assertThat(rule.pairsToDecide(lr)).isGreaterThan(10);
    // given forks enough, the same spread is within reach
    assertThat(new SequentialRule(5, 2, 100_000).outOfReach(lr)).isFalse();
    // four pairs are too few to tell
    assertThat(rule.outOfReach(java.util.Arrays.copyOf(lr, 4))).isFalse();
  }

  @Test
  void pairsThatDoNotVaryNeedNoMore() {
    double[] lr = {0.01, 0.01, 0.01, 0.01, 0.01};
    assertThat(rule.pairsToDecide(lr)).isEqualTo(5);
    assertThat(rule.settled(lr)).isTrue();
  }
}
