package dev.kvbench.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.RepetitionSettings;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioFiles;
import java.util.List;
import org.junit.jupiter.api.Test;

class CpuListTest {

  @Test
  void numbersAndRangesBecomeOneSortedListWrittenAsTasksetWritesIt() {
    assertThat(CpuList.parse("2-5,7").cpus()).containsExactly(2, 3, 4, 5, 7);
    assertThat(CpuList.parse("7, 3,1,2").toString()).isEqualTo("1-3,7");
    assertThat(CpuList.parse("0").toString()).isEqualTo("0");
    assertThat(CpuList.parse(" ").pins()).isFalse();
    assertThat(CpuList.parse(null)).isEqualTo(CpuList.NONE);
  }

  @Test
  void aListThatIsNotOneIsRefusedNamingTheFix() {
    assertThatThrownBy(() -> CpuList.parse("all")).hasMessage("'all' is not a CPU list: write numbers and"
        + " ranges, e.g. 2-5,7");
    assertThatThrownBy(() -> CpuList.parse("5-2")).hasMessageContaining("runs backwards; write 2-5");
    assertThatThrownBy(() -> CpuList.parse("1,,2")).hasMessageContaining("is not a CPU list");
  }

  @Test
  void pinningNeedsForkedCells() {
    Scenario s = Scenario.defaults("pin");
    assertThat(s.withJvm(s.jvm().with(JvmSettings.CPUS, CpuList.parse("0"))).jvm().cpus().cpus()).isEqualTo(List.of(0));
    Scenario inProcess = s.withRepetitions(s.repetitions().with(RepetitionSettings.FORKS, 0));
    assertThatThrownBy(() -> inProcess.withJvm(s.jvm().with(JvmSettings.CPUS, CpuList.parse("0"))))
        .isInstanceOf(ScenarioException.class).hasMessageContaining("jvm.cpus 0 pins forked cells")
        .hasMessageContaining("taskset -c 0");
  }

  @Test
  void aScenarioFileCarriesTheListAndWritesItBack() {
    ScenarioFiles files = new ScenarioFiles();
    Scenario s = files.parse("name: pinned\njvm:\n  cpus: 1,0\n", "pinned.yaml", "pinned", null);
    assertThat(s.jvm().cpus().toString()).isEqualTo("0-1");
    assertThat(files.write(s)).contains("cpus: 0-1");
    assertThat(files.parse(files.write(s), "again.yaml", "pinned", null).jvm()).isEqualTo(s.jvm());
    assertThatThrownBy(() -> files.parse("name: pinned\njvm:\n  cpus: x\n", "pinned.yaml", "pinned", null))
        .hasMessageContaining("pinned.yaml:3").hasMessageContaining("jvm.cpus: 'x' is not a CPU list");
  }
}
