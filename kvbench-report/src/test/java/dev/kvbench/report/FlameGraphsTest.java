package dev.kvbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kvbench.result.ProfileRecording;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A flame graph holds only the samples taken inside measured passes: a recording of this JVM
 * spinning in a method of its own, drawn for the span it spun in, and for a span before it.
 */
class FlameGraphsTest {

  @TempDir Path dir;

  static volatile long sink;

  /** Busy in a method whose name the flame graph must show. */
  static void spinForTheFlameGraph(long millis) {
    long end = System.nanoTime() + millis * 1_000_000;
    long x = 0;
    do {
      // the clock read seldom: a sample that lands inside the clock's own code (vDSO, or a system
      // call on a VM's clock source) cannot be walked and is dropped, and a loop that mostly reads
      // the clock once left the graph without a single sample of this method
      for (int i = 0; i < 100_000; i++) {
        x += Long.numberOfTrailingZeros(x + 1);
      }
    } while (System.nanoTime() < end);
    sink = x;
  }

  @Test
  void drawsTheSamplesOfTheMeasuredSpansOnly() throws Exception {
    Path file = dir.resolve("r.jfr");
    long start;
    long end;
    try (Recording r = new Recording(Configuration.getConfiguration("profile"))) {
      r.start();
      start = System.currentTimeMillis();
      spinForTheFlameGraph(1500);
      end = System.currentTimeMillis();
      r.stop();
      r.dump(file);
    }
    ProfileRecording recording = new ProfileRecording(1, file.toString(), "jfr");
    Path html = dir.resolve("flame").resolve("f.html");
    long inside = FlameGraphs.write(recording, List.of(new FlameGraphs.Window(start, end)), html, "spin");
    assertThat(inside).isPositive();
    assertThat(Files.readString(html)).contains("spinForTheFlameGraph", "spin");

    Path none = dir.resolve("flame").resolve("none.html");
    assertThat(FlameGraphs.write(recording, List.of(new FlameGraphs.Window(start - 60_000, start - 30_000)), none,
        "before")).isZero();
    assertThat(none).doesNotExist();
  }
}
