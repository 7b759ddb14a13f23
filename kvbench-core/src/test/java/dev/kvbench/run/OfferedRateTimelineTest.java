package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.Timeline;
import dev.kvbench.result.TimelinePoint;
import dev.kvbench.runner.RunOptions;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.Shard;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.summary.RunTables;
import dev.kvbench.summary.TimelineTable;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RateShape;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 67: a threaded phase at a set rate with a shape has a timeline, and each interval says what
 * the rate and its shape offered beside what was done. The rate (2,000 ops/s) is far below what the
 * loop does on any machine, and the offered counts come from the schedule, not the clock's luck:
 * only the achieved counts would move on a loaded machine, and they are not bounded here.
 */
class OfferedRateTimelineTest {

  @TempDir Path temp;

  @Test
  void aShapedRateShowsWhatEachIntervalWasOfferedBesideWhatItDid() throws Exception {
    RateShape steps = RateShape.parse("steps:1/3@600ms");
    Matrix m = Matrix.of(List.of("locking")).with(Axes.ENTRIES, List.of(2_000L)).with(Axes.VALUE_SIZES, List.of(16))
        .with(Axes.RATES, List.of(2_000.0)).with(Axes.RATE_SHAPES, List.of(steps));
    Scenario s = Scenario.defaults("offered").withMatrix(m).withPhases(List.of(Phase.YCSB_C))
        .withRepetitions(new Repetitions(0, 0, 0, 1))
        .withTraffic(Scenario.defaults("offered").traffic().withDurationMillis(1_200).withIntervalMillis(200));
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE).run(s,
        new RunOptions(temp.resolve("work"), temp.resolve("offered.json"), Shard.ALL, List.of("test"), "dev"));
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    CellResult cell = doc.cells().get(0);
    PhaseResult p = cell.phases().get(0);
    assertThat(p.status()).as(String.valueOf(p.failure())).isEqualTo(PhaseStatus.OK);
    PassResult pass = p.passes().get(p.passes().size() - 1);
    Timeline t = pass.timeline();
    assertThat(t).as("a phase at a set rate records a timeline").isNotNull();
    List<TimelinePoint> points = t.points();
    assertThat(points).hasSizeGreaterThanOrEqualTo(5);
    for (TimelinePoint point : points) {
      // what the shape offers over each interval as the sampler saw it, to the op (rounded once from the start)
      double expected = steps.opsBetween(2_000, (point.endMillis() - point.millis()) * 1_000_000L,
          point.endMillis() * 1_000_000L);
      assertThat(point.offeredOps()).as("interval ending at %d ms", point.endMillis()).isNotNull();
      assertThat((double) point.offeredOps()).isCloseTo(expected, within(0.02 * expected + 3));
      assertThat(point.reads()).as("the clients' ops, counted").isNotNull();
    }
    // the first step offers 2,000 ops/s, the second 6,000: a 200 ms interval in each says so
    TimelinePoint first = points.get(0);
    TimelinePoint late = points.get(points.size() - 2);
    assertThat(first.offeredOps() * 1e3 / first.millis()).isCloseTo(2_000, within(100.0));
    assertThat(late.offeredOps() * 1e3 / late.millis()).isCloseTo(6_000, within(300.0));
    // the summary table names both: the offered rate over the pass, and the intervals behind it
    String table = TimelineTable.of(new RunTables(doc.cells()), doc.cells()).render();
    assertThat(table).contains("Offered/s").contains("Behind").contains(" of " + points.size());
  }
}
