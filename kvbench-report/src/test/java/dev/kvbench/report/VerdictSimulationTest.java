package dev.kvbench.report;

import dev.kvbench.stats.Verdict;
import dev.kvbench.stats.ForkRatio;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The verdicts' statistics by simulation, seeded: forks drawn log-normal around a true ratio, with
 * the spread forks of one phase show on this project's machine. No speed is measured.
 */
class VerdictSimulationTest {

  private static final int TRIALS = 4000;

  /** One fork's figure: 100 ms x the true ratio, times log-normal noise of {@code spread} (sd of the log). */
  private static double[] forks(SplittableRandom r, int n, double ratio, double spread) {
    double[] f = new double[n];
    for (int i = 0; i < n; i++) {
      f[i] = 100 * ratio * Math.exp(spread * gaussian(r));
    }
    return f;
  }

  private static double gaussian(SplittableRandom r) {
    // Box-Muller: SplittableRandom has no nextGaussian on Java 17
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }

  private static int[] verdicts(double ratio, double spread, int forks, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] counts = new int[Verdict.values().length];
    for (int t = 0; t < TRIALS; t++) {
      ForkRatio change = ForkRatio.of(forks(r, forks, 1, spread), forks(r, forks, ratio, spread));
      counts[Verdict.of(change, 5).ordinal()]++;
    }
    return counts;
  }

  private static double share(int[] counts, Verdict v) {
    return counts[v.ordinal()] / (double) TRIALS;
  }

  @Test
  void identicalWorkIsCalledDifferentAtMostAtTheIntervalsErrorRate() {
    // A/A at 3, 5 and 10 forks, spread 2 % to 10 %: a call needs the interval clear of 1 and beyond 5 %
    for (int forks : new int[] {3, 5, 10}) {
      for (double spread : new double[] {0.02, 0.05, 0.10}) {
        int[] c = verdicts(1.0, spread, forks, 42 + forks);
        double called = share(c, Verdict.SLOWER) + share(c, Verdict.FASTER);
        assertThat(called).as("forks %d spread %.2f", forks, spread).isLessThanOrEqualTo(0.05);
      }
    }
  }

  @Test
  void identicalWorkWithLittleSpreadIsCalledEquivalent() {
    // 1 % spread, 5 forks: the interval is about ±1.5 %, inside ±5 %
    int[] c = verdicts(1.0, 0.01, 5, 7);
    assertThat(share(c, Verdict.EQUIVALENT)).isGreaterThan(0.95);
  }

  @Test
  void aTenPercentChangeIsFoundWhenTheForksAllowIt() {
    // 2 % spread: three forks a side find a 10 % slowdown nearly always, never call it faster
    int[] c = verdicts(1.10, 0.02, 3, 11);
    assertThat(share(c, Verdict.SLOWER)).isGreaterThan(0.8);
    assertThat(share(c, Verdict.FASTER)).isZero();
    // 10 % spread needs more forks; the undecided rows say about how many
    SplittableRandom r = new SplittableRandom(13);
    int undecided = 0;
    int decidedWithSuggested = 0;
    for (int t = 0; t < 500; t++) {
      ForkRatio three = ForkRatio.of(forks(r, 3, 1, 0.10), forks(r, 3, 1.10, 0.10));
      if (Verdict.of(three, 5) != Verdict.UNDECIDED) {
        continue;
      }
      undecided++;
      int suggested = Math.min(three.forksToDecide(5), 200);
      ForkRatio more = ForkRatio.of(forks(r, suggested, 1, 0.10), forks(r, suggested, 1.10, 0.10));
      decidedWithSuggested += Verdict.of(more, 5) != Verdict.UNDECIDED ? 1 : 0;
    }
    assertThat(undecided).isGreaterThan(100);
    // an estimate from three forks is rough; it still decides most of what it is asked to
    assertThat(decidedWithSuggested / (double) undecided).isGreaterThan(0.5);
  }

}
