package dev.kvbench.bench;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --rate auto} end to end, against a store stand-in that is a queue of a known capacity: each
 * op leaves a fixed 2 ms after the later of its arrival and the last op's departure, waiting parked
 * (no CPU, so a busy host does not change its service time), so one client is served at most 500
 * ops/s. Under it an op's latency is its 2 ms; over it the queue grows without end, so the SLA
 * breaks or the clients saturate. A busy host can make the search find less, never more: the
 * assertions are the planted capacity's upper bound within the precision, and a lower bound far under it.
 */
class CapacitySearchTest {

  @TempDir Path temp;

  static final double CAPACITY = 500;

  /** A queue of one server whose service takes 2 ms. */
  public static final class Queue implements CustomOperation {
    private long departure;

    @Override
    public synchronized void run(OperationContext op) {
      op.get(op.randomKey());
      long now = System.nanoTime();
      departure = Math.max(now, departure) + (long) (1e9 / CAPACITY);
      long wait;
      while ((wait = departure - System.nanoTime()) > 0) {
        LockSupport.parkNanos(wait);
      }
    }
  }

  @Test
  void theSearchFindsThePlantedCapacityAndNeverCallsASaturatedPointMet() throws Exception {
    BenchmarkResult result = Benchmark.named("search").entries(1_000).warmup(1, Duration.ZERO).measuredPasses(1)
        .forks(0).workDirectory(temp.resolve("work")).output(temp.resolve("search.json"))
        .stores("sortedmap").phases(Phase.WRITE, Phase.CUSTOM).operation("queue", Access.READ_ONLY, new Queue())
        .duration(Duration.ofMillis(500)).capacity(Sla.parse("p50<=10ms")).rateSearch(125, 5)
        .run(new StoreRegistry(List.of(new SortedMapStoreProvider())));
    ResultDocument doc = result.document();
    List<Curve> curves = RateCurves.of(doc.cells(), RateCurves.slaOf(doc));
    assertThat(curves).hasSize(1);
    Curve curve = curves.get(0);
    List<Double> rates = curve.points().stream().map(Point::offeredRate).toList();
    // doubling from 125: 125 and 250 meet it; 500 (at the capacity: the wake-up's microseconds make
    // each op a little longer) or 1,000 (twice it) breaks it, then bisections
    assertThat(rates).startsWith(125.0, 250.0);
    assertThat(rates).containsAnyOf(500.0, 1_000.0);
    assertThat(rates.stream().filter(r -> r > 1_000)).isEmpty();
    // a bounded search: four doublings at most and at most six bisections
    assertThat(curve.points()).hasSizeLessThanOrEqualTo(4 + 6);
    double capacity = curve.capacity().rate();
    assertThat(capacity).isLessThanOrEqualTo(CAPACITY * 1.05).isGreaterThanOrEqualTo(CAPACITY / 4);
    assertThat(result.capacity("sortedmap", "custom")).hasValue(capacity);
    // the search ended with the bracket within 5 %, the point above it broken
    Point broke = curve.capacity().brokenAt();
    assertThat(broke.offeredRate()).isLessThanOrEqualTo(capacity * 1.05 + 1);
    assertThat(broke.status()).isNotEqualTo(Status.MET);
    // no saturated point is ever under the capacity, and every point under it met
    curve.points().stream().filter(p -> p.offeredRate() <= capacity)
        .forEach(p -> assertThat(p.status()).isEqualTo(Status.MET));
    curve.points().stream().filter(p -> p.status() == Status.SATURATED)
        .forEach(p -> assertThat(p.offeredRate()).isGreaterThan(capacity));
    assertThat(result.tables()).contains("Capacity at the SLA p50<=10ms");
  }
}
