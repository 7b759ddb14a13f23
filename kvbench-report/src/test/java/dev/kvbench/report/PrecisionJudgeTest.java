package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.CellResult;
import dev.kvbench.runner.AdaptiveForks;
import dev.kvbench.runner.ForkJudge;
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
    return Arrays.stream(ops).mapToObj(n -> Fixtures.timedCell(store, 2000, Fixtures.timedPhase("sustain", 2000, n)))
        .toList();
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
