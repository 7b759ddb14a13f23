package example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.bench.BenchmarkResult;
import dev.kvbench.scenario.Sla;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An application's own capacity, found by the library's search: the session store's mix on LMDB,
 * the highest rate at which half its operations take at most 50 ms from their intended start. A
 * budget that loose holds at the search's first rate on any machine, so the capacity is at least
 * that, and the search ends within its bound of points.
 */
class SessionStoreCapacityTest {

  @TempDir Path temp;

  @Test
  void theSearchFindsTheSessionStoresCapacityAtItsBudget() throws Exception {
    BenchmarkResult result = SessionStore.benchmark().stores("lmdbjava-bb").warmup(1, Duration.ZERO)
        .measuredPasses(1).forks(0).duration(Duration.ofMillis(150))
        .capacity(Sla.of(50, Duration.ofMillis(50))).rateSearch(500, 25)
        .workDirectory(temp.resolve("work")).output(temp.resolve("capacity.json")).run();

    assertThat(result.succeeded()).as(result.phases("lmdbjava-bb").stream().map(p -> p.phase() + ": " + p.failure())
        .toList().toString()).isTrue();
    assertThat(result.capacity("lmdbjava-bb", "custom")).as(result.tables()).isPresent();
    assertThat(result.capacity("lmdbjava-bb", "custom").getAsDouble()).isGreaterThanOrEqualTo(500);
    assertThat(result.tables()).contains("Capacity at the SLA p50<=50ms");
    // one cell per point of the search: doublings from 500 ops/s, then bisections to 25 %
    assertThat(result.phases("lmdbjava-bb").stream().filter(p -> p.phase().equals("custom"))).hasSizeBetween(2, 24);
  }
}
