package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.bench.Benchmark;
import dev.kvbench.bench.BenchmarkResult;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.SortedMapStoreProvider;
import dev.kvbench.workload.CustomMix.Access;
import dev.kvbench.workload.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportsTest {

  @TempDir Path temp;

  /** A library run's report, written from the result in hand, shows its custom operation. */
  @Tag("slow")
  @Test
  void aLibraryRunsReportShowsItsCustomOperation() throws Exception {
    BenchmarkResult result = Benchmark.named("orders").entries(2_000).warmup(1, Duration.ZERO).measuredPasses(2)
        .forks(0).workDirectory(temp.resolve("work")).output(temp.resolve("orders.json"))
        .stores("sortedmap")
        .phases(Phase.WRITE, Phase.READ_KEY)
        .operation("lookup", 1.0, Access.READ_ONLY, op -> assertThat(op.get(op.randomKey())).isNotNull())
        .operationsPerPass(1_000)
        .run(new StoreRegistry(List.of(new SortedMapStoreProvider())));
    assertThat(result.succeeded()).as(result.tables()).isTrue();

    Path readme = Reports.write(result, temp.resolve("report"));

    assertThat(readme).isEqualTo(temp.resolve("report/README.md"));
    assertThat(Files.readString(readme)).contains("lookup", "sortedmap");
    assertThat(temp.resolve("report/inputs")).doesNotExist();
  }
}
