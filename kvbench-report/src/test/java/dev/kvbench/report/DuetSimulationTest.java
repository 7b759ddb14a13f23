package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.stats.ForkRatio;
import dev.kvbench.stats.Verdict;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Duet against interleaved rounds, by simulation (seeded): a host whose load comes in bursts of 2
 * to 10 s, half the time, each burst slowing whatever runs in it by 80 % (a load that takes both
 * CPUs, or their shared memory bandwidth), and each fork its own JVM's 2 %. Interleaved, fork k of
 * A runs 6 s and then fork k of B (B first every other round), so a burst often covers one and not
 * the other; in duet they run over the same 6 s and share whatever the host does then. A
 * one-thread load that lands on one side's CPU only is not modelled here: duet does not cancel
 * that (see docs/running.md, Duet). The verdicts are compare's; no speed is measured.
 */
class DuetSimulationTest {

  private static final int TRIALS = 1000;
  private static final int FORKS = 10;
  private static final double FORK_SECONDS = 6;
  /** Each fork's JVM starts before it measures: time in which the host moves on. */
  private static final double START_SECONDS = 1.5;
  private static final double SLOWDOWN = 0.8;
  private static final double JVM_SPREAD = 0.02;

  /** Bursts of load: on and off periods of 2 to 10 s each, from a random phase. */
  private static final class Bursts {
    private final SplittableRandom r;
    private double periodEnd;
    private boolean on;
    private final java.util.List<double[]> spans = new java.util.ArrayList<>();

    Bursts(SplittableRandom r) {
      this.r = r;
      this.on = r.nextBoolean();
      this.periodEnd = -r.nextDouble(0, 10);
    }

    /** The share of [from, to] the load was on. */
    double share(double from, double to) {
      while (periodEnd < to) {
        double start = periodEnd;
        on = !on;
        periodEnd = start + r.nextDouble(2, 10);
        if (on) {
          spans.add(new double[] {start, periodEnd});
        }
      }
      double covered = 0;
      for (double[] s : spans) {
        covered += Math.max(0, Math.min(to, s[1]) - Math.max(from, s[0]));
      }
      return covered / (to - from);
    }
  }

  private static double gaussian(SplittableRandom r) {
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }

  private static double fork(SplittableRandom r, Bursts host, double from, double ratio) {
    return 100 * ratio * (1 + SLOWDOWN * host.share(from, from + FORK_SECONDS)) * Math.exp(JVM_SPREAD * gaussian(r));
  }

  /** Fork k of A and of B, as a schedule runs them over one trial; [0] A's, [1] B's. */
  private static double[][] run(SplittableRandom r, boolean duet, double ratio) {
    Bursts host = new Bursts(r);
    double[][] f = new double[2][FORKS];
    double t = 0;
    for (int k = 0; k < FORKS; k++) {
      if (duet) {
        t += START_SECONDS;
        f[0][k] = fork(r, host, t, 1);
        f[1][k] = fork(r, host, t, ratio);
        t += FORK_SECONDS;
      } else {
        int first = k % 2; // A B, then B A
        for (int side : new int[] {first, 1 - first}) {
          t += START_SECONDS;
          f[side][k] = fork(r, host, t, side == 0 ? 1 : ratio);
          t += FORK_SECONDS;
        }
      }
    }
    return f;
  }

  /** Over the trials: the mean width (percent) of the paired ratio's interval, and the share of each verdict wanted. */
  private record Outcome(double meanWidthPercent, double calledDifferent, double decided) {}

  private static Outcome trials(boolean duet, double ratio, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    double width = 0;
    int different = 0;
    int decided = 0;
    for (int t = 0; t < TRIALS; t++) {
      double[][] f = run(r, duet, ratio);
      ForkRatio change = ForkRatio.paired(f[0], f[1]);
      width += change.widthPercent();
      Verdict v = Verdict.of(change, Verdict.DEFAULT_MIN_EFFECT_PERCENT);
      different += v == Verdict.FASTER || v == Verdict.SLOWER ? 1 : 0;
      decided += v == Verdict.FASTER || v == Verdict.SLOWER || v == Verdict.EQUIVALENT ? 1 : 0;
    }
    return new Outcome(width / TRIALS, different / (double) TRIALS, decided / (double) TRIALS);
  }

  @Test
  void underBurstsOfLoadADuetsRatioIsNarrowerThanInterleavedRoundsForTheSameForks() {
    Outcome duet = trials(true, 1.10, 66);
    Outcome interleaved = trials(false, 1.10, 66);
    System.out.printf("duet: mean interval %.1f %% wide, 10 %% change found in %.1f %%; interleaved: %.1f %% wide,"
        + " found in %.1f %%%n", duet.meanWidthPercent(), 100 * duet.calledDifferent(),
        interleaved.meanWidthPercent(), 100 * interleaved.calledDifferent());
    assertThat(duet.meanWidthPercent()).isLessThan(interleaved.meanWidthPercent() / 2);
    assertThat(duet.calledDifferent()).isGreaterThan(interleaved.calledDifferent());
  }

  @Test
  void aDuetOfTwoIdenticalVariantsCallsAtMostOneInTwentyDifferentAndDecidesMost() {
    Outcome duet = trials(true, 1.0, 67);
    Outcome interleaved = trials(false, 1.0, 67);
    System.out.printf("A/A duet: %.1f %% called different, %.1f %% decided; interleaved: %.1f %% called different,"
        + " %.1f %% decided%n", 100 * duet.calledDifferent(), 100 * duet.decided(),
        100 * interleaved.calledDifferent(), 100 * interleaved.decided());
    assertThat(duet.calledDifferent()).isLessThanOrEqualTo(0.05);
    assertThat(duet.decided()).isGreaterThan(interleaved.decided());
  }
}
