package dev.kvbench.runner.fork;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ProfileRecording;
import java.io.IOException;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.List;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;

/**
 * A forked cell's Flight Recorder recording ({@code --profile jfr}), with the JDK's {@code
 * profile} settings, from the cell's start to its end, written where the plan says before the
 * result goes to the parent (the parent may end the JVM as soon as it has the result, so the
 * recording cannot wait for the JVM's exit). A report keeps only the samples taken during measured
 * passes.
 */
final class CellRecording implements AutoCloseable {

  private static final CellRecording NONE = new CellRecording(null, null);

  private final Recording recording;
  private final Path file;

  private CellRecording(Recording recording, Path file) {
    this.recording = recording;
    this.file = file;
  }

  /** Starts recording into {@code path}, or nothing for {@link ForkPlan#NO_RECORDING}. */
  static CellRecording start(String path) {
    if (path.equals(ForkPlan.NO_RECORDING)) {
      return NONE;
    }
    try {
      Recording r = new Recording(Configuration.getConfiguration("profile"));
      r.setName("kvbench cell");
      r.setToDisk(true);
      r.start();
      return new CellRecording(r, Path.of(path));
    } catch (IOException | ParseException e) {
      throw new IllegalStateException("cannot start the Flight Recorder: " + e.getMessage(), e);
    }
  }

  /**
   * Stops the recording, writes it, and returns {@code result} naming it; {@code result} as it is
   * without one, or when the recording cannot be written (a full disk): the measured result matters
   * more than its explanation.
   */
  CellResult keptIn(CellResult result) {
    if (recording == null) {
      return result;
    }
    try {
      recording.stop();
      recording.dump(file);
    } catch (IOException | IllegalStateException e) {
      return result;
    }
    return result.withProfiles(List.of(new ProfileRecording(1, file.toString(), "jfr")));
  }

  @Override
  public void close() {
    if (recording != null) {
      recording.close();
    }
  }
}
