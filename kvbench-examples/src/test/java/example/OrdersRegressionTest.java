package example;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.bench.BenchmarkFailedException;
import dev.kvbench.bench.BenchmarkResult;
import dev.kvbench.measure.LatencySummary;
import dev.kvbench.report.Reports;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A regression test on the README's benchmark: every read verified on both stores, and, on a
 * machine where you set one ({@code -Dpay.p99.budget.ms}, from a run on that machine), the
 * payment's 99th percentile within its budget. Without the property the budget is not checked: a
 * latency bound passes or fails with the machine's load, so kvbench's own test suite sets none.
 */
class OrdersRegressionTest {

  /** The budget in nanoseconds, or -1 when none was given. */
  static final long BUDGET_NANOS = Long.getLong("pay.p99.budget.ms", -1) * 1_000_000;

  @TempDir Path temp;

  @Test
  void paymentsAreVerifiedAndWithinTheirBudget() throws Exception {
    BenchmarkResult result = OrdersBenchmark.orders()
        .workDirectory(temp.resolve("work")).output(temp.resolve("orders.json")).run();

    assertThat(result.succeeded()).as(result.tables()).isTrue();
    for (String store : new String[] {"lmdbjava-bb", "rocksdb"}) {
      assertThat(result.phase(store, "custom").orElseThrow().verified()).as(store).isTrue();
      LatencySummary pay = result.latency(store, "pay").orElseThrow();
      assertThat(pay.samples()).as(store).isPositive();
      if (BUDGET_NANOS > 0) {
        assertThat(pay.p99()).as(store + " pay p99 in ns").isLessThan(BUDGET_NANOS);
      }
    }
    assertThat(Files.readString(temp.resolve("orders.json"))).contains("\"pay\"");
    assertThat(Files.readString(Reports.write(result, temp.resolve("report")))).contains("pay");
  }

  @Test
  void aStoreThatFailsFailsTheBenchmark() throws Exception {
    // 1 MiB cannot hold 50,000 orders: LMDB's map fills and the cell fails; main's last line throws
    BenchmarkResult result = OrdersBenchmark.orders().stores("lmdbjava-bb").setting("lmdbjava-bb.mapSize", "1m")
        .workDirectory(temp.resolve("work")).output(temp.resolve("full.json")).run();

    assertThat(result.succeeded()).isFalse();
    assertThatThrownBy(result::requireSucceeded).isInstanceOf(BenchmarkFailedException.class)
        .hasMessageContaining("lmdbjava-bb").hasMessageContaining("mapSize")
        .hasMessageContaining(temp.resolve("full.json").toString());
  }
}
