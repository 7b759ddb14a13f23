package dev.kvbench.report;

import dev.kvbench.runner.PrecisionJudge;
import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.Verdict;
import dev.kvbench.stats.ForkRatio;
import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.runner.AdaptiveForks;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Paired rounds and forks added until a precision, by simulation (seeded): each round the host is in
 * some state (a drift that falls on every fork of the round alike: a hog that comes and goes, a
 * slow walk), and each fork adds its own noise. The verdicts are compare's ({@link
 * Comparison#verdict}); the stopping rule is the runner's ({@link dev.kvbench.stats.SequentialRule#precise} and
 * {@link dev.kvbench.stats.SequentialRule#settled}). No speed is measured.
 */
class RoundsSimulationTest {

  private static final int TRIALS = 2000;
  private static final double MIN_EFFECT = 5;

  /** The host in each round: a hog that slows a round by 40 % in {@code hogShare} of them, and a walk of 3 %. */
  private static double[] drift(SplittableRandom r, int rounds, double hogShare) {
    return drift(r, rounds, hogShare, 0.03);
  }

  /** As {@link #drift(SplittableRandom, int, double)}, the walk's step {@code walkStep} (sd of the log). */
  private static double[] drift(SplittableRandom r, int rounds, double hogShare, double walkStep) {
    double[] d = new double[rounds];
    double walk = 0;
    for (int k = 0; k < rounds; k++) {
      walk += walkStep * gaussian(r);
      d[k] = walk + (r.nextDouble() < hogShare ? Math.log(1.4) : 0);
    }
    return d;
  }

  private static double gaussian(SplittableRandom r) {
    // Box-Muller: SplittableRandom has no nextGaussian on Java 17
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }

  /** Fork k of a variant: 100 ms x ratio, the round's drift, and the fork's own noise. */
  private static double[] forks(SplittableRandom r, double[] drift, double ratio, double spread) {
    double[] f = new double[drift.length];
    for (int k = 0; k < drift.length; k++) {
      f[k] = 100 * ratio * Math.exp(drift[k] + spread * gaussian(r));
    }
    return f;
  }

  private static double[] logRatios(double[] a, double[] b) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = Math.log(b[i] / a[i]);
    }
    return d;
  }

  /** Share of trials, of a true {@code ratio}, that paired and unpaired intervals give each verdict. */
  private record Shares(double paired, double unpaired) {}

  private static Shares fixedRounds(double ratio, int rounds, Verdict wanted, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int paired = 0;
    int unpaired = 0;
    for (int t = 0; t < TRIALS; t++) {
      double[] drift = drift(r, rounds, 0.5);
      double[] a = forks(r, drift, 1, 0.02);
      double[] b = forks(r, drift, ratio, 0.02);
      paired += Verdict.of(ForkRatio.paired(a, b), MIN_EFFECT) == wanted ? 1 : 0;
      unpaired += Verdict.of(ForkRatio.of(a, b), MIN_EFFECT) == wanted ? 1 : 0;
    }
    return new Shares(paired / (double) TRIALS, unpaired / (double) TRIALS);
  }

  @Test
  void pairingByRoundCancelsADriftThatTheUnpairedRuleDoesNot() {
    // a hog in half the rounds (+40 %) and a walk, 2 % noise per fork, 5 rounds
    Shares slower = fixedRounds(1.10, 5, Verdict.SLOWER, 1);
    assertThat(slower.paired()).as("a 10 %% slowdown found, paired").isGreaterThan(0.8);
    assertThat(slower.unpaired()).as("... and unpaired").isLessThan(0.3);
    Shares same = fixedRounds(1.0, 5, Verdict.EQUIVALENT, 2);
    // the paired interval at 5 rounds is about ±3.5 %: equivalence within ±5 % needs the mean within ±1.5 %
    assertThat(same.paired()).as("identical work equivalent, paired").isGreaterThan(0.6);
    assertThat(same.unpaired()).as("... and unpaired").isLessThan(0.1);
  }

  /**
   * One comparison under the runner's rule: 3 rounds, then one more while the comparison is
   * unsettled ({@link dev.kvbench.stats.SequentialRule#settled}) and within reach ({@link dev.kvbench.stats.SequentialRule#outOfReach}),
   * up to {@code maxForks}; judged by compare's paired rule at the end. Returns the verdict and, through {@code roundsTaken}, the rounds it took.
   */
  private static Verdict adaptive(SplittableRandom r, double ratio, double spread, double hogShare,
      AdaptiveForks rule, int[] roundsTaken) {
    double[] drift = drift(r, rule.maxForks(), hogShare, 0.01);
    double[] a = forks(r, drift, 1, spread);
    double[] b = forks(r, drift, ratio, spread);
    int n = 3;
    while (n < rule.maxForks()) {
      double[] x = Arrays.copyOf(a, n);
      double[] y = Arrays.copyOf(b, n);
      if (rule.sequential().settled(logRatios(x, y)) || rule.sequential().outOfReach(logRatios(x, y))) {
        break;
      }
      n++;
    }
    roundsTaken[0] += n;
    return Verdict.of(ForkRatio.paired(Arrays.copyOf(a, n), Arrays.copyOf(b, n)), MIN_EFFECT);
  }

  /** The interval's stated error rate, and what 4,000 trials can tell from it (two standard errors). */
  private static final double STATED = 0.05;
  private static final int SEQUENTIAL_TRIALS = 4000;
  private static final double MONTE_CARLO = 2 * Math.sqrt(STATED * (1 - STATED) / SEQUENTIAL_TRIALS);

  @Tag("slow")
  @Test
  void addingForksUntilPreciseKeepsTheFalseCallRateAtTheStatedLevel() {
    // A/A, per-fork noise 2 % to 10 %, a slow walk and (last) a hog in a fifth of the rounds: the rule
    // looks after every round, and calls identical work faster or slower no more often than the
    // interval's 5 %. A rule that stopped as soon as the 95 % interval cleared 1 called 8 to 14 % in
    // this setting; a difference ends the rounds only at 99 %.
    AdaptiveForks rule = new AdaptiveForks(5, 10, AdaptiveForks.NO_TIME_BUDGET, MIN_EFFECT, PrecisionJudge.INSTANCE);
    double[][] cases = {{0.02, 0}, {0.05, 0}, {0.10, 0}, {0.05, 0.2}};
    for (double[] c : cases) {
      SplittableRandom r = new SplittableRandom(100 + (long) (c[0] * 100 + c[1] * 10));
      int called = 0;
      int[] rounds = {0};
      for (int t = 0; t < SEQUENTIAL_TRIALS; t++) {
        Verdict v = adaptive(r, 1.0, c[0], c[1], rule, rounds);
        called += v == Verdict.SLOWER || v == Verdict.FASTER ? 1 : 0;
      }
      assertThat(called / (double) SEQUENTIAL_TRIALS).as("false calls at spread %.2f, hog %.1f", c[0], c[1])
          .isLessThanOrEqualTo(STATED + MONTE_CARLO);
    }
  }

  @Test
  void addingForksFindsATenPercentChangeThatThreeForksMiss() {
    // 5 % noise per fork and a slow walk: three rounds often leave a 10 % slowdown undecided; the rule
    // adds rounds, fewer than a fixed 10
    AdaptiveForks rule = new AdaptiveForks(5, 10, AdaptiveForks.NO_TIME_BUDGET, MIN_EFFECT, PrecisionJudge.INSTANCE);
    SplittableRandom r = new SplittableRandom(7);
    int found = 0;
    int foundWithThree = 0;
    int[] rounds = {0};
    for (int t = 0; t < TRIALS; t++) {
      found += adaptive(r, 1.10, 0.05, 0, rule, rounds) == Verdict.SLOWER ? 1 : 0;
      double[] drift = drift(r, 3, 0, 0.01);
      foundWithThree += Verdict.of(ForkRatio.paired(forks(r, drift, 1, 0.05), forks(r, drift, 1.10, 0.05)),
          MIN_EFFECT) == Verdict.SLOWER ? 1 : 0;
    }
    assertThat(found / (double) TRIALS).as("power with added forks").isGreaterThan(0.8);
    assertThat(foundWithThree / (double) TRIALS).as("power with three").isLessThan(found / (double) TRIALS - 0.2);
    assertThat(rounds[0] / (double) TRIALS).as("mean rounds").isLessThan(10);
  }

  @Test
  void aClearDifferenceEndsTheRoundsEarly() {
    // 2 % noise, a 30 % slowdown: three rounds show it at 99 %, and it is called slower
    AdaptiveForks rule = new AdaptiveForks(5, 10, AdaptiveForks.NO_TIME_BUDGET, MIN_EFFECT, PrecisionJudge.INSTANCE);
    SplittableRandom r = new SplittableRandom(9);
    int[] rounds = {0};
    int slower = 0;
    for (int t = 0; t < TRIALS; t++) {
      slower += adaptive(r, 1.30, 0.02, 0, rule, rounds) == Verdict.SLOWER ? 1 : 0;
    }
    assertThat(slower / (double) TRIALS).isGreaterThan(0.99);
    assertThat(rounds[0] / (double) TRIALS).as("mean rounds").isLessThan(3.5);
  }

  @Test
  void aDifferenceEndsItsRoundsOnceItsVerdictIsClear() {
    // 2 % noise, an 8 % slowdown, up to 10 forks: the rounds end once the ratio is beyond the effect and its 99 %
    // interval clears 1 (a mean of 4.4 rounds with this seed); until issue 66 they also waited for the 99 %
    // interval to clear the effect itself (6.7), and the verdict is the same either way
    AdaptiveForks rule = new AdaptiveForks(5, 10, AdaptiveForks.NO_TIME_BUDGET, MIN_EFFECT, PrecisionJudge.INSTANCE);
    SplittableRandom r = new SplittableRandom(11);
    int[] rounds = {0};
    int slower = 0;
    for (int t = 0; t < TRIALS; t++) {
      slower += adaptive(r, 1.08, 0.02, 0, rule, rounds) == Verdict.SLOWER ? 1 : 0;
    }
    assertThat(slower / (double) TRIALS).isGreaterThan(0.93);
    assertThat(rounds[0] / (double) TRIALS).as("mean rounds").isLessThan(5);
  }

  @Test
  void aChangeOnTheMinimumEffectIsOutOfReachAndStopsEarly() {
    // a 5 % change with 5 % noise sits on the effect itself: the forks a cell is given rarely decide it
    AdaptiveForks rule = new AdaptiveForks(5, 10, AdaptiveForks.NO_TIME_BUDGET, MIN_EFFECT, PrecisionJudge.INSTANCE);
    SplittableRandom r = new SplittableRandom(21);
    int[] rounds = {0};
    for (int t = 0; t < TRIALS; t++) {
      adaptive(r, 1.05, 0.05, 0, rule, rounds);
    }
    assertThat(rounds[0] / (double) TRIALS).as("mean rounds").isLessThan(7);
  }

  /**
   * A comparison on a host that stays busy (a busy loop through the whole run): each fork is
   * disturbed with probability {@code disturbedShare}, a disturbed fork stretched by a random
   * amount (half-normal, sd 30 % of the log: x 1.0 to x 2 and more, as a hog on one of two CPUs
   * did to 3 ms passes here). Rounds as the runner adds them, counting the pairs {@link
   * Comparison#keepsPair} keeps (or, with {@code eitherSpoils}, only pairs disturbed on neither side);
   * null where fewer than 3 pairs count at the end (too noisy to judge).
   */
  private static Verdict busyHost(SplittableRandom r, double ratio, double disturbedShare,
      boolean eitherSpoils, AdaptiveForks rule) {
    int max = rule.maxForks();
    double[] a = new double[max];
    double[] b = new double[max];
    boolean[] kept = new boolean[max];
    for (int k = 0; k < max; k++) {
      boolean da = r.nextDouble() < disturbedShare;
      boolean db = r.nextDouble() < disturbedShare;
      a[k] = 100 * Math.exp(0.03 * gaussian(r) + (da ? Math.abs(0.3 * gaussian(r)) : 0));
      b[k] = 100 * ratio * Math.exp(0.03 * gaussian(r) + (db ? Math.abs(0.3 * gaussian(r)) : 0));
      kept[k] = eitherSpoils ? !da && !db : ForkSamples.keepsPair(ForkSamples.NoisyForks.DROP, da, db);
    }
    int n = 3;
    while (n < max) {
      double[] lr = keptLogRatios(a, b, kept, n);
      if (rule.sequential().settled(lr) || rule.sequential().outOfReach(lr)) {
        break;
      }
      n++;
    }
    double[] lr = keptLogRatios(a, b, kept, n);
    if (lr.length < ForkRatio.MIN_FORKS) {
      return null;
    }
    double[] x = new double[lr.length];
    double[] y = new double[lr.length];
    for (int i = 0; i < lr.length; i++) {
      x[i] = 1;
      y[i] = Math.exp(lr[i]);
    }
    return Verdict.of(ForkRatio.paired(x, y), MIN_EFFECT);
  }

  private static double[] keptLogRatios(double[] a, double[] b, boolean[] kept, int rounds) {
    return java.util.stream.IntStream.range(0, rounds).filter(k -> kept[k]).mapToDouble(k -> Math.log(b[k] / a[k]))
        .toArray();
  }

  @Tag("slow")
  @Test
  void onAHostThatStaysBusyPairsDisturbedOnBothSidesDecideAtTheStatedErrorRate() {
    AdaptiveForks rule = new AdaptiveForks(5, 10, AdaptiveForks.NO_TIME_BUDGET, MIN_EFFECT, PrecisionJudge.INSTANCE);
    for (double share : new double[] {0.5, 0.9, 1.0}) {
      SplittableRandom r = new SplittableRandom(300 + (long) (share * 10));
      int called = 0;
      int tooNoisyEitherSpoils = 0;
      int found = 0;
      for (int t = 0; t < SEQUENTIAL_TRIALS; t++) {
        Verdict same = busyHost(r, 1.0, share, false, rule);
        called += same == Verdict.SLOWER || same == Verdict.FASTER ? 1 : 0;
        tooNoisyEitherSpoils += busyHost(r, 1.0, share, true, rule) == null ? 1 : 0;
        found += busyHost(r, 1.5, share, false, rule) == Verdict.SLOWER ? 1 : 0;
      }
      assertThat(called / (double) SEQUENTIAL_TRIALS).as("false calls, %.0f %% of forks disturbed", share * 100)
          .isLessThanOrEqualTo(STATED + MONTE_CARLO);
      // at half the forks disturbed half the pairs are unalike and left out: 83 % found (seed 305), more above
      assertThat(found / (double) SEQUENTIAL_TRIALS).as("a 50 %% slowdown found, %.0f %% disturbed", share * 100)
          .isGreaterThan(0.8);
      if (share >= 0.9) {
        // dropping a pair when either fork is disturbed leaves nothing to judge on such a host
        assertThat(tooNoisyEitherSpoils / (double) SEQUENTIAL_TRIALS).as("too noisy, either spoils")
            .isGreaterThan(0.9);
      }
    }
  }

  @Test
  void onAHostThatStaysBusyTheDefaultLimitRisesToTenForksAndFindsWhatSixMiss() {
    // the CLI's default limits for --precision with 3 forks: 6 a cell, 10 once the host stays busy
    AdaptiveForks quiet = new AdaptiveForks(5, 6, AdaptiveForks.BUSY_HOST_MAX_FORKS, AdaptiveForks.NO_TIME_BUDGET,
        MIN_EFFECT, PrecisionJudge.INSTANCE);
    AdaptiveForks busy = quiet.onBusyHost();
    assertThat(busy.maxForks()).isEqualTo(10);
    // every fork beside a busy loop (each stretched x 1.0 to x 2 and more), a 35 % slowdown: found in 60 % of
    // trials at 6 forks, 77 % at 10 (seed 66), and identical work still called different at the stated rate
    SplittableRandom r = new SplittableRandom(66);
    int foundAtSix = 0;
    int foundAtTen = 0;
    int falseAtTen = 0;
    for (int t = 0; t < SEQUENTIAL_TRIALS; t++) {
      foundAtSix += busyHost(r, 1.35, 1.0, false, quiet) == Verdict.SLOWER ? 1 : 0;
      foundAtTen += busyHost(r, 1.35, 1.0, false, busy) == Verdict.SLOWER ? 1 : 0;
      Verdict same = busyHost(r, 1.0, 1.0, false, busy);
      falseAtTen += same == Verdict.SLOWER || same == Verdict.FASTER ? 1 : 0;
    }
    assertThat(foundAtTen / (double) SEQUENTIAL_TRIALS).as("found with up to 10 forks").isGreaterThan(0.72)
        .isGreaterThan(foundAtSix / (double) SEQUENTIAL_TRIALS + 0.1);
    assertThat(falseAtTen / (double) SEQUENTIAL_TRIALS).as("false calls with up to 10")
        .isLessThanOrEqualTo(STATED + MONTE_CARLO);
    // a limit given is one limit for any host
    AdaptiveForks given = new AdaptiveForks(5, 8, AdaptiveForks.NO_TIME_BUDGET, MIN_EFFECT, PrecisionJudge.INSTANCE);
    assertThat(given.onBusyHost().maxForks()).isEqualTo(8);
  }
}
