package dev.kvbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class PassNoiseTest {

  @Test
  void eachDisturbancePastItsThresholdMarksThePass() {
    assertThat(PassNoise.judged(1000, 0, 0, 0, 10, 20).noisy()).as("a quiet host").isFalse();
    assertThat(PassNoise.judged(1000, 0, 0, 0, 300, 990).marks()).containsExactly(PassNoise.Mark.OTHER_PROCESSES);
    assertThat(PassNoise.judged(1000, 0, 80, 60, 300, 0).marks()).containsExactly(PassNoise.Mark.CPU_WAIT);
    assertThat(PassNoise.judged(1000, 70, 0, 0, 0, 0).marks()).containsExactly(PassNoise.Mark.STEAL);
    assertThat(PassNoise.judged(1000, 70, 0, 60, 0, 990).marks()).hasSize(3);
  }

  @Test
  void justBelowEachThresholdAndTooShortAPassAreNotMarked() {
    assertThat(PassNoise.judged(1000, 59, 0, 49, 0, 259).noisy()).isFalse();
    // /proc/stat counts in 10 ms ticks: a 40 ms pass cannot be judged by it
    assertThat(PassNoise.judged(40, 40, 0, 0, 0, 40).noisy()).isFalse();
    // the measuring thread's own wait is counted in nanoseconds: a 10 ms pass that waited 4 ms is marked
    assertThat(PassNoise.judged(10, 0, 4, 4, 2, 0).marks()).containsExactly(PassNoise.Mark.CPU_WAIT);
  }

  @Test
  void passesTooShortToJudgeAloneAreJudgedTogether() {
    // five 30 ms passes beside a hog on one CPU: 30 ms of other processes' CPU each, unjudged alone
    PassNoise hogged = PassNoise.judged(30, 0, 0, 0, 3, 30);
    assertThat(hogged.noisy()).isFalse();
    java.util.List<Double> five = java.util.Collections.nCopies(5, 30.0);
    assertThat(PassNoise.judgedTogether(five, java.util.Collections.nCopies(5, hogged)))
        .containsExactly(PassNoise.Mark.OTHER_PROCESSES);
    // a tick of another process per pass is each reading's rounding, not a hog
    PassNoise ticked = PassNoise.judged(30, 10, 0, 0, 3, 10);
    assertThat(PassNoise.judgedTogether(five, java.util.Collections.nCopies(5, ticked))).isEmpty();
    // the measuring thread's waits add up as well
    PassNoise waited = PassNoise.judged(30, 0, 2, 2, 3, 0);
    assertThat(PassNoise.judgedTogether(five, java.util.Collections.nCopies(5, waited)))
        .containsExactly(PassNoise.Mark.CPU_WAIT);
    // still too short together
    assertThat(PassNoise.judgedTogether(java.util.List.of(20.0, 20.0), java.util.List.of(hogged, hogged))).isEmpty();
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
        .isThrownBy(() -> PassNoise.judgedTogether(java.util.List.of(30.0), java.util.List.of()));
  }

  @Test
  void onlyAWaitForACpuMayComeFromTheProcessItself() {
    assertThat(PassNoise.Mark.CPU_WAIT.fromHost()).isFalse();
    assertThat(PassNoise.Mark.OTHER_PROCESSES.fromHost()).isTrue();
    assertThat(PassNoise.Mark.STEAL.fromHost()).isTrue();
    assertThat(PassNoise.Mark.CPU_TAKEN.fromHost()).isTrue();
  }

  /**
   * A hog on one CPU of two beside a 14 ms cursor pass (measured here): the measuring thread waited
   * 8 ms while the process's other threads barely ran, so something outside held its CPU. Schedstat
   * counts nanoseconds: a pass of any length is judged on it, with a 1 ms floor.
   */
  @Test
  void aWaitTheProcesssOwnThreadsCannotExplainMarksEvenAShortPass() {
    assertThat(PassNoise.judged(14, 0, 12, 8, 3, 11, 7.5).marks())
        .containsExactly(PassNoise.Mark.CPU_WAIT, PassNoise.Mark.CPU_TAKEN);
    assertThat(PassNoise.judged(14, 0, 12, 8, 3, 11, 0).marks()).as("its own threads held the CPU")
        .containsExactly(PassNoise.Mark.CPU_WAIT);
    assertThat(PassNoise.judged(14, 0, 1, 0.9, 3, 0, 0.9).noisy()).as("under 1 ms").isFalse();
    assertThat(PassNoise.judged(1000, 0, 80, 60, 300, 0, 55).marks())
        .containsExactly(PassNoise.Mark.CPU_WAIT, PassNoise.Mark.CPU_TAKEN);
    assertThat(PassNoise.judged(1000, 0, 80, 60, 300, 0, 49).marks()).as("under 5 %")
        .containsExactly(PassNoise.Mark.CPU_WAIT);
    // three short passes, each under the floor alone, add up
    PassNoise shortWait = PassNoise.judged(14, 0, 1, 0.9, 1, 0, 0.9);
    assertThat(PassNoise.judgedTogether(java.util.List.of(14.0, 14.0, 14.0),
        java.util.Collections.nCopies(3, shortWait))).containsExactly(PassNoise.Mark.CPU_WAIT, PassNoise.Mark.CPU_TAKEN);
    // results written before the figure was recorded read it as 0: nothing is marked after the fact
    assertThat(new PassNoise(0, 12, 8, 3, 11, java.util.List.of()).outsideWaitMillis()).isZero();
  }

  @Test
  void betweenTwoReadingsTheOtherThreadsRunTimeExplainsTheWaitFirst() {
    // the measuring thread "1" waited 8 ms; thread "2" ran 0.5 ms, thread "3" began in the pass and ran 1 ms
    NoiseMeter.Reading start = new NoiseMeter.Reading(new CpuTime(0, 0), 0, 0, 0, 2_000_000,
        Map.of("1", 2_000_000L, "2", 0L), 40_000_000, Map.of("1", 40_000_000L, "2", 7_000_000L));
    NoiseMeter.Reading end = new NoiseMeter.Reading(new CpuTime(6, 0), 0, 0, 3, 10_000_000,
        Map.of("1", 10_000_000L, "2", 0L, "3", 0L), 46_000_000,
        Map.of("1", 46_000_000L, "2", 7_500_000L, "3", 1_000_000L));
    PassNoise n = NoiseMeter.between(start, end, 14);
    assertThat(n.measuringThreadWaitMillis()).isEqualTo(8.0);
    assertThat(n.outsideWaitMillis()).isCloseTo(6.5, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(n.marks()).containsExactly(PassNoise.Mark.CPU_WAIT, PassNoise.Mark.CPU_TAKEN);
    // had the other threads run 9 ms, they could have held the one CPU the whole wait
    NoiseMeter.Reading busyOwn = new NoiseMeter.Reading(new CpuTime(15, 0), 0, 0, 3, 10_000_000,
        Map.of("1", 10_000_000L, "2", 0L), 46_000_000, Map.of("1", 46_000_000L, "2", 16_000_000L));
    assertThat(NoiseMeter.between(start, busyOwn, 14).outsideWaitMillis()).isZero();
    // ...but not both of two: while the measuring thread waited both CPUs were busy, 16 CPU-ms, of which
    // the other threads held at most 9; something outside held one of them at least 8 - 9/2 ms (a busy
    // loop on the other CPU, the case that doubled a short LMDB scan unmarked)
    PassNoise twoCpus = NoiseMeter.between(start, busyOwn, 14, 2);
    assertThat(twoCpus.outsideWaitMillis()).isCloseTo(3.5, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(twoCpus.marks()).contains(PassNoise.Mark.CPU_TAKEN);
    // without the threads' run times nothing is put on the host
    NoiseMeter.Reading unknown = new NoiseMeter.Reading(new CpuTime(6, 0), 0, 0, 3, 10_000_000, Map.of());
    assertThat(NoiseMeter.between(start, unknown, 14).outsideWaitMillis()).isZero();
  }

  @Test
  void betweenTwoReadingsCountsOnlyWhatHappenedInTheSpan() {
    NoiseMeter.Reading start = new NoiseMeter.Reading(new CpuTime(100, 10), 5_000, 200, 7, 1_000_000,
        Map.of("1", 1_000_000L, "2", 5_000_000L, "3", 9_000_000L));
    // thread 3 ended during the pass (not counted); thread 4 began in it (all its wait counts)
    NoiseMeter.Reading end = new NoiseMeter.Reading(new CpuTime(290, 20), 5_000 + 1_200, 200 + 10, 57, 61_000_000,
        Map.of("1", 61_000_000L, "2", 6_000_000L, "4", 4_000_000L));
    PassNoise n = NoiseMeter.between(start, end, 1000);
    assertThat(n.measuringThreadWaitMillis()).isEqualTo(60.0);
    assertThat(n.runQueueWaitMillis()).isEqualTo(65.0);
    assertThat(n.involuntarySwitches()).isEqualTo(50);
    assertThat(n.stealMillis()).isEqualTo(10.0);
    // the host was busy 1,200 ms, of which this process used 200 ms
    assertThat(n.otherProcessesCpuMillis()).isEqualTo(1000.0);
    assertThat(n.marks()).containsExactly(PassNoise.Mark.OTHER_PROCESSES, PassNoise.Mark.CPU_WAIT);
  }

  @Test
  void unknownSwitchesStayUnknown() {
    NoiseMeter.Reading r = new NoiseMeter.Reading(new CpuTime(0, 0), 0, 0, -1, 0, Map.of());
    assertThat(NoiseMeter.between(r, r, 500).involuntarySwitches()).isEqualTo(-1);
    assertThat(NoiseMeter.between(r, r, 500).describe(500)).contains("unknown involuntary switches");
  }

  @Test
  void onLinuxAReadingSeesThisProcesssThreads() {
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(java.nio.file.Path.of("/proc/self/task")));
    NoiseMeter.Reading r = NoiseMeter.ofThisProcess(new CpuMeter()).read();
    assertThat(r.threadWaitNanos()).hasSizeGreaterThan(1);
    assertThat(r.hostBusyMillis()).isPositive();
    // the CPUs one by one add up to the host's line (each line is rounded to a tick apart)
    dev.kvbench.host.CpuList all = NoiseMeter.allowedCpus();
    org.junit.jupiter.api.Assumptions.assumeTrue(all.cpus().size() == Runtime.getRuntime().availableProcessors());
    double[] host = NoiseMeter.hostTicks(dev.kvbench.host.CpuList.NONE);
    double[] each = NoiseMeter.hostTicks(all);
    assertThat(each[0]).isCloseTo(host[0], org.assertj.core.data.Offset.offset(host[0] * 0.001 + 100));
    double[] first = NoiseMeter.hostTicks(dev.kvbench.host.CpuList.parse(all.cpus().get(0).toString()));
    assertThat(first[0]).isPositive().isLessThanOrEqualTo(each[0]);
  }
}
