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
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.trace.TraceKind;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 67: the shipped trace of the orders application ({@code traces/orders.kvbtrace}, made by
 * {@link RecordOrders}) reads as its README says, and replays verified on every store these tests
 * have, as {@code kvbench run --trace} replays it.
 */
class ShippedTraceTest {

  static final Path SHIPPED = Path.of("traces/orders.kvbtrace");

  @TempDir Path temp;

  @Test
  void theShippedOrdersTraceReplaysVerifiedOnEveryStore() throws Exception {
    TraceSummary info = TraceSummary.of(SHIPPED);
    assertThat(info.operations()).isEqualTo(25_002);
    assertThat(info.count(TraceKind.BEGIN_WRITE)).isEqualTo(4_000);
    assertThat(info.count(TraceKind.WRITE_GET)).isEqualTo(8_000);
    List<String> stores = StoreRegistry.load().all().stream().map(StoreProvider::id).toList();
    assertThat(stores).contains("lmdbjava-bb", "rocksdb", "mvstore", "sqlite", "chronicle-map", "null");
    Scenario replay = Scenario.defaults("shipped-orders")
        // libmdbx in a nosync mode reuses no freed page until a durable commit: 4,000 small commits fill its map
        // without one (its own error says so and names this setting, as the presets give it)
        .withMatrix(Matrix.of(stores).with(Axes.TRACES, List.of(Axes.TRACES.parse(SHIPPED.toString())))
            .withSettings(java.util.Map.of("libmdbx.syncBytes", List.of("4m"))))
        .withPhases(List.of(Phase.REPLAY)).withRepetitions(new Repetitions(0, 0, 0, 1));
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), dev.kvbench.run.RunListener.NONE)
        .run(replay, new RunOptions(temp.resolve("work"), temp.resolve("replay.json"), Shard.ALL, List.of("test"),
            "dev"));
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    assertThat(doc.cells()).hasSameSizeAs(stores);
    for (CellResult c : doc.cells()) {
      PhaseResult p = c.phases().get(0);
      assertThat(p.status()).as(c.cellId() + ": " + p.failure() + " " + p.note()).isEqualTo(PhaseStatus.OK);
      // the null store keeps nothing: its row, unchecked, is the replay's own cost
      assertThat(p.verified()).as(c.cellId()).isEqualTo(!c.store().equals("null"));
      assertThat(p.passes()).singleElement().satisfies(pass -> assertThat(pass.ops()).isEqualTo(25_002));
    }
  }
}
