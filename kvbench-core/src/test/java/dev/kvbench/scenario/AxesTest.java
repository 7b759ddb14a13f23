package dev.kvbench.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.store.StoreRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The axis table, and the gc axis: what adding one row to it gives every part of kvbench. */
class AxesTest {

  private final StoreRegistry registry = StoreRegistry.load();
  private final ScenarioFiles files = new ScenarioFiles();

  @Test
  void everyAxisHasItsOwnKeyFlagsAndIdRank() {
    Set<String> keys = new HashSet<>();
    Set<String> flags = new HashSet<>();
    Set<Integer> ranks = new HashSet<>(Set.of(CellParams.COLD_CACHE_ID_RANK, CellParams.CUSTOM_ID_RANK));
    for (Axis<?> axis : Axes.ALL) {
      assertThat(keys.add(axis.key())).as("key " + axis.key()).isTrue();
      axis.flags().forEach(f -> assertThat(flags.add(f)).as("flag " + f).isTrue());
      assertThat(ranks.add(axis.idRank())).as("id rank of " + axis.key()).isTrue();
      assertThat(Axes.byKey(axis.key())).isSameAs(axis);
      assertThat(axis.defaults()).as(axis.key() + "'s default").isNotEmpty();
      roundTrips(axis);
    }
  }

  private static <T> void roundTrips(Axis<T> axis) {
    for (T value : axis.defaults()) {
      assertThat(axis.parse(axis.text(value))).as(axis.key() + " " + value).isEqualTo(value);
    }
  }

  @Test
  void aGcSweepIsOneCellPerCollectorAndTheDefaultKeepsTheIdItHadBefore() {
    Scenario s = files.parse("matrix:\n  stores: ['null']\n  orders: [rnd]\n  gc: [default, serial, parallel]\n",
        "s.yaml", "s", registry);
    List<CellParams> cells = s.cells(registry);
    assertThat(cells).extracting(CellParams::id).containsExactly(
        "null int rnd 100000x100 batch=all nosync",
        "null int rnd 100000x100 batch=all nosync gc=serial",
        "null int rnd 100000x100 batch=all nosync gc=parallel");
    assertThat(cells).extracting(c -> c.value(Axes.GC)).containsExactly("default", "serial", "parallel");
    assertThat(cells.get(1).axes()).containsEntry("gc", "serial");
    assertThat(files.parse(files.write(s), "again", "s", registry)).isEqualTo(s);
  }

  @Test
  void gcIsCheckedBeforeAnyCellRuns() {
    assertThatThrownBy(() -> files.parse("matrix:\n  gc: [cms]\n", "s.yaml", "s", registry))
        .hasMessageStartingWith("s.yaml:2:").hasMessageContaining("matrix.gc[0]: unknown garbage collector 'cms'");
    Scenario inProcess = files.parse("matrix:\n  stores: ['null']\n  gc: [serial]\nrepetitions:\n  forks: 0\n",
        "s.yaml", "s", null);
    assertThatThrownBy(() -> inProcess.cells(registry)).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("gc serial needs forked cells");
    Scenario twice = files.parse("matrix:\n  stores: ['null']\n  gc: [z]\njvm:\n  options: [-XX:+UseSerialGC]\n",
        "s.yaml", "s", null);
    assertThatThrownBy(() -> twice.cells(registry)).hasMessageContaining("-XX:+UseSerialGC both choose a collector");
  }

  @Test
  void overridesSetAnAxisLikeAScenarioFileDoes() {
    Scenario base = Scenario.defaults("o").withMatrix(Matrix.of(List.of("null")));
    Scenario changed = new ScenarioOverrides().axis(Axes.GC, List.of("serial")).axis(Axes.ENTRIES, List.of(10L))
        .applyTo(base);
    List<String> ids = new ArrayList<>();
    changed.cells(registry).forEach(c -> ids.add(c.id()));
    assertThat(ids).containsExactly("null int seq 10x100 batch=all nosync gc=serial",
        "null int rnd 10x100 batch=all nosync gc=serial");
    assertThat(new ScenarioOverrides().isEmpty()).isTrue();
    assertThat(new ScenarioOverrides().axis(Axes.GC, List.of("g1")).isEmpty()).isFalse();
  }
}
