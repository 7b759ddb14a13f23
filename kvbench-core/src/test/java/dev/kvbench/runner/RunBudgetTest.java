package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.ResultFiles;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.TinyScenario;
import dev.kvbench.workload.KeyOrder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** run.runBudget: no fork starts that would end past the budget; what it could not run is left to a resume. */
class RunBudgetTest {

  @TempDir Path temp;

  private static List<CellParams> cells() {
    Scenario s = TinyScenario.of("budget", List.of("null", "slowmap"), 1_000, KeyOrder.SEQ, 3);
    return s.cells(StoreRegistry.load(), 100);
  }

  @Test
  void aForkIsJudgedByTheCellsLastForkElseByTheEstimateAndADuetByItsLongestSide() {
    List<CellParams> cells = cells();
    RunBudget budget = new RunBudget(Duration.ofHours(1), c -> c.storeId().equals("null") ? 10 : 3000);
    assertThat(budget.leavesRoomFor(List.of(cells.get(0)), false)).isTrue();
    assertThat(budget.leavesRoomFor(List.of(cells.get(1)), false)).as("estimated 3000 s").isTrue();
    assertThat(budget.leavesRoomFor(cells, false)).as("one after the other: 3010 s").isTrue();
    budget.forkTook(cells.get(0), Duration.ofMinutes(40).toNanos());
    // the null cell's fork took 40 min: with the other's 3000 s estimate, one after the other is past the hour
    assertThat(budget.leavesRoomFor(cells, false)).isFalse();
    assertThat(budget.leavesRoomFor(cells, true)).as("at once: the longer, 3000 s").isTrue();
    assertThat(RunBudget.none().leavesRoomFor(cells, false)).isTrue();
  }

  @Test
  void aBudgetTooShortForTheFirstForkRunsNothingSaysSoAndLeavesTheRunToAResume() throws Exception {
    List<String> notices = new CopyOnWriteArrayList<>();
    RunListener heard = new RunListener() {
      @Override
      public void notice(String message) {
        notices.add(message);
      }
    };
    Scenario s = TinyScenario.of("budget", List.of("null", "slowmap"), 1_000, KeyOrder.SEQ, 3);
    RunOptions options = new RunOptions(temp.resolve("work"), temp.resolve("b.json"), Shard.ALL, List.of("test"), "dev")
        .with(RunSettings.BUDGET, Duration.ofMillis(1));
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), heard).run(s, options);
    assertThat(outcome.completed()).isFalse();
    assertThat(new ResultFiles().read(outcome.documentPath()).cells()).isEmpty();
    assertThat(notices).anyMatch(n -> n.startsWith("estimate: about ") && n.contains("budget 0s"));
    assertThat(notices).anyMatch(n -> n.startsWith("budget: ") && n.contains("in round 1")
        && n.contains("2 cells have no fork, and a resume runs them"));
  }
}
