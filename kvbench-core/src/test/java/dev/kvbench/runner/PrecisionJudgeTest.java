package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.measure.CpuTime;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.workload.Traffic;
import java.util.EnumSet;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 63: the adaptive rounds judge a phase of a fixed duration by what it did in it, not by its time. */
class PrecisionJudgeTest {

  private static final AdaptiveForks RULE = new AdaptiveForks(5, 20, AdaptiveForks.NO_TIME_BUDGET, 5,
      PrecisionJudge.INSTANCE);

  /** One cell's forks: each a 2-second sustain pass that did {@code ops} puts. */
  private static List<CellResult> forks(String store, long... ops) {
    return Arrays.stream(ops).mapToObj(n -> sustainFork(store, n)).toList();
  }

  /** A cell of one fork whose one sustain pass lasted 2 s and did {@code ops} puts. */
  private static CellResult sustainFork(String store, long ops) {
    PassResult pass = PassResult.of(ops, 2_000_000_000L, new CpuTime(1800, 200), 50_000_000).withFork(1);
    PhaseResult sustain = PhaseResult.measured("sustain", List.of(pass), PhaseResult.Latency.NONE, true, null, null);
    CellResult.Parameters parameters = new CellResult.Parameters(1000, "int", 4, 100, "rnd", 1, "nosync", 1, 16, 1, 0,
        3, 1, Traffic.DEFAULT.withDurationMillis(2000), null, null, null, Map.of());
    Capabilities caps = new Capabilities(true, true, true, true, EnumSet.allOf(Durability.class), true, true, 511,
        1 << 30);
    return new CellResult(store + " int rnd 1000x100 batch=1 nosync threads=1 duration=2000ms", store, "lib:" + store,
        "1.0", caps, Map.of(), Map.of(), parameters, List.of(sustain), null, CellResult.Outcome.RAN, null, null);
  }

  @Test
  void aCellWhoseRateSpreadsWidelyGetsAnotherForkThoughEveryPassTookItsTwoSeconds() {
    Map<String, ForkJudge.Decision> d = PrecisionJudge.decide(Map.of("alpha", forks("alpha", 100_000, 300_000, 200_000)),
        List.of(), RULE);
    assertThat(d.get("alpha").next()).isEqualTo(ForkJudge.Next.ANOTHER_UNDISTURBED_FORK);
    assertThat(d.get("alpha").detail()).startsWith("sustain ").endsWith("% wide");
    // rates within a fraction of a percent are precise
    Map<String, ForkJudge.Decision> steady = PrecisionJudge.decide(
        Map.of("alpha", forks("alpha", 200_000, 200_100, 199_900)), List.of(), RULE);
    assertThat(steady.get("alpha").next()).isEqualTo(ForkJudge.Next.DONE);
  }

  @Test
  void twoStoresOfTheSameDurationAreComparedByTheirRates() {
    Map<String, List<CellResult>> cells = new LinkedHashMap<>();
    cells.put("alpha", forks("alpha", 300_000, 300_000, 300_000));
    cells.put("beta", forks("beta", 200_000, 400_000, 300_000));
    Map<String, ForkJudge.Decision> d = PrecisionJudge.decide(cells, List.of(), RULE);
    // equal pass times would call the pair equivalent at once; their rates are undecided
    assertThat(d.get("alpha").next()).isEqualTo(ForkJudge.Next.ANOTHER_FORK);
    assertThat(d.get("alpha").detail()).contains("sustain against beta undecided");
  }
}
