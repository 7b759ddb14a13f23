package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.result.ThreadedFigures;
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
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer that stalls 100 ms inside its transaction (the planted stall), on a store whose writers exclude its
 * readers (the test-only {@code locking} store). With a target rate every op scheduled during the
 * stall counts from when it should have started, so the stall shows in the readers' percentiles,
 * as it would to a client that keeps sending requests; with no rate each reader waits once and the
 * ops it would have issued meanwhile are never measured (coordinated omission).
 *
 * <p>What it asserts holds on a loaded machine too: the rate is a small fixed one (1,000 ops/s,
 * hundreds of times below what the loop does), so keeping the schedule never depends on the
 * machine's speed, and every bound is a fifth or more of the stall away from what the design gives.
 * Load only delays ops, which can only add to the stall's effect on the paced reader; it would take
 * pauses of 50 ms on one op in a hundred to cross the other bounds.
 */
class CoordinatedOmissionTest {

  private static final long STALL_MILLIS = 100;
  private static final double RATE = 1_000;

  @TempDir Path temp;

  private final StoreRegistry registry = StoreRegistry.load();

  private PhaseResult readWhileWriting(Traffic traffic, String name) throws java.io.IOException {
    Matrix m = Matrix.of(List.of("locking")).with(Axes.ENTRIES, List.of(20_000L)).with(Axes.VALUE_SIZES, List.of(32)).with(Axes.KEYS, List.of(KeyEncoding.INT)).with(Axes.ORDERS, List.of(KeyOrder.RND)).with(Axes.BATCH_SIZES, List.of(Matrix.ALL_IN_ONE)).with(Axes.DURABILITY, List.of(Durability.NOSYNC)).withSettings(java.util.Map.of()).with(Axes.THREADS, List.of(1));
    Scenario s = Scenario.defaults("co").withMatrix(m).withPhases(List.of(Phase.READ_WHILE_WRITING))
        // each run in a fresh JVM with a small heap: the test JVM's heap, full of earlier tests'
        // objects, could pause for longer than the percentiles this test reads
        .withRepetitions(new Repetitions(1, 1, 0, 1))
        .withJvm(dev.kvbench.scenario.JvmOptions.DEFAULT.with(dev.kvbench.scenario.JvmSettings.HEAP, "256m"))
        // 3-second passes with the writer at a gentle rate; the stall, when there is one, comes a
        // quarter into the pass and ends before its middle
        .withTraffic(traffic.withDurationMillis(3_000).withWriterRate(200));
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(registry, RunListener.NONE).run(s,
        new RunOptions(temp.resolve("work-" + name), temp.resolve(name + ".json"), Shard.ALL,
            List.of("test"), "dev"));
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    CellResult cell = doc.cells().get(0);
    PhaseResult p = cell.phases().get(0);
    assertThat(p.status()).as(p.failure() == null ? String.valueOf(cell.error()) : p.failure())
        .isEqualTo(PhaseStatus.OK);
    assertThat(p.verified()).isTrue();
    return p;
  }

  private static long millis(long nanos) {
    return nanos / 1_000_000;
  }

  @Tag("slow")
  @Test
  void aStalledWriterShowsInTheReadersLatenciesOnlyWhenOpsFollowATargetRate() throws Exception {
    PhaseResult unpacedStall = readWhileWriting(Traffic.DEFAULT.withWriterStallMillis(STALL_MILLIS), "service");
    PhaseResult pacedNoStall = readWhileWriting(Traffic.DEFAULT.withRate(RATE), "paced");
    PhaseResult pacedStall = readWhileWriting(Traffic.DEFAULT.withRate(RATE).withWriterStallMillis(STALL_MILLIS),
        "paced-stall");

    assertThat(unpacedStall.threaded().writer().stallMillis()).isEqualTo(STALL_MILLIS);
    assertThat(pacedStall.threaded().writer().stallMillis()).isEqualTo(STALL_MILLIS);
    assertThat(unpacedStall.threaded().latencyMeasuredFrom()).isEqualTo(ThreadedFigures.FROM_OP_START);
    assertThat(pacedStall.threaded().latencyMeasuredFrom()).isEqualTo(ThreadedFigures.FROM_INTENDED_START);

    var unpaced = unpacedStall.threaded().latencyNanosByOperation().get("read");
    var paced = pacedNoStall.threaded().latencyNanosByOperation().get("read");
    var stalled = pacedStall.threaded().latencyNanosByOperation().get("read");
    String figures = String.format(java.util.Locale.ROOT, "ms p90/p99/max: no rate + stall %d/%d/%d,"
            + " rate %d/%d/%d, rate + stall %d/%d/%d", millis(unpaced.p90()), millis(unpaced.p99()),
        millis(unpaced.max()), millis(paced.p90()), millis(paced.p99()), millis(paced.max()), millis(stalled.p90()),
        millis(stalled.p99()), millis(stalled.max()));
    System.out.println("coordinated omission: " + figures);
    // with a rate, the ops scheduled during the stall (100 of the pass's 3,000: 3.3 %) count from
    // when they should have started: the first of them waited the whole stall, the worst 1 % (30
    // ops) at least 70 ms of it; load only adds to that
    assertThat(stalled.max()).as(figures).isGreaterThanOrEqualTo(millisToNanos(STALL_MILLIS * 9 / 10));
    assertThat(stalled.p99()).as(figures).isGreaterThanOrEqualTo(millisToNanos(STALL_MILLIS / 2));
    // without a rate the stall hides: each reader's one wait among hundreds of thousands of ops
    assertThat(unpaced.p99()).as(figures).isLessThan(millisToNanos(STALL_MILLIS / 2));
    // the schedule alone is kept: nothing near the stall
    assertThat(paced.p99()).as(figures).isLessThan(millisToNanos(STALL_MILLIS / 2));
    // the ops' own durations (service times) stay short, even with the stall, but for the one that waited
    assertThat(pacedStall.threaded().serviceNanosByOperation().get("read").p99()).as(figures)
        .isLessThan(millisToNanos(STALL_MILLIS / 2));
    // the achieved rate is reported beside the target, and kept up with after the stall
    assertThat(pacedStall.threaded().targetRate()).isEqualTo(RATE);
    assertThat(pacedStall.threaded().achievedRate()).isBetween(0.9 * RATE, 1.05 * RATE);
  }

  private static long millisToNanos(long millis) {
    return millis * 1_000_000;
  }
}
