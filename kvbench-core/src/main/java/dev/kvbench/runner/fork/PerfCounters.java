package dev.kvbench.runner.fork;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PassResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Hardware events per op ({@code --counters}), as JMH's perfnorm gives them: each forked cell's
 * JVM runs under {@code perf stat -I 10}, which writes every event's count every 10 ms; each
 * measured pass then gets the counts of the intervals it spans (an interval that straddles the
 * pass's start or end counts in proportion), divided by its ops. Only the measured passes count:
 * the JVM's start, warm-up and verification do not.
 */
public final class PerfCounters {

  /** What is counted, in perf's names. */
  public static final List<String> EVENTS = List.of("instructions", "cycles", "cache-misses", "branch-misses");

  /** perf stat's interval, ms: its shortest. */
  static final int INTERVAL_MILLIS = 10;

  private PerfCounters() {}

  /**
   * Why {@code perf} cannot count {@link #EVENTS} here (no perf, no permission, or a host without
   * hardware counters, as a VM without a PMU), or null when it can; asks perf to count them over
   * {@code true}.
   */
  public static String unavailableReason(String perf) {
    List<String> cmd = new ArrayList<>(List.of(perf, "stat", "-x,", "-e", String.join(",", EVENTS), "true"));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return perf + " stat did not finish in 30 s";
      }
      List<String> missing = new ArrayList<>();
      for (String line : out.lines().toList()) {
        String[] f = line.split(",", -1);
        if (f.length > 3 && EVENTS.contains(f[2]) && !f[0].matches("[0-9.]+")) {
          missing.add(f[2] + " " + f[0]);
        }
      }
      if (!missing.isEmpty()) {
        return "perf stat reports " + String.join(", ", missing) + ": this host has no hardware performance counters"
            + " (a VM without a virtual PMU)";
      }
      if (p.exitValue() != 0) {
        return perf + " stat failed (exit " + p.exitValue() + "): " + out.lines().findFirst().orElse("");
      }
      return null;
    } catch (IOException e) {
      return "cannot run " + perf + ": " + e.getMessage() + " (install linux-perf, or point jvm.counters at a perf)";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted while asking " + perf;
    }
  }

  /** What a cell's command line starts with to count into {@code out}. */
  static List<String> prefix(String perf, Path out) {
    return List.of(perf, "stat", "-x,", "-I", Integer.toString(INTERVAL_MILLIS), "-e", String.join(",", EVENTS), "-o",
        out.toString(), "--");
  }

  /**
   * When perf started the cell's JVM, which is when its counting began: the JVM's own start, which
   * it writes to {@code file} first thing (a few ms after its exec); {@code launched} where it
   * wrote none.
   */
  static long workloadStart(Path file, long launched) {
    try {
      return Long.parseLong(Files.readString(file).trim());
    } catch (IOException | NumberFormatException e) {
      return launched;
    }
  }

  /** One event's count over one interval, its span in epoch milliseconds. */
  record Interval(String event, double start, double end, double count) {}

  /**
   * The intervals perf wrote to {@code file}, its times (seconds since perf started) placed from
   * {@code launchEpochMillis}, when the parent started it.
   */
  static List<Interval> read(Path file, long launchEpochMillis) throws IOException {
    List<Interval> intervals = new ArrayList<>();
    Map<String, Double> previous = new HashMap<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String[] f = line.trim().split(",", -1);
      if (line.startsWith("#") || f.length < 4 || !EVENTS.contains(f[3]) || !f[1].matches("[0-9.]+")) {
        continue;
      }
      double end = launchEpochMillis + Double.parseDouble(f[0]) * 1000;
      double start = previous.getOrDefault(f[3], (double) launchEpochMillis);
      previous.put(f[3], end);
      intervals.add(new Interval(f[3], start, end, Double.parseDouble(f[1])));
    }
    return intervals;
  }

  /** {@code result} with every measured pass's events per op, from {@code intervals}. */
  static CellResult countedIn(CellResult result, List<Interval> intervals) {
    if (intervals.isEmpty()) {
      return result;
    }
    return result.withPhases(result.phases().stream().map(p -> p.withPasses(pass -> perOp(pass, intervals))).toList());
  }

  private static PassResult perOp(PassResult pass, List<Interval> intervals) {
    if (pass.startEpochMillis() <= 0 || pass.ops() <= 0) {
      return pass;
    }
    double from = pass.startEpochMillis();
    double to = from + pass.passMillis();
    Map<String, Double> sums = new HashMap<>();
    for (Interval i : intervals) {
      double overlap = Math.min(to, i.end()) - Math.max(from, i.start());
      if (overlap > 0 && i.end() > i.start()) {
        sums.merge(i.event(), i.count() * overlap / (i.end() - i.start()), Double::sum);
      }
    }
    Map<String, Double> perOp = new HashMap<>();
    sums.forEach((event, n) -> perOp.put(event, n / pass.ops()));
    return perOp.isEmpty() ? pass : pass.withCounters(perOp);
  }
}
