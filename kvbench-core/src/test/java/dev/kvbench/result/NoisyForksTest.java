package dev.kvbench.result;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.PassNoise;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of a phase's forks the host disturbed, pass by pass and over a fork's passes together. */
class NoisyForksTest {

  /** A pass of fork {@code fork} lasting {@code millis}, beside {@code otherCpuMillis} of other processes. */
  private static PassResult pass(int fork, double millis, double otherCpuMillis, double measuringWaitMillis) {
    return PassResult.of(1000, (long) (millis * 1e6), null, 0)
        .withNoise(PassNoise.judged(millis, 0, measuringWaitMillis, measuringWaitMillis, 0, otherCpuMillis))
        .withFork(fork);
  }

  private static PhaseResult phase(List<PassResult> passes) {
    return PhaseResult.measured("readKey", passes, PhaseResult.Latency.NONE, true, null, null);
  }

  @Test
  void aHogBesidePassesTooShortToJudgeMarksTheirFork() {
    List<PassResult> passes = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      passes.add(pass(1, 30, 0, 0)); // quiet
      passes.add(pass(2, 30, 30, 0)); // a hog on one CPU all along
      passes.add(pass(3, 30, 0, 0));
    }
    PhaseResult p = phase(passes);
    assertThat(passes).noneMatch(PassResult::noisy);
    assertThat(p.noisyForks()).containsExactly(2);
    assertThat(p.hostDisturbedForks()).containsExactly(2);
  }

  @Test
  void aForkThatOnlyWaitedForACpuIsNoisyButNotTheHosts() {
    PhaseResult p = phase(List.of(pass(1, 200, 0, 0), pass(2, 200, 0, 40), pass(3, 200, 300, 40)));
    assertThat(p.noisyForks()).containsExactly(2, 3);
    assertThat(p.hostDisturbedForks()).containsExactly(3);
  }

  @Test
  void passesWithoutNoiseFiguresCountClean() {
    PhaseResult p = phase(List.of(PassResult.of(1000, 200_000_000, null, 0).withFork(1), pass(2, 200, 0, 0)));
    assertThat(p.noisyForks()).isEmpty();
  }
}
