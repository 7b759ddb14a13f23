package dev.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.RateCurves;
import dev.kvbench.result.RateCurves.Curve;
import dev.kvbench.result.RateCurves.Point;
import dev.kvbench.result.RateCurves.Status;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.scenario.Sla;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.SortedMapStoreProvider;
import dev.kvbench.workload.CustomMix.Access;
import dev.kvbench.workload.CustomOperation;
import dev.kvbench.workload.OperationContext;
import dev.kvbench.workload.Phase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rate sweep of an op that takes 100 µs, so one client does at most 10,000 ops/s whatever the
 * machine: the rates far under it meet a loose SLA, a rate four times over it saturates, and the
 * capacity is the highest rate met. Nothing here depends on the machine's speed: a busy host makes
 * the op longer, never shorter, and 1,000 ops/s leaves it nine tenths of every second idle.
 */
class RateSweepTest {

  @TempDir Path temp;

  /** Spins 100 µs around a get: a store stand-in of a known service time. */
  public static final class Spin implements CustomOperation {
    @Override
    public void run(OperationContext op) {
      long until = System.nanoTime() + 100_000;
      op.get(op.randomKey());
      while (System.nanoTime() < until) {
        Thread.onSpinWait();
      }
    }
  }

  private Benchmark sweep(String name) {
    return Benchmark.named(name).entries(2_000).warmup(1, Duration.ZERO).measuredPasses(2).forks(0)
        .workDirectory(temp.resolve("work-" + name)).output(temp.resolve(name + ".json"))
        .stores("sortedmap").phases(Phase.WRITE, Phase.CUSTOM).operation("spin", Access.READ_ONLY, new Spin())
        .operationsPerPass(300);
  }

  @Test
  void eachRateIsAPointAndTheCapacityIsTheHighestMetBelowTheSaturatedOne() throws Exception {
    BenchmarkResult result = sweep("sweep").rates(500, 1_000, 40_000).sla("p99<=1s")
        .run(new StoreRegistry(List.of(new SortedMapStoreProvider())));
    ResultDocument doc = result.document();
    List<CellResult> cells = doc.cells();
    assertThat(cells).hasSize(3).allSatisfy(c -> assertThat(c.outcome()).isEqualTo(CellResult.Outcome.RAN));
    assertThat(RateCurves.slaOf(doc)).isEqualTo(Sla.parse("p99<=1s"));

    List<Curve> curves = RateCurves.of(cells, RateCurves.slaOf(doc));
    assertThat(curves).hasSize(1);
    Curve curve = curves.get(0);
    assertThat(curve.phase()).isEqualTo("custom");
    assertThat(curve.points()).extracting(Point::offeredRate).containsExactly(500.0, 1_000.0, 40_000.0);
    // every latency counts from the intended start, so none is under the op's own 100 µs
    assertThat(curve.points()).allSatisfy(p -> assertThat(p.percentiles().get(0).nanos()).isGreaterThanOrEqualTo(
        100_000));
    assertThat(curve.points()).allSatisfy(p -> assertThat(p.samples()).isEqualTo(2 * 300));
    assertThat(curve.points()).extracting(Point::status).containsExactly(Status.MET, Status.MET, Status.SATURATED);
    Point saturated = curve.points().get(2);
    assertThat(saturated.achievedRate()).isLessThan(10_001);
    assertThat(saturated.why()).startsWith("saturated: achieved");
    assertThat(curve.capacity().rate()).isEqualTo(1_000.0);
    assertThat(curve.capacity().brokenAt()).isSameAs(saturated);
    assertThat(curve.capacity().forkRates()).containsExactly(1_000.0);
    assertThat(result.capacity("sortedmap", "custom")).hasValue(1_000.0);
    assertThat(result.capacity("sortedmap", "write")).isEmpty();

    assertThat(result.tables()).contains("Capacity at the SLA p99<=1s").contains("saturated (")
        .contains("40,000 / ").contains(" saturated");
  }

  /**
   * The spin is the harness's (the operation's), so the null store saturates at 40,000 ops/s too:
   * the sorted map's point there is the harness's limit, not the store's, and its capacity, the
   * null store's own, is marked as the harness's.
   */
  @Test
  void whereTheNullStoreSaturatesTooThePointIsTheHarnessLimitAndTheCapacityIsMarked() throws Exception {
    BenchmarkResult result = sweep("harness").stores("sortedmap", "null").rates(500, 1_000, 40_000).sla("p99<=1s")
        .run(new StoreRegistry(List.of(new SortedMapStoreProvider(), new dev.kvbench.nullstore.NullStoreProvider())));
    ResultDocument doc = result.document();
    List<Curve> curves = RateCurves.of(doc.cells(), RateCurves.slaOf(doc));
    Curve store = curves.stream().filter(c -> c.store().equals("sortedmap")).findFirst().orElseThrow();
    Curve harness = curves.stream().filter(c -> c.store().equals("null")).findFirst().orElseThrow();
    assertThat(harness.reference()).isTrue();
    assertThat(harness.points()).extracting(Point::status).containsExactly(Status.MET, Status.MET, Status.SATURATED);
    assertThat(store.points()).extracting(Point::status)
        .containsExactly(Status.MET, Status.MET, Status.HARNESS_LIMITED);
    assertThat(store.points().get(2).why()).contains("the harness could not offer it");
    assertThat(store.capacity().rate()).isEqualTo(1_000.0);
    assertThat(store.capacity().harnessRate()).isEqualTo(1_000.0);
    assertThat(store.capacity().nearHarness()).isTrue();
    assertThat(result.tables()).contains("limited by the harness").contains("harness");
  }

  @Test
  void aBudgetThatNamesNoPercentileIsRefusedBeforeAnythingRuns() {
    assertThatThrownBy(() -> sweep("bad").sla("latency<=2ms")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("names no percentile");
    assertThatThrownBy(() -> sweep("norate").sla("p99<=2ms").run(new StoreRegistry(List.of(
        new SortedMapStoreProvider())))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no rate is given");
  }
}
