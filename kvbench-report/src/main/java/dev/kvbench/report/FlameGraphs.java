package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.ProfileRecording;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import one.convert.Arguments;
import one.convert.FlameGraph;

/**
 * Flame graphs of a cell's {@code --profile} recordings: the method samples (in Java code, and in
 * native code reached through JNI) a fork's recording took while one of that fork's measured passes ran (not while the JVM started, warmed up or
 * verified), drawn with async-profiler's converter as a self-contained HTML page.
 */
final class FlameGraphs {

  private FlameGraphs() {}

  /** A measured pass's span, in epoch milliseconds. */
  record Window(long start, long end) {
    boolean holds(long epochMillis) {
      return epochMillis >= start && epochMillis <= end;
    }
  }

  /** The spans of {@code cell}'s measured passes run by fork {@code fork}. */
  static List<Window> measuredPasses(CellResult cell, int fork) {
    List<Window> windows = new ArrayList<>();
    for (PhaseResult p : cell.phases()) {
      for (PassResult pass : p.passes()) {
        if (pass.fork() == fork && pass.startEpochMillis() > 0) {
          windows.add(new Window(pass.startEpochMillis(),
              pass.startEpochMillis() + (long) Math.ceil(pass.passMillis())));
        }
      }
    }
    return windows;
  }

  /**
   * Writes the flame graph of {@code recording}'s execution samples inside {@code windows} to
   * {@code html}; returns how many samples it holds (0: none, nothing written).
   */
  static long write(ProfileRecording recording, List<Window> windows, Path html, String title) throws IOException {
    Map<String, Long> stacks = new TreeMap<>();
    long samples = 0;
    try (RecordingFile file = new RecordingFile(Path.of(recording.recording()))) {
      while (file.hasMoreEvents()) {
        RecordedEvent e = file.readEvent();
        // a thread in JNI code (LMDB, RocksDB) is sampled as a native method sample, in Java code as an execution sample
        String type = e.getEventType().getName();
        if (!type.equals("jdk.ExecutionSample") && !type.equals("jdk.NativeMethodSample")) {
          continue;
        }
        long at = e.getStartTime().toEpochMilli();
        RecordedStackTrace trace = e.getStackTrace();
        if (trace == null || windows.stream().noneMatch(w -> w.holds(at))) {
          continue;
        }
        stacks.merge(collapsed(trace), 1L, Long::sum);
        samples++;
      }
    }
    if (samples == 0) {
      return 0;
    }
    StringBuilder lines = new StringBuilder();
    stacks.forEach((stack, n) -> lines.append(stack).append(' ').append(n).append('\n'));
    Arguments args = new Arguments();
    args.title = title;
    FlameGraph graph = new FlameGraph(args);
    graph.parseCollapsed(new StringReader(lines.toString()));
    Files.createDirectories(html.getParent());
    try (OutputStream out = Files.newOutputStream(html)) {
      graph.dump(out);
    }
    return samples;
  }

  /** The stack root first, frames joined by ';', as the collapsed format has them. */
  private static String collapsed(RecordedStackTrace trace) {
    List<RecordedFrame> frames = trace.getFrames();
    StringBuilder b = new StringBuilder();
    for (int i = frames.size() - 1; i >= 0; i--) {
      RecordedFrame f = frames.get(i);
      if (b.length() > 0) {
        b.append(';');
      }
      b.append(f.getMethod().getType().getName()).append('.').append(f.getMethod().getName());
    }
    if (trace.isTruncated()) {
      b.insert(0, "[truncated];");
    }
    return b.toString().replace(' ', '_');
  }
}
