package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.host.CpuList;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.TinyScenario;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --duet}: the variants of a workload run at once, each JVM on CPUs of its own that change
 * every round, their measured passes started together; a host with too few CPUs is refused before
 * anything is written.
 */
class DuetRunTest {

  @TempDir Path temp;

  /** A fast store and a slower one, 2 forks, on CPUs 0 and 1: without the start line the fast one's passes would all be over first. */
  private static Scenario duet(String cpus) {
    Scenario s = TinyScenario.of("duet", List.of("null", "slowmap"), 100_000, KeyOrder.RND, 2);
    return s.withPhases(List.of(Phase.WRITE)).withJvm(s.jvm().with(JvmSettings.DUET, true)
        .with(JvmSettings.CPUS, CpuList.parse(cpus)));
  }

  @Tag("slow")
  @Test
  void theVariantsRunAtOnceOnCpusThatSwapEachRoundTheirMeasuredPassesInStep() throws Exception {
    Assumptions.assumeTrue(dev.kvbench.measure.NoiseMeter.allowedCpus().cpus().containsAll(List.of(0, 1)),
        "needs CPUs 0 and 1");
    List<String> notices = new CopyOnWriteArrayList<>();
    RunListener heard = new RunListener() {
      @Override
      public void notice(String message) {
        notices.add(message);
      }
    };
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), heard)
        .run(duet("0-1"), new RunOptions(temp.resolve("work"), temp.resolve("duet.json"), Shard.ALL, List.of("test"),
            "dev"));
    List<CellResult> cells = new ResultFiles().read(outcome.documentPath()).cells();
    assertThat(cells).extracting(CellResult::outcome).containsOnly(CellResult.Outcome.RAN);
    assertThat(notices).anyMatch(n -> n.startsWith("duet, fork 1: null int/rnd on CPU 0, slowmap int/rnd on CPU 1"))
        .anyMatch(n -> n.startsWith("duet, fork 2: null int/rnd on CPU 1, slowmap int/rnd on CPU 0"));
    PhaseResult fast = cells.get(0).phases().get(0);
    PhaseResult slow = cells.get(1).phases().get(0);
    for (int fork = 1; fork <= 2; fork++) {
      List<Long> a = starts(fast, fork);
      List<Long> b = starts(slow, fork);
      assertThat(a).hasSize(2);
      assertThat(b).hasSize(2);
      // pass 2 of either starts only once the other has reached its pass 2, after its pass 1 began
      assertThat(a.get(1)).isGreaterThanOrEqualTo(b.get(0));
      assertThat(b.get(1)).isGreaterThanOrEqualTo(a.get(0));
    }
    // the scenario recorded with the result says the figures were measured in duet
    Scenario recorded = new ScenarioFiles().parse(new ResultFiles().read(outcome.documentPath()).run()
        .scenario(), "recorded", "duet", null);
    assertThat(recorded.jvm().duet()).isTrue();
  }

  private static List<Long> starts(PhaseResult phase, int fork) {
    return phase.passes().stream().filter(p -> p.fork() == fork).map(PassResult::startEpochMillis).toList();
  }

  @Test
  void aHostWithTooFewCpusForTheVariantsIsRefusedNamingTheSmallestThatFits() {
    assertThatThrownBy(() -> new ScenarioRunner(StoreRegistry.load(), RunListener.NONE)
        .run(duet("0"), new RunOptions(temp.resolve("work"), temp.resolve("refused.json"), Shard.ALL,
            List.of("test"), "dev")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jvm.duet runs the 2 variants of null int/rnd")
        .hasMessageContaining("takes 2 CPUs, and jvm.cpus gives 1 (0)")
        .hasMessageContaining("run on a host with 2 CPUs or more");
    assertThat(temp.resolve("refused.json")).doesNotExist();
    assertThat(temp.resolve("refused.jsonl")).doesNotExist();
  }

  @Test
  void aRateSearchIsRefusedInDuetForNoTwoCellsShareAPoint() {
    Scenario s = duet("0-1");
    Scenario search = s.withPhases(List.of(Phase.YCSB_C)).withMatrix(s.matrix().with(dev.kvbench.scenario.Axes.RATES,
        List.of(dev.kvbench.scenario.Axes.AUTO_RATE))).withGoal(new dev.kvbench.scenario.CapacityGoal(
        dev.kvbench.scenario.Sla.parse("p99<=2ms"), dev.kvbench.scenario.RateSearch.DEFAULT));
    assertThatThrownBy(() -> new ScenarioRunner(StoreRegistry.load(), RunListener.NONE)
        .run(search, new RunOptions(temp.resolve("work"), temp.resolve("search.json"), Shard.ALL, List.of("test"),
            "dev")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("a rate search (rate auto) visits each store's own rates")
        .hasMessageContaining("sweep fixed rates");
    assertThat(temp.resolve("search.json")).doesNotExist();
  }

  @Test
  void theSidesAreEqualAndEachCellMovesToTheNextEveryRound() {
    Scenario s = duet("0-4");
    List<dev.kvbench.scenario.CellParams> cells = s.cells(StoreRegistry.load(), 100);
    Duet duet = Duet.of(cells, s.jvm().cpus());
    // five CPUs, two sides: two CPUs each, the fifth left idle so neither side has more
    assertThat(duet.sides(cells, 1)).extracting(CpuList::toString).containsExactly("0-1", "2-3");
    assertThat(duet.sides(cells, 2)).extracting(CpuList::toString).containsExactly("2-3", "0-1");
    assertThat(duet.sides(cells, 3)).extracting(CpuList::toString).containsExactly("0-1", "2-3");
  }
}
