package dev.kvbench.runner.fork;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ProfileRecording;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.Profiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code jvm.profile async}: async-profiler's agent in the cell's JVM, CPU samples every
 * millisecond with Java and native frames, written in the Flight Recorder's format to {@code
 * profile.jfr} in the cell's diagnostics directory as the JVM exits. A host it cannot run on is
 * refused before the run.
 */
final class AsyncProfilerMeter implements CellMeter {

  static Optional<CellMeter> of(JvmOptions jvm, RunListener listener) {
    if (jvm.profiler() != Profiler.ASYNC) {
      return Optional.empty();
    }
    String why = AsyncProfilerLibrary.unavailableReason();
    if (why != null) {
      throw new IllegalArgumentException("jvm.profile async: " + why + "; jfr, the JDK's Flight Recorder, works"
          + " everywhere");
    }
    return Optional.of(new AsyncProfilerMeter());
  }

  private static Path recording(Fork fork) {
    return fork.diagnostics().resolve("profile.jfr");
  }

  @Override
  public List<String> jvmOptions(Fork fork) throws IOException {
    Files.createDirectories(fork.diagnostics());
    return List.of("-agentpath:" + AsyncProfilerLibrary.copyInto(fork.jvmDirectory()) + "=start,event="
        + AsyncProfilerLibrary.event() + ",interval=1ms,file=" + recording(fork) + ",jfr");
  }

  @Override
  public CellResult recorded(CellResult result, Fork fork, long launchedMillis) {
    // the agent writes its recording as the JVM exits, after the result came
    return !Files.isRegularFile(recording(fork)) ? result : result.withProfiles(List.of(new ProfileRecording(1,
        recording(fork).toString(), Profiler.ASYNC.id() + " (" + AsyncProfilerLibrary.event() + ")")));
  }
}
