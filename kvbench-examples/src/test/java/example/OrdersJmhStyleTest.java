package example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.bench.BenchmarkResult;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JMH-style benchmark, smaller, in forked JVMs as it runs for real. */
class OrdersJmhStyleTest {

  @TempDir Path temp;

  @Test
  void bothOperationsAreMeasuredInForkedCells() throws Exception {
    BenchmarkResult result = OrdersJmhStyle.benchmark().entries(10_000).warmup(1, Duration.ZERO).measuredPasses(2)
        .workDirectory(temp.resolve("work")).output(temp.resolve("jmh.json")).run();

    assertThat(result.succeeded()).as(result.tables()).isTrue();
    for (String store : new String[] {"lmdbjava-bb", "rocksdb"}) {
      assertThat(result.latency(store, "pay")).as(store).isPresent();
      assertThat(result.latency(store, "lookup")).as(store).isPresent();
      assertThat(result.phase(store, "custom").orElseThrow().verified()).as(store).isTrue();
    }
  }
}
