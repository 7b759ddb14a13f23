package dev.kvbench.workload.trace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * Which trace a replay cell replays and how fast: as fast as the store takes the operations (a
 * closed loop: the store's speed), or at the trace's recorded timing sped up by a factor (an open
 * loop: each operation is intended at the pass's start plus its recorded offset over the factor,
 * waits for that moment, and its latency counts from it, so a stall's queue is counted). Written
 * as the traces axis's value: {@code FILE} or {@code FILE@SPEEDx}, e.g. {@code orders.kvbtrace@1x}
 * (the recorded timing), {@code @2x} (twice its rate).
 *
 * @param trace the trace file
 * @param speed the factor on the recorded rate; 0 for as fast as possible
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public record ReplaySpec(Path trace, double speed) {

  /** The speed of a replay that does not wait: as fast as the store goes. */
  public static final double AS_FAST_AS_POSSIBLE = 0;

  /** The most a recorded rate is sped up: beyond it an operation's place is below the clock's grain. */
  public static final double MOST_SPEED = 1_000;

  private static final Pattern SPEED = Pattern.compile("(.+)@([0-9]+(?:\\.[0-9]+)?)x");

  public ReplaySpec {
    if (!(speed >= 0) || speed > MOST_SPEED) {
      throw new IllegalArgumentException("a replay's speed is 0 (as fast as possible) or a factor up to " + MOST_SPEED
          + " on the recorded rate, not " + speed);
    }
  }

  /**
   * {@code text} as a traces axis value: a path, or a path and {@code @SPEEDx}; a file whose own
   * name ends so is that file. Throws IllegalArgumentException naming the text where the speed is no factor.
   */
  public static ReplaySpec parse(String text) {
    Matcher m = SPEED.matcher(text);
    boolean file = Files.exists(Path.of(text));
    if (file || !m.matches()) {
      if (!file && text.matches(".*@[^/]*x")) {
        throw new IllegalArgumentException("trace " + text + ": the replay's speed after @ is a factor on the recorded"
            + " rate, e.g. @1x (the recorded timing), @2x or @0.5x");
      }
      return new ReplaySpec(Path.of(text), AS_FAST_AS_POSSIBLE);
    }
    double speed = Double.parseDouble(m.group(2));
    if (speed <= 0 || speed > MOST_SPEED) {
      throw new IllegalArgumentException("trace " + text + ": the replay's speed is a factor above 0 and at most "
          + (int) MOST_SPEED + " on the recorded rate, e.g. @1x (the recorded timing)");
    }
    return new ReplaySpec(Path.of(m.group(1)), speed);
  }

  /** Whether operations wait for their recorded time. */
  public boolean timed() {
    return speed > 0;
  }

  /** {@code @2x} for a timed replay, empty for one as fast as possible: what follows the file in the axis value. */
  public String suffix() {
    if (!timed()) {
      return "";
    }
    return "@" + (speed == Math.rint(speed) ? Long.toString((long) speed) : String.format(Locale.ROOT, "%s", speed)) + "x";
  }

  /** The axis value: the file and its suffix. */
  public String text() {
    return trace + suffix();
  }

  /** The trace's file name and its suffix, as a cell id names them: {@code orders.kvbtrace@1x}. */
  public String fileName() {
    return trace.getFileName() + suffix();
  }

  /** The replay in words, as a table's heading says it: {@code trace orders.kvbtrace at its recorded timing}. */
  public String label() {
    String file = "trace " + trace.getFileName();
    if (!timed()) {
      return file;
    }
    return file + (speed == 1 ? " at its recorded timing" : " at " + suffix().substring(1) + " its recorded rate");
  }
}
