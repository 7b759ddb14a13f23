package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.scenario.Axes;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.MemoryLimit;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioOverrides;
import dev.kvbench.store.Footprint;
import dev.kvbench.store.StoreRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellEstimateTest {

  private static CellParams cell(long entries) {
    Scenario s = new ScenarioOverrides().stores(List.of("null")).axis(Axes.ENTRIES, List.of(entries))
        .axis(Axes.VALUE_SIZES, List.of(1000)).applyTo(Scenario.defaults("estimate"));
    return s.cells(StoreRegistry.load()).get(0);
  }

  @Test
  void theFloorIsTheFlatDataAndTheEstimateAddsTheStoresOverhead() {
    CellEstimate e = CellEstimate.of(cell(100_000), Footprint.bTree(1.7, 4096));
    assertThat(e.flatBytes()).isEqualTo(100_000L * (4 + 1000));
    assertThat(e.estimatedBytes()).isGreaterThan(e.flatBytes());
  }

  /** Data larger than the memory limit is read from the device: its cell takes far longer than in memory. */
  @Test
  void aCellLargerThanItsMemoryLimitIsTimedAsDeviceReads() {
    CellParams large = cell(1_000_000); // about 1 GB
    double inMemory = CellEstimate.of(large, Footprint.TYPICAL).estimatedSeconds();
    assertThat(CellEstimate.of(large, Footprint.TYPICAL, MemoryLimit.NONE).estimatedSeconds()).isEqualTo(inMemory);
    assertThat(CellEstimate.of(large, Footprint.TYPICAL, MemoryLimit.parse("2g")).estimatedSeconds())
        .as("the data fits the limit").isEqualTo(inMemory);
    double paged = CellEstimate.of(large, Footprint.TYPICAL, MemoryLimit.parse("256m")).estimatedSeconds();
    // a put 400 µs and a get 250 µs instead of a few µs: a hundred times as long, and more
    assertThat(paged).isGreaterThan(50 * inMemory);
  }

  /** A sustained phase runs for its duration, however few entries the store holds. */
  @Test
  void aPhaseThatRunsForADurationTakesIt() {
    Scenario s = new ScenarioOverrides().stores(List.of("null")).axis(Axes.ENTRIES, List.of(1_000L))
        .phases(List.of(dev.kvbench.workload.Phase.SUSTAIN)).traffic(t -> t.withDurationMillis(30_000))
        .applyTo(Scenario.defaults("estimate"));
    CellParams sustain = s.cells(StoreRegistry.load()).get(0);
    double seconds = CellEstimate.of(sustain, Footprint.TYPICAL).estimatedSeconds();
    assertThat(seconds).isGreaterThanOrEqualTo(30.0 * sustain.plan().passes().measuredPasses()).isLessThan(200);
  }
}
