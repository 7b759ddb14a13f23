package dev.kvbench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.Matrix;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.RateShape;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 67: a target rate shaped over the pass (steps, a sine, bursts): each op's intended place
 * follows the shape, so the ops offered in each stretch are the rate times the shape's factor there,
 * and the cycling shapes keep the mean rate; a shape without a rate, or one that is no shape, is refused.
 */
class RateShapeScheduleTest {

  /** The ops one client at {@code rate} is offered from {@code fromNanos} to {@code toNanos} of the pass. */
  private static long offered(RateShape shape, double rate, long fromNanos, long toNanos) {
    Schedule s = Schedule.of(0, rate, 1, shape);
    long n = 0;
    long count = 0;
    for (long at = s.intended(n); at < toNanos; at = s.intended(++n)) {
      if (at >= fromNanos) {
        count++;
      }
    }
    return count;
  }

  @Test
  void stepsHoldEachFactorForItsStepThenTheLast() {
    RateShape steps = RateShape.parse("steps:0.5/2@1s");
    assertThat(steps.id()).isEqualTo("steps:0.5/2@1s");
    assertThat(offered(steps, 10_000, 0, 1_000_000_000L)).isCloseTo(5_000, within(1L));
    assertThat(offered(steps, 10_000, 1_000_000_000L, 2_000_000_000L)).isCloseTo(20_000, within(1L));
    assertThat(offered(steps, 10_000, 2_000_000_000L, 3_000_000_000L)).isCloseTo(20_000, within(1L));
  }

  @Test
  void aSineSwingsAroundTheRateAndKeepsItsMeanOverAPeriod() {
    RateShape sine = RateShape.parse("sine:1s/0.5");
    assertThat(offered(sine, 10_000, 0, 1_000_000_000L)).isCloseTo(10_000, within(2L));
    for (int tenth = 0; tenth < 10; tenth++) {
      // the mean of 1 + 0.5 sin(2 pi t) over the tenth, times 1,000 ops
      double a = 2 * Math.PI * tenth / 10;
      double b = 2 * Math.PI * (tenth + 1) / 10;
      double expected = 1_000 * (1 + 0.5 * (Math.cos(a) - Math.cos(b)) / (b - a));
      assertThat((double) offered(sine, 10_000, tenth * 100_000_000L, (tenth + 1) * 100_000_000L))
          .as("tenth %d", tenth).isCloseTo(expected, within(0.01 * expected + 2));
    }
  }

  @Test
  void burstsOfferTheirFactorInTheBurstAndKeepTheMean() {
    RateShape bursts = RateShape.parse("bursts:1s/100ms/3");
    assertThat(bursts.id()).isEqualTo("bursts:1s/100ms/3");
    assertThat(offered(bursts, 10_000, 0, 100_000_000L)).isCloseTo(3_000, within(2L));
    assertThat(offered(bursts, 10_000, 0, 1_000_000_000L)).isCloseTo(10_000, within(2L));
    assertThat(offered(bursts, 10_000, 1_000_000_000L, 2_000_000_000L)).isCloseTo(10_000, within(2L));
  }

  @Test
  void aShapeThatIsNoneOrWithoutARateIsRefusedNamingTheFix() {
    assertThatThrownBy(() -> RateShape.parse("sine:1s/1.5")).hasMessageContaining("sine:1s/1.5")
        .hasMessageContaining("below 1").hasMessageContaining("sine:P/A");
    assertThatThrownBy(() -> RateShape.parse("bursts:1s/500ms/3")).hasMessageContaining("factor x length");
    assertThatThrownBy(() -> RateShape.parse("steps:1/2")).hasMessageContaining("steps:F1/F2/...@D");
    assertThatThrownBy(() -> RateShape.parse("sine:10/0.5")).hasMessageContaining("its unit");
    Scenario unrated = Scenario.defaults("shaped").withMatrix(Matrix.of(List.of("locking"))
        .with(Axes.RATE_SHAPES, List.of(RateShape.parse("sine:1s/0.5")))).withPhases(List.of(Phase.YCSB_C));
    assertThatThrownBy(() -> unrated.cells(StoreRegistry.load(), 1_000, dev.kvbench.host.HostFiles.system()))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("give a rate");
    Scenario rated = unrated.withMatrix(unrated.matrix().with(Axes.RATES, List.of(5_000.0)));
    assertThat(rated.cells(StoreRegistry.load(), 1_000, dev.kvbench.host.HostFiles.system()))
        .isNotEmpty().allSatisfy(c -> assertThat(c.id()).contains(" shape=sine:1s/0.5"));
  }

  @Test
  void theOpsAShapeSaysItOffersAreTheOnesTheScheduleIntends() {
    // the timeline's offered rate is computed from the shape, not counted: it must be what the clients were given
    for (String shape : List.of("constant", "steps:0.5/2/1@300ms", "sine:1s/0.5", "bursts:1s/100ms/3")) {
      RateShape s = RateShape.parse(shape);
      for (long from = 0; from < 2_000_000_000L; from += 250_000_000L) {
        long to = from + 250_000_000L;
        assertThat(s.opsBetween(10_000, from, to)).as("%s from %d ms", shape, from / 1_000_000)
            .isCloseTo(offered(s, 10_000, from, to), within(2.0));
      }
    }
    assertThat(RateShape.parse("steps:1/3@1s").opsBetween(1_000, 500_000_000L, 1_500_000_000L)).isCloseTo(2_000, within(1e-6));
  }
}
