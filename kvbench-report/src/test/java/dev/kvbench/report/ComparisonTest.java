package dev.kvbench.report;

import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.Verdict;
import dev.kvbench.stats.ForkRatio;
import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.ResultDocument;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {

  private static RunResults run(ResultDocument d) {
    return Fixtures.run(d);
  }

  @Test
  void aRunAgainstItselfHasNoDifference() {
    RunResults r = run(Fixtures.twoStores("h", 1));
    Comparison c = Comparison.of(List.of(r), List.of(r));
    // alpha and beta write and readKey, null's two phases, and alpha's and beta's storage (the null store keeps none)
    assertThat(c.rows()).hasSize(8).allSatisfy(row -> {
      assertThat(row.ratio()).isEqualTo(1.0);
      // equivalent where three forks pin the ratio within ±5 %, undecided where their spread is wider; never a change
      assertThat(row.verdict()).isIn(Verdict.EQUIVALENT, Verdict.UNDECIDED);
      assertThat(row.change().low()).isLessThanOrEqualTo(1.0);
      assertThat(row.change().high()).isGreaterThanOrEqualTo(1.0);
      assertThat(row.regression(0)).isFalse();
    });
    // beta's failed readRev is not compared, and says so; alpha's unsupported one on both sides is simply absent
    assertThat(c.unmatched()).extracting(Comparison.Unmatched::gap)
        .containsExactlyInAnyOrder(Comparison.Gap.CANDIDATE_FAILED, Comparison.Gap.CANDIDATE_FAILED);
    assertThat(c.unmatched()).extracting(Comparison.Unmatched::why).contains("baseline failed, candidate failed")
        .anySatisfy(why -> assertThat(why).startsWith("the candidate cell failed: no space left on device"));
  }

  private static ResultDocument withStorage(ResultDocument d, List<Long> bytesByFork) {
    return new ResultDocument(d.run(), d.environment(), d.cells().stream().map(c -> c.storage() == null ? c
        : new dev.kvbench.result.CellResult(c.cellId(), c.store(), c.library(), c.libraryVersion(), c.capabilities(),
            c.settings(), c.nativeSettings(), c.parameters(), c.phases(), c.storage().withForks(bytesByFork),
            c.outcome(), c.error(), c.diagnostics())).toList(), d.completed(), d.resumedAt(), d.label());
  }

  private static ResultDocument withAxes(ResultDocument d, Map<String, String> axes) {
    return new ResultDocument(d.run(), d.environment(), d.cells().stream().map(c -> new dev.kvbench.result.CellResult(
        c.cellId(), c.store(), c.library(), c.libraryVersion(), c.capabilities(), c.settings(), c.nativeSettings(),
        new dev.kvbench.result.CellResult.Parameters(c.parameters().data(), c.parameters().write(), c.parameters().plan(),
            c.parameters().load(), axes), c.phases(), c.storage(), c.outcome(), c.error(), c.diagnostics())).toList(),
        d.completed(), d.resumedAt(), d.label());
  }

  /**
   * A run from before an axis existed holds none of it; the same cells of a newer run hold it at
   * its default: the same workload, compared row for row. A value beyond the default is another.
   */
  @Test
  void aCellWithoutAnAxisMatchesOneWithTheAxisAtItsDefault() {
    ResultDocument older = withAxes(Fixtures.twoStores("h", 1), Map.of());
    ResultDocument newer = withAxes(Fixtures.twoStores("h", 1), Map.of("missFractions", "0.0", "scanLengths", "10",
        "rateShapes", "constant", "gc", "default"));
    Comparison c = Comparison.of(List.of(run(older)), List.of(run(newer)));
    assertThat(c.unmatched()).noneMatch(u -> u.gap() == Comparison.Gap.CANDIDATE_MISSING
        || u.gap() == Comparison.Gap.BASELINE_MISSING);
    assertThat(c.rows()).hasSize(8);
    ResultDocument missing = withAxes(Fixtures.twoStores("h", 1), Map.of("missFractions", "0.5"));
    Comparison other = Comparison.of(List.of(run(older)), List.of(run(missing)));
    assertThat(other.rows()).isEmpty();
    assertThat(other.unmatched()).anyMatch(u -> u.gap() == Comparison.Gap.CANDIDATE_MISSING);
  }

  private static Comparison.Row storageRow(Comparison c, String store) {
    return c.rows().stream().filter(r -> r.phase().equals(Comparison.STORAGE) && r.cell().startsWith(store + " "))
        .findFirst().orElseThrow();
  }

  @Test
  void aCellsStorageIsJudgedOnItsBytesEachForkASampleLowerIsBetter() {
    ResultDocument base = Fixtures.twoStores("h", 1);
    // the candidate's forks each left a fifth more bytes, and not the same twice
    ResultDocument larger = withStorage(base, List.of(180_000L, 181_000L, 179_000L));
    Comparison c = Comparison.of(List.of(run(base)), List.of(run(larger)));

    Comparison.Row alpha = storageRow(c, "alpha");
    assertThat(alpha.shown()).isEqualTo(ShownFigure.STORAGE);
    assertThat(alpha.baselineFigure()).isEqualTo(0.15);
    assertThat(alpha.candidateFigure()).isEqualTo(0.18);
    assertThat(alpha.change().baselineForks()).isEqualTo(3);
    assertThat(alpha.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(alpha.verdictWords()).isEqualTo("larger");
    assertThat(alpha.regression(10)).isTrue();
    assertThat(alpha.regression(30)).isFalse();
    // the other way round it is smaller; the same bytes in every fork are equivalent, not undecided
    assertThat(storageRow(Comparison.of(List.of(run(larger)), List.of(run(base))), "alpha").verdictWords())
        .isEqualTo("smaller");
    assertThat(storageRow(Comparison.of(List.of(run(base)), List.of(run(base))), "alpha").verdict())
        .isEqualTo(Verdict.EQUIVALENT);
  }

  @Test
  void storageOfOneForkASideIsNamedNotJudgedAndNoGateFailsOnIt() {
    ResultDocument base = Fixtures.twoStores("h", 1);
    ResultDocument older = withStorage(base, List.of());
    Comparison c = Comparison.of(List.of(run(older)), List.of(run(base)));

    assertThat(c.rows()).noneMatch(r -> r.phase().equals(Comparison.STORAGE));
    assertThat(c.unmatched()).filteredOn(u -> u.gap() == Comparison.Gap.ONE_STORAGE_SAMPLE)
        .extracting(Comparison.Unmatched::cell)
        .containsExactly("alpha int rnd 1000x100 batch=all nosync storage", "beta int rnd 1000x100 batch=all nosync storage")
        .allSatisfy(cell -> assertThat(cell).endsWith(" storage"));
    assertThat(c.unmatched()).filteredOn(u -> u.gap() == Comparison.Gap.ONE_STORAGE_SAMPLE)
        .allSatisfy(u -> {
          assertThat(u.side()).isEqualTo("baseline");
          assertThat(u.why()).contains("1/3 forks");
        });
    assertThat(Comparison.Gap.ONE_STORAGE_SAMPLE.failsGate()).isFalse();
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
    assertThat(write.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(write.change().low()).isGreaterThan(1.0);
    assertThat(write.change().baselineForks()).isEqualTo(3);
    assertThat(write.settingsChanged()).isEqualTo("writeMap true -> false");
    assertThat(write.regression(10)).isTrue();
    assertThat(write.regression(50)).isFalse();
    Comparison.Row read = c.rows().stream().filter(r -> r.phase().equals("readKey")).findFirst().orElseThrow();
    assertThat(read.verdict()).isEqualTo(Verdict.UNDECIDED);
    assertThat(c.unmatched()).extracting(Comparison.Unmatched::cell)
        .contains("beta int rnd 1000x100 batch=all nosync", "null int rnd 1000x100 batch=all nosync");
  }

  @Test
  void aRateSweepsCapacityAtItsSlaIsJudgedHigherBetterFromEachForksOwn() {
    // baseline: every fork meets p99<=1ms at 1,000 and 2,000 ops/s and breaks it at 4,000; candidate: at 2,000
    ResultDocument base = Fixtures.judged("p99<=1ms", List.of(Fixtures.ratedCell("alpha", 1000, 200, 200, 200),
        Fixtures.ratedCell("alpha", 2000, 500, 600, 500), Fixtures.ratedCell("alpha", 4000, 3000, 3000, 4000)));
    ResultDocument slower = Fixtures.judged("p99<=1ms", List.of(Fixtures.ratedCell("alpha", 1000, 300, 300, 300),
        Fixtures.ratedCell("alpha", 2000, 2000, 2500, 2000), Fixtures.ratedCell("alpha", 4000, 9000, 9000, 9000)));
    Comparison c = Comparison.of(List.of(run(base)), List.of(run(slower)));
    Comparison.Row row = c.rows().stream().filter(r -> r.phase().equals("ycsb-c capacity")).findFirst().orElseThrow();
    assertThat(row.shown()).isEqualTo(ShownFigure.CAPACITY);
    assertThat(row.baselineFigure()).isEqualTo(2000.0);
    assertThat(row.candidateFigure()).isEqualTo(1000.0);
    assertThat(row.shownRatio()).isEqualTo(0.5);
    assertThat(row.verdictWords()).isEqualTo("less capacity");
    assertThat(row.regression(10)).isTrue();
    // the points are the capacity's: no row of their own (each pass's rate is its schedule's), one line naming them
    assertThat(c.rows()).hasSize(1);
    assertThat(c.unmatched()).singleElement().satisfies(u -> {
      assertThat(u.gap()).isEqualTo(Comparison.Gap.JUDGED_AS_CAPACITY);
      assertThat(u.cell()).startsWith("alpha").endsWith("ycsb-c rate=...");
      assertThat(u.why()).contains("capacity at p99<=1ms");
      assertThat(u.gap().failsGate()).isFalse();
    });
    assertThat(Comparison.of(List.of(run(slower)), List.of(run(base))).rows().stream()
        .filter(r -> r.phase().equals("ycsb-c capacity")).findFirst().orElseThrow().verdictWords())
        .isEqualTo("more capacity");
    assertThat(Comparison.of(List.of(run(base)), List.of(run(base))).rows().stream()
        .filter(r -> r.phase().equals("ycsb-c capacity")).findFirst().orElseThrow().verdict())
        .isEqualTo(Verdict.EQUIVALENT);
    // a planted setting (-o alpha.getVia=get) is the same curve under other settings: compared, the change named
    ResultDocument planted = Fixtures.judged("p99<=1ms", List.of(
        Fixtures.ratedCell("alpha", Map.of("getVia", "get"), 1000, 300, 300, 300),
        Fixtures.ratedCell("alpha", Map.of("getVia", "get"), 2000, 2000, 2500, 2000),
        Fixtures.ratedCell("alpha", Map.of("getVia", "get"), 4000, 9000, 9000, 9000)));
    Comparison.Row plantedRow = Comparison.of(List.of(run(base)), List.of(run(planted))).rows().stream()
        .filter(r -> r.phase().equals("ycsb-c capacity")).findFirst().orElseThrow();
    assertThat(plantedRow.verdictWords()).isEqualTo("less capacity");
    assertThat(plantedRow.settingsChanged()).isEqualTo("getVia: default -> get");
    // compare --by KEY's sides name the swept value in their labels: a change of one value pairs them
    assertThat(CapacityComparison.settingChange("s int threads=1 getVia=cursor", "s int threads=1 getVia=get"))
        .isEqualTo("getVia: cursor -> get");
    assertThat(CapacityComparison.settingChange("s int threads=1 getVia=cursor", "s str threads=1 getVia=get"))
        .isNull();
    // broken by rare stalls, not by a queue (p90 as at the lowest rate, p99 a 5 ms stall's): the host's capacity,
    // too noisy to judge, whatever its forks say
    ResultDocument stalled = Fixtures.judged("p99<=1ms", List.of(
        Fixtures.stalledCell("alpha", Map.of(), 1000, 0, 100, 100, 100),
        Fixtures.stalledCell("alpha", Map.of(), 2000, 5000, 100, 100, 100),
        Fixtures.stalledCell("alpha", Map.of(), 4000, 5000, 100, 100, 100)));
    Comparison withStalls = Comparison.of(List.of(run(base)), List.of(run(stalled)));
    Comparison.Row stalledRow = withStalls.rows().stream().filter(r -> r.phase().equals("ycsb-c capacity"))
        .findFirst().orElseThrow();
    assertThat(stalledRow.candidateFigure()).isEqualTo(1000.0);
    assertThat(stalledRow.verdict()).isEqualTo(Verdict.TOO_NOISY);
    assertThat(stalledRow.regression(10)).isFalse();
    assertThat(withStalls.unmatched()).anySatisfy(u -> {
      assertThat(u.gap()).isEqualTo(Comparison.Gap.STALL_BOUND);
      assertThat(u.why()).contains("broke without a queue").contains("p90 100.0 µs at 2,000 ops/s");
    });
    // judged at another SLA, the capacities are not compared, and the comparison says why
    ResultDocument looser = Fixtures.judged("p99<=5ms", slower.cells());
    Comparison other = Comparison.of(List.of(run(base)), List.of(run(looser)));
    assertThat(other.rows()).noneMatch(r -> r.phase().endsWith("capacity"));
    assertThat(other.unmatched()).anySatisfy(u -> assertThat(u.why()).contains("different SLAs"));
  }

  @Test
  void cellsOfASweepOfTheTrafficMatchTheirOwnNeverTheFirstOfTheStore() {
    // two cells of one store that differ only in their traffic (as a rate sweep's do): each is its own workload
    ResultDocument run = Fixtures.document("h", List.of(
        Fixtures.timedCell("alpha", 1000, Fixtures.timedPhase("sustain", 1000, 100_000, 101_000, 99_000)),
        Fixtures.timedCell("alpha", 2000, Fixtures.timedPhase("sustain", 2000, 400_000, 404_000, 396_000))));
    Comparison c = Comparison.of(List.of(run(run)), List.of(run(run)));
    assertThat(c.unmatched()).isEmpty();
    assertThat(c.rows()).hasSize(2).allSatisfy(r -> {
      assertThat(r.verdict()).isEqualTo(Verdict.EQUIVALENT);
      assertThat(r.shownRatio()).isEqualTo(1.0);
    });
    assertThat(c.rows()).extracting(Comparison.Row::baselineFigure).containsExactly(100_000.0, 200_000.0);
  }

  @Test
  void aPhaseOfAFixedDurationIsJudgedByItsRateNotItsTime() {
    // every pass lasts its 2 s: the candidate did half the puts in them, so it is slower, not equivalent
    ResultDocument base = Fixtures.document("h", List.of(Fixtures.timedCell("alpha", 2000,
        Fixtures.timedPhase("sustain", 2000, 400_000, 410_000, 405_000))));
    ResultDocument rated = Fixtures.document("h", List.of(Fixtures.timedCell("alpha", 2000,
        Fixtures.timedPhase("sustain", 2000, 200_000, 201_000, 199_000))));
    Comparison c = Comparison.of(List.of(run(base)), List.of(run(rated)));
    Comparison.Row row = c.rows().get(0);
    assertThat(row.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(row.verdictWords()).isEqualTo("slower (lower throughput)");
    assertThat(row.regression(10)).isTrue();
    assertThat(row.shown().id()).isEqualTo("ops/s");
    assertThat(row.shown().lowerIsBetter()).isFalse();
    assertThat(row.baselineFigure()).isEqualTo(202_500.0);
    assertThat(row.candidateFigure()).isEqualTo(100_000.0);
    assertThat(row.shownRatio()).isCloseTo(100_000.0 / 202_500, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(row.shownInterval()[1]).isLessThan(1.0);
    // the other way round it is faster; and against itself equivalent
    assertThat(Comparison.of(List.of(run(rated)), List.of(run(base))).rows().get(0).verdict())
        .isEqualTo(Verdict.FASTER);
    assertThat(Comparison.of(List.of(run(base)), List.of(run(base))).rows().get(0).verdict())
        .isEqualTo(Verdict.EQUIVALENT);
    // compare --json and --csv say the figure, which way is better and the rate's ratio
    String json = ComparisonRecords.json(c, "a", "b");
    assertThat(json).contains("\"figure\" : \"ops/s\"", "\"better\" : \"higher\"", "\"verdict\" : \"slower\"");
    assertThat(ComparisonRecords.csv(c).lines().findFirst().orElseThrow())
        .startsWith("cell,phase,figure,better,baseline,candidate,");
  }

  @Test
  void aRowNamesTheForksTheHostDisturbedOnEachSide() {
    ResultDocument base = Fixtures.twoStores("h", 1);
    RunResults quiet = run(base);
    // the same figures, but two of the candidate's three alpha write forks had another process beside them
    ResultDocument disturbed = Fixtures.document("h", List.of(Fixtures.cell("alpha", "rnd", Map.of("writeMap", "true"),
        Fixtures.ORDERED, noisy(Fixtures.phase("write", new double[] {10, 11, 12}), 1, 3),
        Fixtures.phase("readKey", new double[] {5, 5.5, 6}))));
    Comparison c = Comparison.of(List.of(quiet), List.of(run(disturbed)));
    Comparison.Row write = c.rows().stream().filter(r -> r.cell().startsWith("alpha") && r.phase().equals("write"))
        .findFirst().orElseThrow();
    assertThat(write.caveats()).isEqualTo(new Caveats(0, 2, 0, 0));
    assertThat(write.caveats().describe()).isEqualTo("noisy forks 0/2");
    Comparison.Row read = c.rows().stream().filter(r -> r.cell().startsWith("alpha") && r.phase().equals("readKey"))
        .findFirst().orElseThrow();
    assertThat(read.caveats().any()).isFalse();
    assertThat(read.caveats().describe()).isEmpty();
  }

  @Test
  void aPassOfMicrosecondsGetsNoVerdict() {
    // the null store's scan: a pass of 1 to 2 µs is the clock's resolution, halved or not
    ResultDocument base = Fixtures.document("h", List.of(Fixtures.cell("null", "rnd", Map.of(), Fixtures.NULL_STORE,
        Fixtures.phase("readSeq", new double[] {0.0020, 0.0021, 0.0019}))));
    ResultDocument cand = Fixtures.document("h", List.of(Fixtures.cell("null", "rnd", Map.of(), Fixtures.NULL_STORE,
        Fixtures.phase("readSeq", new double[] {0.0010, 0.0011, 0.0009}))));
    Comparison.Row row = Comparison.of(List.of(run(base)), List.of(run(cand))).rows().get(0);
    assertThat(row.change().high()).as("the interval alone would call it").isLessThan(1.0);
    assertThat(row.verdict()).isEqualTo(Verdict.TOO_SHORT);
    assertThat(row.regression(0)).isFalse();
  }

  /** {@code phase} with the passes of forks {@code forks} disturbed by another process. */
  private static PhaseResult noisy(PhaseResult phase, int... forks) {
    return marked(phase, dev.kvbench.measure.PassNoise.Mark.OTHER_PROCESSES, forks);
  }

  /** {@code phase} with the passes of forks {@code forks} marked {@code mark}. */
  private static PhaseResult marked(PhaseResult phase, dev.kvbench.measure.PassNoise.Mark mark, int... forks) {
    java.util.Set<Integer> hit = java.util.Arrays.stream(forks).boxed().collect(java.util.stream.Collectors.toSet());
    // figures that go with the mark: another process on a CPU all along, or the measuring thread waiting half the pass
    boolean other = mark == dev.kvbench.measure.PassNoise.Mark.OTHER_PROCESSES;
    List<PassResult> passes = phase.passes().stream()
        .map(p -> hit.contains(p.fork()) ? p.withNoise(new dev.kvbench.measure.PassNoise(0,
            other ? 0 : p.passMillis() / 2, other ? 0 : p.passMillis() / 2, 50, other ? p.passMillis() : 0,
            List.of(mark))) : p)
        .toList();
    return PhaseResult.measured(phase.phase(), passes, PhaseResult.Latency.NONE, phase.verified(), null, null);
  }

  @Test
  void forksTheHostDisturbedAreLeftOutAndTooFewLeftIsTooNoisyToJudge() {
    // the candidate is 40 % slower in every fork, but a hog ran beside all three
    ResultDocument base = writes(100, 101, 102);
    ResultDocument hogged = Fixtures.document("h", List.of(Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED,
        noisy(Fixtures.phase("write", new double[] {140, 141, 142}), 1, 2, 3))));
    Comparison.Row dropped = Comparison.of(List.of(run(base)), List.of(run(hogged))).rows().get(0);
    assertThat(dropped.verdict()).isEqualTo(Verdict.TOO_NOISY);
    assertThat(dropped.regression(0)).isFalse();
    // what all the forks say is still shown
    assertThat(dropped.change().candidateForks()).isEqualTo(3);
    assertThat(dropped.change().low()).isGreaterThan(1.0);
    Comparison.Row kept = Comparison.of(List.of(run(base)), List.of(run(hogged)),
        Comparison.Rule.DEFAULT.with(ForkSamples.NoisyForks.KEEP)).rows().get(0);
    assertThat(kept.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(kept.caveats().describe()).isEqualTo("noisy forks 0/3");
  }

  /**
   * Paired by round, a pair counts when the host treated both its forks alike: a busy loop through
   * the whole run disturbs both sides of every pair, and those pairs still decide; a pair disturbed
   * on one side only (a load that came or went between them) is left out.
   */
  @Test
  void pairedByRoundAPairDisturbedOnBothSidesCountsAndOnOneSideIsLeftOut() {
    Comparison.Rule paired = Comparison.Rule.DEFAULT.pairedAs(ForkRatio.Pairing.BY_ROUND);
    // a hog through all five rounds: both sides 40 % slower than quiet, the candidate a further 50 %
    PhaseResult base = noisy(Fixtures.phase("write", new double[] {140, 150, 139, 160, 145}), 1, 2, 3, 4, 5);
    PhaseResult cand = noisy(Fixtures.phase("write", new double[] {210, 226, 207, 241, 216}), 1, 2, 3, 4, 5);
    Comparison.Row row = Comparison.of(List.of(run(writesOf(base))), List.of(run(writesOf(cand))), paired).rows()
        .get(0);
    assertThat(row.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(row.change().baselineForks()).isEqualTo(5);
    assertThat(row.caveats().describe()).isEqualTo("noisy forks 5/5");
    // taken apart, the same forks are too noisy: nothing says the two runs met the same load
    assertThat(Comparison.of(List.of(run(writesOf(base))), List.of(run(writesOf(cand)))).rows().get(0).verdict())
        .isEqualTo(Verdict.TOO_NOISY);

    // identical work; in round 2 the load came between the two forks and hit the candidate's alone (x 1.6)
    PhaseResult quietBase = noisy(Fixtures.phase("write", new double[] {100, 102, 101, 99, 100.5}));
    PhaseResult oneSide = noisy(Fixtures.phase("write", new double[] {100.4, 163, 101.2, 99.3, 100.2}), 2);
    Comparison.Row left = Comparison.of(List.of(run(writesOf(quietBase))), List.of(run(writesOf(oneSide))), paired)
        .rows().get(0);
    assertThat(left.change().baselineForks()).as("round 2's pair left out").isEqualTo(4);
    assertThat(left.verdict()).isEqualTo(Verdict.EQUIVALENT);
    Comparison.Row kept = Comparison.of(List.of(run(writesOf(quietBase))), List.of(run(writesOf(oneSide))),
        new Comparison.Rule(5, ForkSamples.NoisyForks.KEEP, ForkSamples.Figure.WALL, ForkRatio.Pairing.BY_ROUND))
        .rows().get(0);
    assertThat(kept.change().baselineForks()).isEqualTo(5);
    assertThat(kept.verdict()).as("with it kept the interval is wide").isEqualTo(Verdict.UNDECIDED);

    assertThat(ForkSamples.keepsPair(ForkSamples.NoisyForks.DROP, true, true)).isTrue();
    assertThat(ForkSamples.keepsPair(ForkSamples.NoisyForks.DROP, false, false)).isTrue();
    assertThat(ForkSamples.keepsPair(ForkSamples.NoisyForks.DROP, true, false)).isFalse();
    assertThat(ForkSamples.keepsPair(ForkSamples.NoisyForks.DROP, false, true)).isFalse();
    assertThat(ForkSamples.keepsPair(ForkSamples.NoisyForks.KEEP, true, false)).isTrue();
  }

  private static ResultDocument writesOf(PhaseResult write) {
    return Fixtures.document("h", List.of(Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED, write)));
  }

  @Test
  void theCleanForksLeftDecideWhenEnoughRemain() {
    // five forks a side; the candidate's fork 2 ran beside a hog and is the only slow one
    ResultDocument base = writes(100, 101, 102, 100.5, 101.5);
    ResultDocument oneHogged = Fixtures.document("h", List.of(Fixtures.cell("alpha", "rnd", Map.of(),
        Fixtures.ORDERED, noisy(Fixtures.phase("write", new double[] {100, 190, 102, 101, 100.5}), 2))));
    Comparison.Row row = Comparison.of(List.of(run(base)), List.of(run(oneHogged))).rows().get(0);
    assertThat(row.change().candidateForks()).isEqualTo(4);
    assertThat(row.change().baselineForks()).isEqualTo(5);
    assertThat(row.verdict()).isEqualTo(Verdict.EQUIVALENT);
    assertThat(row.caveats().describe()).isEqualTo("noisy forks 0/1");
  }

  @Test
  void forksThatOnlyWaitedForACpuStayInTheSamples() {
    // a store's own background threads can make the measuring thread wait: named, not dropped
    ResultDocument base = writes(100, 101, 102);
    ResultDocument waited = Fixtures.document("h", List.of(Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED,
        marked(Fixtures.phase("write", new double[] {140, 141, 142}), dev.kvbench.measure.PassNoise.Mark.CPU_WAIT,
            1, 2, 3))));
    Comparison.Row row = Comparison.of(List.of(run(base)), List.of(run(waited))).rows().get(0);
    assertThat(row.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(row.change().candidateForks()).isEqualTo(3);
    assertThat(row.caveats().describe()).isEqualTo("noisy forks 0/3");
  }

  @Test
  void aChangeBelowTheMinimumEffectIsEquivalentEvenWhenItsIntervalExcludesOne() {
    // three forks a side with 0.1 % spread; the candidate 2 % slower: real, and small
    ResultDocument base = writes(100, 100.1, 100.2);
    ResultDocument slightly = writes(102, 102.1, 102.2);
    Comparison.Row atThree = Comparison.of(List.of(run(base)), List.of(run(slightly))).rows().get(0);
    assertThat(atThree.change().low()).isGreaterThan(1.0);
    // the whole interval (about 1.019-1.021) lies within ±5 %: equivalent, an answer
    assertThat(atThree.verdict()).isEqualTo(Verdict.EQUIVALENT);
    Comparison.Row atOne = Comparison.of(List.of(run(base)), List.of(run(slightly)),
        Comparison.Rule.DEFAULT.withMinEffect(1)).rows().get(0);
    assertThat(atOne.verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(atOne.regression(1)).isTrue();
    assertThat(atOne.regression(5)).isFalse();
  }

  private static ResultDocument writes(double... forkMillis) {
    return Fixtures.document("h", List.of(Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED,
        Fixtures.phase("write", forkMillis))));
  }

  /** A write phase of one pass per fork: wall ms, the process's CPU ms and the measuring thread's of each. */
  private static ResultDocument writesWithCpu(double[] wallMillis, double[] processCpuMillis, double[] threadCpuMillis) {
    List<PassResult> passes = new java.util.ArrayList<>();
    for (int i = 0; i < wallMillis.length; i++) {
      passes.add(PassResult.of(1000, (long) (wallMillis[i] * 1e6),
          new dev.kvbench.measure.CpuTime(processCpuMillis[i], 0), 0).withFork(i + 1)
          .withMeasuringThreads(new dev.kvbench.measure.ThreadCosts(
              Double.isNaN(threadCpuMillis[i]) ? null : threadCpuMillis[i], null)));
    }
    PhaseResult write = PhaseResult.measured("write", passes, PhaseResult.Latency.NONE, true, null, null);
    return Fixtures.document("h", List.of(Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED, write)));
  }

  @Test
  void onCpuJudgesTheMeasuringThreadsCpuTimeWhichAHogOnAnotherCoreLeavesAlone() {
    // the candidate's passes took 40 % longer on the clock, waiting for a CPU a hog held; the measuring thread's
    // CPU time is the same, the process's grew (its JIT and GC threads took longer beside the hog)
    ResultDocument base = writesWithCpu(new double[] {100, 101, 102}, new double[] {95, 96, 97},
        new double[] {90, 91, 92});
    ResultDocument hogged = writesWithCpu(new double[] {140, 141, 142}, new double[] {120, 125, 130},
        new double[] {90.5, 91, 91.5});
    Comparison.Rule keep = Comparison.Rule.DEFAULT.with(ForkSamples.NoisyForks.KEEP);
    Comparison wall = Comparison.of(List.of(run(base)), List.of(run(hogged)), keep);
    assertThat(wall.rows().get(0).verdict()).isEqualTo(Verdict.SLOWER);
    Comparison cpu = Comparison.of(List.of(run(base)), List.of(run(hogged)), keep.with(ForkSamples.Figure.CPU));
    assertThat(cpu.figure()).isEqualTo(ForkSamples.Figure.CPU);
    assertThat(cpu.rows().get(0).verdict()).isEqualTo(Verdict.EQUIVALENT);
    assertThat(cpu.rows().get(0).baselineFigure()).isCloseTo(91, org.assertj.core.data.Offset.offset(1e-9));
    Comparison process = Comparison.of(List.of(run(base)), List.of(run(hogged)),
        keep.with(ForkSamples.Figure.PROCESS_CPU));
    assertThat(process.rows().get(0).verdict()).isEqualTo(Verdict.SLOWER);
    assertThat(process.rows().get(0).baselineFigure()).isEqualTo(96);
    // a fork without the figure (a result of kvbench before 0.7 has no thread CPU) is not judged on it, and the
    // gate hears of it
    ResultDocument noCpu = writesWithCpu(new double[] {100, 101, 102}, new double[] {95, 96, 97},
        new double[] {Double.NaN, 91, 92});
    Comparison missing = Comparison.of(List.of(run(noCpu)), List.of(run(hogged)), keep.with(ForkSamples.Figure.CPU));
    assertThat(missing.rows()).isEmpty();
    assertThat(missing.unmatched()).singleElement().satisfies(u -> {
      assertThat(u.gap()).isEqualTo(Comparison.Gap.NO_FIGURE);
      assertThat(u.gap().failsGate()).isTrue();
    });
  }

  @Test
  void oneForkASideHasNoVerdict() {
    PassResult pass = PassResult.of(1000, 10_000_000, null, 0).withFork(1);
    ResultDocument one = Fixtures.document("h", List.of(Fixtures.cell("alpha", "rnd", Map.of(), Fixtures.ORDERED,
        PhaseResult.measured("write", List.of(pass, pass, pass), PhaseResult.Latency.NONE, true, null, null))));
    Comparison c = Comparison.of(List.of(run(one)), List.of(run(one)));
    assertThat(c.rows()).filteredOn(r -> r.phase().equals("write")).singleElement().satisfies(r -> {
      assertThat(r.verdict()).isEqualTo(Verdict.NOT_ENOUGH_FORKS);
      assertThat(r.change().baselineForks()).isOne();
      assertThat(r.change().hasInterval()).isFalse();
    });
  }
}
