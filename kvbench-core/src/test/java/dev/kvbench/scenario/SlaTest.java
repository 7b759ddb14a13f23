package dev.kvbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.SortedMapStoreProvider;
import dev.kvbench.workload.Phase;
import java.time.Duration;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The latency budget as people write it, what it judges, and the rate sweeps it needs. */
class SlaTest {

  @Test
  void percentilesAndUnitsReadAsWrittenAndWriteBackTheSame() {
    Sla sla = Sla.parse("p99<=2ms, P999 < 10ms,p50<=800us,max<=1s,p99.99<=20ms");
    assertThat(sla.conditions()).extracting(Sla.Condition::percentile).containsExactly(99.0, 99.9, 50.0, 100.0, 99.99);
    assertThat(sla.conditions()).extracting(Sla.Condition::limitNanos)
        .containsExactly(2_000_000L, 10_000_000L, 800_000L, 1_000_000_000L, 20_000_000L);
    assertThat(sla).hasToString("p99<=2ms,p99.9<=10ms,p50<=800us,max<=1s,p99.99<=20ms");
    assertThat(Sla.parse(sla.toString())).isEqualTo(sla);
    assertThat(Sla.parse("p99<=1.5ms").conditions().get(0).limitNanos()).isEqualTo(1_500_000);
    assertThat(Sla.p99(Duration.ofMillis(2)).and(99.9, Duration.ofMillis(10)))
        .isEqualTo(Sla.parse("p99<=2ms,p999<=10ms"));
  }

  @Test
  void theFirstConditionAHistogramBreaksIsNamed() {
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    for (int i = 0; i < 990; i++) {
      h.recordValue(1_000_000); // 1 ms
    }
    for (int i = 0; i < 10; i++) {
      h.recordValue(50_000_000); // 50 ms: the top 1 %
    }
    assertThat(Sla.parse("p99<=2ms").brokenBy(h)).isNull();
    assertThat(Sla.parse("p99<=2ms,p999<=10ms").brokenBy(h).percentileName()).isEqualTo("p99.9");
    assertThat(Sla.parse("max<=40ms").brokenBy(h).text()).isEqualTo("max<=40ms");
  }

  @Test
  void badConditionsNameWhatIsWrongAndHowToWriteIt() {
    assertThatThrownBy(() -> Sla.parse("latency<=2ms")).hasMessageContaining("names no percentile")
        .hasMessageContaining("p99<=2ms");
    assertThatThrownBy(() -> Sla.parse("p99<=2mb")).hasMessageContaining("'mb'")
        .hasMessageContaining("not a unit of duration");
    assertThatThrownBy(() -> Sla.parse("p99<=2")).hasMessageContaining("has no unit");
    assertThatThrownBy(() -> Sla.parse("p99")).hasMessageContaining("has no limit");
    assertThatThrownBy(() -> Sla.parse("p100<=2ms")).hasMessageContaining("between 0 and 100");
    assertThatThrownBy(() -> Sla.parse("p99<=2ms,p99<=3ms")).hasMessageContaining("p99 twice");
    assertThatThrownBy(() -> Sla.parse(" ")).hasMessageContaining("empty");
  }

  private static Scenario ycsb(Phase phase) {
    return Scenario.defaults("sla").withMatrix(matrix()).withPhases(List.of(Phase.WRITE, phase));
  }

  private static Matrix matrix() {
    return Matrix.of(List.of("sortedmap")).with(Axes.ORDERS, List.of(dev.kvbench.workload.KeyOrder.SEQ));
  }

  private static StoreRegistry registry() {
    return new StoreRegistry(List.of(new SortedMapStoreProvider()));
  }

  @Test
  void aRateListIsAnAxisOfCellsEachAtItsRateAndMustRise() {
    Scenario s = ycsb(Phase.YCSB_C).withMatrix(matrix()
        .with(Axes.RATES, List.of(5_000.0, 10_000.0)));
    List<CellParams> cells = s.cells(registry());
    assertThat(cells).extracting(c -> c.load().traffic().rate()).containsExactly(5_000.0, 10_000.0);
    assertThat(cells.get(0).id()).contains("rate=5000");

    Scenario falling = s.withMatrix(s.matrix().with(Axes.RATES, List.of(10_000.0, 5_000.0)));
    assertThatThrownBy(() -> falling.cells(registry())).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("does not rise at 5000").hasMessageContaining("lowest to highest");
    assertThat(Axes.rate("2.5k")).isEqualTo(2_500.0);
    assertThatThrownBy(() -> Axes.rate("fast")).hasMessageContaining("not a rate");
  }

  @Test
  void anSlaNeedsRatesAndAPhaseWithLatenciesToJudge() {
    Sla sla = Sla.parse("p99<=2ms");
    assertThatThrownBy(() -> ycsb(Phase.YCSB_C).withGoal(new CapacityGoal(sla, RateSearch.DEFAULT)).cells(registry())).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("no rate is given").hasMessageContaining("matrix.rates");
    Scenario seedOnly = Scenario.defaults("sla").withMatrix(matrix()
        .with(Axes.RATES, List.of(1_000.0))).withPhases(List.of(Phase.WRITE, Phase.READ_KEY)).withGoal(new CapacityGoal(sla, RateSearch.DEFAULT));
    assertThatThrownBy(() -> seedOnly.cells(registry())).hasMessageContaining("has a latency to judge");
    Scenario rated = ycsb(Phase.YCSB_C).withGoal(new CapacityGoal(sla, RateSearch.DEFAULT)).withMatrix(matrix()
        .with(Axes.RATES, List.of(1_000.0)));
    assertThat(rated.cells(registry())).hasSize(1);
  }

  @Test
  void aSearchNeedsAnSlaOnePhaseAndAutoAloneAndItsSettingsNeedASearch() {
    Sla sla = Sla.parse("p99<=2ms");
    Matrix auto = matrix().with(Axes.RATES, List.of(Axes.AUTO_RATE));
    Scenario search = ycsb(Phase.YCSB_C).withMatrix(auto).withGoal(new CapacityGoal(sla, RateSearch.DEFAULT));
    assertThat(search.searchesRates()).isTrue();
    // the cells are expanded at no rate: the runner's search gives each its rates
    assertThat(search.cells(registry())).singleElement().satisfies(c -> {
      assertThat(c.load().traffic().rate()).isZero();
      assertThat(c.atRate(1_880).id()).endsWith("rate=1880");
    });
    assertThatThrownBy(() -> ycsb(Phase.YCSB_C).withMatrix(auto).cells(registry()))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("rates auto searches for the highest rate");
    assertThatThrownBy(() -> search.withMatrix(matrix().with(Axes.RATES, List.of(Axes.AUTO_RATE, 5_000.0)))
        .cells(registry())).hasMessageContaining("auto searches the rates itself");
    assertThatThrownBy(() -> search.withPhases(List.of(Phase.YCSB_A, Phase.YCSB_B)).cells(registry()))
        .hasMessageContaining("would each want their own rates");
    assertThatThrownBy(() -> ycsb(Phase.YCSB_C).withGoal(new CapacityGoal(sla, new RateSearch(5_000, 5, 24)))
        .withMatrix(matrix().with(Axes.RATES, List.of(1_000.0))).cells(registry()))
        .hasMessageContaining("the rates are not searched");
    assertThat(Axes.rate("auto")).isEqualTo(Axes.AUTO_RATE);
  }
}
