package dev.kvbench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * How a target rate varies over a pass: a factor on the rate at each moment, whose mean over a
 * cycle is 1 for the shapes that cycle (sine, bursts), so the rate is still the mean. {@code
 * constant}; {@code steps:F1/F2/...@D} (the rate times F1 for D, then F2 ..., the last held: a step
 * test); {@code sine:P/A} (1 + A·sin(2πt/P), A below 1: the diurnal swing db_bench's mixgraph and
 * YCSB users ask for); {@code bursts:E/L/F} (F times the rate for L of every E, the rest lower so
 * the mean holds). Durations as {@code 500ms}, {@code 5s}, {@code 2m}; parts split by '/', since a
 * comma separates a swept axis's values.
 *
 * @param kind which shape
 * @param factors the steps' factors; the sine's amplitude; the bursts' factor
 * @param periodNanos a step's length; the sine's period; the bursts' cycle
 * @param burstNanos a burst's length; 0 for the other shapes
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.7.0")
public record RateShape(Kind kind, List<Double> factors, long periodNanos, long burstNanos) {

  /** The shapes. */
  @API(status = API.Status.EXPERIMENTAL, since = "0.7.0")
  public enum Kind { CONSTANT, STEPS, SINE, BURSTS }

  /** The rate as it is, at every moment. */
  public static final RateShape CONSTANT = new RateShape(Kind.CONSTANT, List.of(), 0, 0);

  public RateShape {
    factors = List.copyOf(factors);
  }

  /** The factor on the rate at {@code nanos} from the pass's start. */
  public double factorAt(long nanos) {
    return switch (kind) {
      case CONSTANT -> 1;
      case STEPS -> factors.get((int) Math.min(factors.size() - 1, nanos / periodNanos));
      case SINE -> 1 + factors.get(0) * Math.sin(2 * Math.PI * (double) nanos / periodNanos);
      case BURSTS -> nanos % periodNanos < burstNanos ? factors.get(0) : quietFactor();
    };
  }

  /** Between bursts: what keeps the cycle's mean at 1. */
  /**
   * The operations a schedule at {@code opsPerSecond} shaped so offers from {@code fromNanos} to
   * {@code toNanos} of the pass: the rate times the shape's factor over the stretch, exactly (a
   * timeline's offered rate beside the one achieved).
   */
  public double opsBetween(double opsPerSecond, long fromNanos, long toNanos) {
    return opsPerSecond * (factorNanos(Math.max(0, toNanos)) - factorNanos(Math.max(0, fromNanos))) / 1e9;
  }

  /** The factor's integral over the pass's first {@code t} nanoseconds. */
  private double factorNanos(long t) {
    return switch (kind) {
      case CONSTANT -> t;
      case STEPS -> {
        double sum = 0;
        int last = factors.size() - 1;
        for (int i = 0; i < last; i++) {
          sum += factors.get(i) * Math.min(periodNanos, Math.max(0, t - i * periodNanos));
        }
        yield sum + factors.get(last) * Math.max(0, t - last * periodNanos);
      }
      case SINE -> t + factors.get(0) * periodNanos / (2 * Math.PI) * (1 - Math.cos(2 * Math.PI * (double) t / periodNanos));
      case BURSTS -> {
        double burst = (double) (t / periodNanos) * burstNanos + Math.min(t % periodNanos, burstNanos);
        yield factors.get(0) * burst + quietFactor() * (t - burst);
      }
    };
  }

  private double quietFactor() {
    return (periodNanos - factors.get(0) * burstNanos) / (periodNanos - burstNanos);
  }

  /** The shape as {@link #parse} takes it: {@code sine:10s/0.5}. */
  public String id() {
    return switch (kind) {
      case CONSTANT -> "constant";
      case STEPS -> "steps:" + String.join("/", factors.stream().map(RateShape::number).toList()) + "@"
          + duration(periodNanos);
      case SINE -> "sine:" + duration(periodNanos) + "/" + number(factors.get(0));
      case BURSTS -> "bursts:" + duration(periodNanos) + "/" + duration(burstNanos) + "/" + number(factors.get(0));
    };
  }

  /** {@code text} as a shape; throws IllegalArgumentException naming it and the forms a shape takes. */
  public static RateShape parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      if (t.equals("constant")) {
        return CONSTANT;
      }
      if (t.startsWith("steps:") && t.contains("@")) {
        String[] parts = t.substring(6).split("@");
        List<Double> steps = new ArrayList<>();
        for (String f : parts[0].split("/")) {
          double v = Double.parseDouble(f.trim());
          if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("a step's factor is above 0");
          }
          steps.add(v);
        }
        return new RateShape(Kind.STEPS, steps, positive(nanos(parts[1])), 0);
      }
      // parts by '/': a comma separates the values of a swept axis
      String[] p = t.contains(":") ? t.substring(t.indexOf(':') + 1).split("/") : new String[0];
      if (t.startsWith("sine:") && p.length == 2) {
        double amplitude = Double.parseDouble(p[1].trim());
        if (!(amplitude >= 0 && amplitude < 1)) {
          throw new IllegalArgumentException("a sine's amplitude is 0 or more and below 1, so the rate stays above 0");
        }
        return new RateShape(Kind.SINE, List.of(amplitude), positive(nanos(p[0])), 0);
      }
      if (t.startsWith("bursts:") && p.length == 3) {
        long every = positive(nanos(p[0]));
        long length = positive(nanos(p[1]));
        double factor = Double.parseDouble(p[2].trim());
        if (length >= every || !(factor > 1) || factor * length >= every) {
          throw new IllegalArgumentException("a burst is shorter than its cycle, its factor above 1, and factor x length"
              + " below the cycle (so the rate between bursts stays above 0)");
        }
        return new RateShape(Kind.BURSTS, List.of(factor), every, length);
      }
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("rate shape '" + text + "': " + (e instanceof NumberFormatException
          ? "not a number where one goes" : e.getMessage()) + "; " + FORMS, e);
    }
    throw new IllegalArgumentException("rate shape '" + text + "': " + FORMS);
  }

  private static final String FORMS = "give constant, steps:F1/F2/...@D (e.g. steps:0.5/1/2@10s), sine:P/A (e.g."
      + " sine:60s/0.5) or bursts:E/L/F (e.g. bursts:10s/1s/3)";

  private static long positive(long nanos) {
    if (nanos <= 0) {
      throw new IllegalArgumentException("a duration is above 0");
    }
    return nanos;
  }

  private static long nanos(String text) {
    String t = text.trim();
    double v;
    long unit;
    if (t.endsWith("ms")) {
      v = Double.parseDouble(t.substring(0, t.length() - 2));
      unit = 1_000_000L;
    } else if (t.endsWith("s")) {
      v = Double.parseDouble(t.substring(0, t.length() - 1));
      unit = 1_000_000_000L;
    } else if (t.endsWith("m")) {
      v = Double.parseDouble(t.substring(0, t.length() - 1));
      unit = 60_000_000_000L;
    } else {
      throw new IllegalArgumentException("a duration has its unit: ms, s or m (" + t + ")");
    }
    return Math.round(v * unit);
  }

  private static String duration(long nanos) {
    return nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + "s" : nanos / 1_000_000 + "ms";
  }

  private static String number(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
