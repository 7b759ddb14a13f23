package dev.kvbench.result;

/**
 * A recording of one fork's JVM ({@code --profile}), kept in the run's diagnostics: a report
 * draws a flame graph of its samples taken during that fork's measured passes.
 *
 * @param fork the fork it recorded, numbered as its passes are
 * @param recording the recording's path
 * @param profiler what recorded it, e.g. jfr
 */
public record ProfileRecording(int fork, String recording, String profiler) {

  /** The same recording, of fork {@code number}. */
  public ProfileRecording ofFork(int number) {
    return new ProfileRecording(number, recording, profiler);
  }
}
