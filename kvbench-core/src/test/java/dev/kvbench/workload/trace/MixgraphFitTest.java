package dev.kvbench.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 67: {@code trace fit} on a trace generated from a known mixgraph model (seeded) recovers
 * its parameters, and the fitted model's keys are distributed over the key space as the trace's
 * are (two-sample Kolmogorov-Smirnov D at most 0.02).
 */
class MixgraphFitTest {

  @TempDir Path dir;

  /** FAST'20's keys, mix, sizes and seeks over 5 M keys, at a rate that swings with a 20 s period around 10,000 ops/s. */
  static final MixgraphModel KNOWN = new MixgraphModel(5_000_000, 48, MixgraphModel.FAST20.ranges(),
      MixgraphModel.FAST20.keyDist(), MixgraphModel.FAST20.mix(), MixgraphModel.FAST20.valueSize(),
      MixgraphModel.FAST20.scanLength(), new MixgraphModel.Sine(2_000, 2 * Math.PI / 20, 0.5, 10_000, 100));

  @Test
  void aFitOfAGeneratedTraceRecoversTheModelAndItsKeysMatchTheTracesWithinKs002() {
    Path trace = dir.resolve("mixgraph.kvbtrace");
    MixgraphGenerator.write(KNOWN, 1_000_000, 42, trace);
    TraceFit.Result fit = TraceFit.fit(trace, 30, 0);
    MixgraphModel m = fit.model();
    assertThat(fit.keyedOperations()).isEqualTo(1_000_000);
    assertThat(m.keys()).isCloseTo(KNOWN.keys(), withinPercentage(0.1));
    assertThat(m.keySize()).isEqualTo(48);
    assertThat(m.mix().get()).isCloseTo(0.85, within(0.005));
    assertThat(m.mix().put()).isCloseTo(0.14, within(0.005));
    assertThat(m.mix().seek()).isCloseTo(0.01, within(0.002));
    MixgraphModel.KeyRanges r = m.ranges();
    assertThat(r.count()).isEqualTo(30);
    for (int x = 1; x <= 30; x++) {
      double share = KNOWN.ranges().weight(x) / total(KNOWN.ranges());
      assertThat(r.weight(x) / total(r)).as("range at place %d", x).isCloseTo(share, withinPercentage(10));
    }
    assertThat(r.b()).isCloseTo(-2.917, withinPercentage(10));
    assertThat(r.d()).isCloseTo(-0.08082, withinPercentage(20));
    assertThat(m.keyDist().a()).isCloseTo(0.002312, withinPercentage(15));
    assertThat(m.keyDist().b()).isCloseTo(0.3467, withinPercentage(10));
    assertThat(m.valueSize().k()).isCloseTo(0.2615, withinPercentage(15));
    assertThat(m.valueSize().sigma()).isCloseTo(25.45, withinPercentage(10));
    assertThat(m.scanLength().k()).isCloseTo(2.517, withinPercentage(20));
    assertThat(m.scanLength().sigma()).isCloseTo(14.236, withinPercentage(25));
    assertThat(m.rate().d()).isCloseTo(10_000, withinPercentage(2));
    assertThat(m.rate().a()).isCloseTo(2_000, withinPercentage(10));
    assertThat(2 * Math.PI / m.rate().b()).isCloseTo(20, withinPercentage(3));
    // the phase trades against the period over the span: the curve is what must match
    for (double t = 0; t < 95; t += 0.5) {
      assertThat(m.rate().at(t)).as("rate at %s s", t).isCloseTo(KNOWN.rate().at(t), within(0.05 * 10_000));
    }
    assertThat(fit.comparedKeys()).isEqualTo(1_000_000);
    assertThat(fit.keyDistance()).isLessThanOrEqualTo(0.02);
    assertThat(fit.notes()).isEmpty();
  }

  private static double total(MixgraphModel.KeyRanges r) {
    double t = 0;
    for (int x = 1; x <= r.count(); x++) {
      t += r.weight(x);
    }
    return t;
  }
}
