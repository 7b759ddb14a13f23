package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.ThreadedFigures;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer that stalls 200 ms inside its transaction, on a store whose writers exclude its readers
 * (the test-only {@code locking} store): with a target rate at 80 % of the loop's measured maximum
 * the stall shows in the readers' p99.9, as it would to a client that keeps sending requests; with
 * no rate it does not (each reader waits once and the ops it would have issued meanwhile are never
 * measured: coordinated omission). The same rate without the stall shows nothing, so what the
 * percentile shows is the stall, not a schedule the loop cannot keep.
 */
class CoordinatedOmissionTest {

  private static final long STALL_MILLIS = 200;

  @TempDir Path temp;

  private final StoreRegistry registry = StoreRegistry.load();

  private PhaseResult readWhileWriting(Traffic traffic, String name) throws java.io.IOException {
    Matrix m = new Matrix(List.of("locking"), List.of(20_000L), List.of(32), List.of(KeyEncoding.INT),
        List.of(KeyOrder.RND), List.of(Matrix.ALL_IN_ONE), List.of(Durability.NOSYNC), java.util.Map.of(),
        List.of(1));
    Scenario s = Scenario.defaults("co").withMatrix(m).withPhases(List.of(Phase.READ_WHILE_WRITING))
        // each run in a fresh JVM with a small heap: the test JVM's heap, full of earlier tests'
        // objects, could pause for longer than the percentiles this test reads
        // and one warm-up pass, so the measured one runs compiled code at the pace it was measured at
        .withRepetitions(new Repetitions(1, 1, 0, 1))
        .withJvm(new dev.kvbench.scenario.JvmOptions("", "256m", List.of()))
        // the writer at a gentle rate: its short transactions alone must not show in p99.9
        // 3-second passes: after a 200 ms stall at 80 % of the maximum, the clients need about 0.8 s
        // at full speed to work off the backlog; 1.5-second passes left too little on a noisy host
        .withTraffic(traffic.withDurationMillis(3_000).withWriterRate(200));
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(registry, RunListener.NONE).run(s,
        new ScenarioRunner.Options(temp.resolve("work-" + name), temp.resolve(name + ".json"), Shard.ALL,
            List.of("test"), "dev"));
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    CellResult cell = doc.cells().get(0);
    PhaseResult p = cell.phases().get(0);
    assertThat(p.status()).as(p.failure() == null ? String.valueOf(cell.error()) : p.failure())
        .isEqualTo(PhaseStatus.OK);
    assertThat(p.verified()).isTrue();
    return p;
  }

  private static long p999Millis(PhaseResult p) {
    return p.threaded().latencyNanosByOperation().get("read").p999() / 1_000_000;
  }

  @Test
  void aStalledWriterShowsInTheReadersP999OnlyWhenOpsFollowATargetRate() throws Exception {
    // the maximum of the paced loop itself: a rate it cannot reach
    PhaseResult flatOut = readWhileWriting(Traffic.DEFAULT.withRate(1e12), "max");
    double rate = 0.8 * flatOut.threaded().achievedRate();

    PhaseResult unpacedStall = readWhileWriting(Traffic.DEFAULT.withWriterStallMillis(STALL_MILLIS), "service");
    PhaseResult pacedNoStall = readWhileWriting(Traffic.DEFAULT.withRate(rate), "paced");
    PhaseResult pacedStall = readWhileWriting(Traffic.DEFAULT.withRate(rate).withWriterStallMillis(STALL_MILLIS),
        "paced-stall");

    assertThat(unpacedStall.threaded().writer().stallMillis()).isEqualTo(STALL_MILLIS);
    assertThat(pacedStall.threaded().writer().stallMillis()).isEqualTo(STALL_MILLIS);
    assertThat(unpacedStall.threaded().latencyMeasuredFrom()).isEqualTo(ThreadedFigures.FROM_OP_START);
    assertThat(pacedStall.threaded().latencyMeasuredFrom()).isEqualTo(ThreadedFigures.FROM_INTENDED_START);

    String figures = String.format(java.util.Locale.ROOT,
        "max %.0f ops/s, rate %.0f; p99.9 ms: no rate + stall %d, rate %d, rate + stall %d",
        flatOut.threaded().achievedRate(), rate, p999Millis(unpacedStall), p999Millis(pacedNoStall),
        p999Millis(pacedStall));
    System.out.println("coordinated omission: " + figures);
    // without a rate the stall hides: one op per reader waited, among hundreds of thousands
    assertThat(p999Millis(unpacedStall)).as(figures).isLessThan(STALL_MILLIS / 4);
    // the schedule alone is kept: nothing near the stall
    assertThat(p999Millis(pacedNoStall)).as(figures).isLessThan(STALL_MILLIS / 4);
    // with it, every op scheduled during the stall counts from when it should have started
    assertThat(p999Millis(pacedStall)).as(figures).isGreaterThanOrEqualTo(STALL_MILLIS * 3 / 4);
    // the ops' own durations (service times) stay short, even with the stall, but for the one that waited
    assertThat(pacedStall.threaded().serviceNanosByOperation().get("read").p99() / 1_000_000)
        .isLessThan(STALL_MILLIS / 4);
    // the achieved rate is reported beside the target, and kept up with after the stall
    assertThat(pacedStall.threaded().targetRate()).isEqualTo(rate);
    assertThat(pacedStall.threaded().achievedRate()).isBetween(0.9 * rate, 1.05 * rate);
  }
}
