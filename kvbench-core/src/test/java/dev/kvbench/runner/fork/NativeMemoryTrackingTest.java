package dev.kvbench.runner.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.Repetitions;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.store.StoreRegistry;
import org.junit.jupiter.api.Test;

/**
 * {@code jvm.nativeMemoryTracking}, a setting added as one row: a scenario file sets it, the
 * cells' JVM gets the flag and starts with it, a file that leaves it out records nothing, and cells
 * in this JVM refuse it.
 */
class NativeMemoryTrackingTest {

  private final ScenarioFiles files = new ScenarioFiles();
  private final StoreRegistry registry = StoreRegistry.load();

  @Test
  void aFileThatTurnsItOnStartsEachCellsJvmWithTrackingAndWritesItBack() {
    Scenario s = files.parse("name: nmt\njvm:\n  nativeMemoryTracking: true\n", "nmt.yaml", "nmt", registry);
    assertThat(s.jvm().get(JvmSettings.NATIVE_MEMORY_TRACKING)).isTrue();
    assertThat(CellJvm.flags(s.jvm())).contains("-XX:NativeMemoryTracking=summary");
    assertThat(CellJvm.whyJvmWontStart(s.jvm())).isNull();
    assertThat(files.write(s)).contains("nativeMemoryTracking: \"true\"");
  }

  @Test
  void leftOutItAddsNoFlagAndTheRecordedScenarioDoesNotNameIt() {
    Scenario s = files.parse("name: plain\n", "plain.yaml", "plain", registry);
    assertThat(CellJvm.flags(s.jvm())).noneMatch(f -> f.startsWith("-XX:NativeMemoryTracking"));
    assertThat(files.write(s)).doesNotContain("nativeMemoryTracking");
  }

  @Test
  void cellsInThisJvmRefuseItAtItsPointer() {
    Scenario s = files.parse("name: nmt\njvm:\n  nativeMemoryTracking: true\n", "nmt.yaml", "nmt", registry);
    assertThatThrownBy(() -> s.withRepetitions(new Repetitions(0, 1, 0, 1)))
        .isInstanceOf(ScenarioException.class)
        .hasMessageStartingWith("jvm.nativeMemoryTracking tracks each forked cell's native memory")
        .hasMessageEndingWith("give 1 fork or more")
        .extracting(e -> ((ScenarioException) e).pointer()).isEqualTo("/jvm/nativeMemoryTracking");
  }
}
