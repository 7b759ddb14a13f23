package dev.kvbench.scenario;

import dev.kvbench.workload.Phase;
import dev.kvbench.workload.trace.DrawnTrace;
import dev.kvbench.workload.trace.ReplaySpec;
import dev.kvbench.workload.trace.TraceFormatException;
import dev.kvbench.workload.trace.TraceReader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The values of the {@code traces} axis ({@link Axes#TRACES}): a trace file's absolute path, so a
 * forked cell finds it whatever its working directory, checked to be a trace when it is read, and
 * its replay speed where it is replayed at its recorded timing ({@link ReplaySpec}), or {@link
 * #NONE} for a cell that replays nothing.
 */
final class TraceFiles {

  private TraceFiles() {}

  /** No trace: the axis's value for every cell but a replay's. */
  static final String NONE = "none";

  /**
   * A trace path given as {@code text}, absolute, with its replay speed where it has one ({@code
   * FILE@1x}: {@link ReplaySpec}); throws IllegalArgumentException naming it where it is no trace.
   */
  static String parse(String text) {
    String t = text.trim();
    if (t.equals(NONE)) {
      return NONE;
    }
    if (t.isEmpty()) {
      throw new IllegalArgumentException("a trace file's path is empty; give the file a recording wrote");
    }
    ReplaySpec spec = ReplaySpec.parse(t);
    java.util.Optional<DrawnTrace> drawn = DrawnTrace.parse(spec.trace().toString());
    if (drawn.isPresent()) {
      DrawnTrace d = drawn.get().absolute();
      d.read(); // a model that does not read is refused now, naming the file, not in every cell
      return new ReplaySpec(Path.of(d.text()), spec.speed()).text();
    }
    if (DrawnTrace.isModel(spec.trace().toString())) {
      throw new IllegalArgumentException("trace " + spec.trace() + ": a mixgraph model is drawn as a trace of a count"
          + " of operations: give it as " + spec.trace() + ":1m (1,000,000 operations)");
    }
    Path file = spec.trace().toAbsolutePath().normalize();
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("trace " + spec.trace() + ": no such file (give the file a recording wrote;"
          + " kvbench trace info FILE checks one)");
    }
    try (TraceReader r = TraceReader.open(file)) {
      r.header();
    } catch (TraceFormatException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    return new ReplaySpec(file, spec.speed()).text();
  }

  /** {@code trace} at {@code factor} times its size: a drawn trace's operations; a recorded trace is what it is. */
  static String scaled(String trace, double factor) {
    if (trace.equals(NONE)) {
      return trace;
    }
    ReplaySpec spec = ReplaySpec.parse(trace);
    return DrawnTrace.parse(spec.trace().toString())
        .map(d -> new ReplaySpec(Path.of(d.scaled(factor).text()), spec.speed()).text())
        .orElse(trace);
  }

  /** The axis's part of a cell id: the trace's file name, and its speed where it is timed. */
  static String idPart(String trace) {
    if (trace.equals(NONE)) {
      return null;
    }
    return " trace=" + ReplaySpec.parse(trace).fileName();
  }

  /** What is wrong with {@code trace} in {@code scenario}: a replay phase without a trace. */
  static String problem(String trace, Scenario scenario) {
    if (trace.equals(NONE) && scenario.phases().contains(Phase.REPLAY)) {
      return "the replay phase replays a recorded trace: give its file in matrix.traces";
    }
    return null;
  }

  /** Refuses a trace that no phase of {@code scenario} replays: the axis is swept for replay only, so it would be dropped without a word. */
  static void requireReplayed(Scenario scenario) {
    if (!scenario.phases().contains(Phase.REPLAY)
        && scenario.matrix().get(Axes.TRACES).stream().anyMatch(t -> !t.equals(NONE))) {
      throw new ScenarioException(Axes.TRACES.pointer(), "a trace is replayed by the replay phase, which this scenario"
          + " does not run: add replay to its phases, or leave out the trace");
    }
  }
}
