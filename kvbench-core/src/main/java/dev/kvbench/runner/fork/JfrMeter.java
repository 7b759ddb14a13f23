package dev.kvbench.runner.fork;

import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import dev.kvbench.scenario.Profiler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code jvm.profile jfr}: the cell records itself with the Flight Recorder ({@link
 * CellRecording}) into {@code profile.jfr} in its diagnostics directory, and names the recording in
 * its result before it sends it.
 */
final class JfrMeter implements CellMeter {

  static Optional<CellMeter> of(JvmOptions jvm, RunListener listener) {
    return jvm.profiler() == Profiler.JFR ? Optional.of(new JfrMeter()) : Optional.empty();
  }

  @Override
  public Path selfRecording(Fork fork) throws IOException {
    return Files.createDirectories(fork.diagnostics()).resolve("profile.jfr");
  }
}
