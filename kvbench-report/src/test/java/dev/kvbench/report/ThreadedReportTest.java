package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.run.RunListener;
import dev.kvbench.runner.RunOptions;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.runner.Shard;
import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A time-based readers run over one and two threads (the test-only locking store, in this JVM)
 * gives a report with the threaded table, the scaling chart and the throughput-over-time chart.
 */
class ThreadedReportTest {

  @TempDir Path temp;

  @Tag("slow")
  @Test
  void aThreadedRunReportsScalingAndThroughputOverTime() throws Exception {
    Matrix m = Matrix.of(List.of("locking")).with(Axes.ENTRIES, List.of(5_000L)).with(Axes.VALUE_SIZES, List.of(32)).with(Axes.KEYS, List.of(KeyEncoding.INT)).with(Axes.ORDERS, List.of(KeyOrder.RND)).with(Axes.BATCH_SIZES, List.of(Matrix.ALL_IN_ONE)).with(Axes.DURABILITY, List.of(Durability.NOSYNC)).withSettings(Map.of()).with(Axes.THREADS, List.of(1, 2));
    Scenario s = Scenario.defaults("threaded").withMatrix(m).withPhases(List.of(Phase.READERS))
        .withRepetitions(new Repetitions(0, 0, 0, 1))
        // long enough for the throughput-over-time chart (Charts.THROUGHPUT_MIN_MILLIS)
        .withTraffic(Traffic.DEFAULT.withDurationMillis((long) Charts.THROUGHPUT_MIN_MILLIS + 200));
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE).run(s,
        new RunOptions(temp.resolve("work"), temp.resolve("run.json"), Shard.ALL, List.of("test"), "dev"));
    assertThat(outcome.completed()).isTrue();

    ReportWriter.Written w = new ReportWriter("9.9", Clock.systemUTC()).write(List.of(outcome.documentPath()),
        temp.resolve("report"), false);
    String md = Files.readString(w.readme());
    assertThat(md).contains("Threaded workloads", "| readers | locking threads=1 | read | 1 |",
        "locking threads=2 | read | 2 |", "op start");
    List<String> charts;
    try (var list = Files.list(temp.resolve("report/charts"))) {
      charts = list.map(p -> p.getFileName().toString()).toList();
    }
    assertThat(charts).anyMatch(n -> n.endsWith("readers-scaling.png"))
        .anyMatch(n -> n.endsWith("readers-throughput.png"));
    assertThat(md).contains("readers-scaling.png", "readers-throughput.png");
    assertThat(charts).anyMatch(n -> n.endsWith("readers-scaling.svg"));
  }
}
