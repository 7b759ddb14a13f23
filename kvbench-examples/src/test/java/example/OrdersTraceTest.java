package example;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.report.trace.TraceSummary;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.runner.RunOptions;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.Shard;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.trace.TraceKind;
import dev.kvbench.workload.trace.TracePlan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 67: the README's application recorded as it runs on one store ({@code
 * Benchmark.recordTo}), described, and replayed on another store and on the one it came from, as
 * {@code kvbench run --trace} replays it: every read verified.
 */
class OrdersTraceTest {

  @TempDir Path temp;

  @Test
  void theOrdersApplicationIsRecordedOnOneStoreAndReplaysVerifiedOnOthers() throws Exception {
    Path traces = temp.resolve("traces");
    OrdersBenchmark.orders().stores("lmdbjava-bb").entries(5_000).recordTo(traces)
        .workDirectory(temp.resolve("work")).output(temp.resolve("orders.json")).run().requireSucceeded();
    List<Path> files;
    try (Stream<Path> list = Files.list(traces)) {
      files = list.toList();
    }
    assertThat(files).hasSize(1);
    Path trace = files.get(0);
    assertThat(trace.getFileName().toString()).startsWith("lmdbjava-bb").endsWith(".kvbtrace");

    // what kvbench trace info prints: each payment a write transaction of two gets and a put
    TraceSummary info = TraceSummary.of(trace);
    long payments = info.count(TraceKind.BEGIN_WRITE);
    assertThat(payments).isPositive();
    assertThat(info.count(TraceKind.COMMIT)).isEqualTo(payments);
    assertThat(info.count(TraceKind.WRITE_GET)).isEqualTo(2 * payments);
    assertThat(info.count(TraceKind.PUT)).isEqualTo(payments);
    // the orders it read were loaded before the recording began: the replay loads them first
    assertThat(TracePlan.of(trace).preload()).isNotEmpty();

    Scenario replay = Scenario.defaults("orders-replay")
        .withMatrix(Matrix.of(List.of("rocksdb", "lmdbjava-bb")).with(Axes.TRACES, List.of(trace.toString())))
        .withPhases(List.of(Phase.REPLAY)).withRepetitions(new Repetitions(0, 1, 0, 2));
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), dev.kvbench.run.RunListener.NONE)
        .run(replay, new RunOptions(temp.resolve("replay-work"), temp.resolve("replay.json"), Shard.ALL,
            List.of("test"), "dev"));
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    assertThat(doc.cells()).hasSize(2);
    for (CellResult c : doc.cells()) {
      PhaseResult p = c.phases().get(0);
      assertThat(p.status()).as(c.cellId() + ": " + p.failure() + " " + p.note()).isEqualTo(PhaseStatus.OK);
      assertThat(p.verified()).as(c.cellId()).isTrue();
      assertThat(p.passes()).allSatisfy(pass -> assertThat(pass.ops()).isEqualTo(info.operations()));
      assertThat(p.threaded().latencyNanosByOperation()).containsKeys("get in a write", "put", "commit");
    }
  }
}
