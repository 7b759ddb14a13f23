package dev.kvbench.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.apiguardian.api.API;

/**
 * A latency budget: one or more percentiles of the latency from each op's intended start, each at
 * most a duration ({@code p99<=2ms,p999<=10ms}). A point of a rate sweep meets it when every
 * condition holds; the highest rate that meets it is the store's capacity at it.
 *
 * @param conditions the percentiles and their limits, in the order given; none for no SLA
 */
@API(status = API.Status.STABLE, since = "0.7.0")
public record Sla(List<Condition> conditions) {

  /** No SLA. */
  public static final Sla NONE = new Sla(List.of());

  /**
   * One percentile at most a limit.
   *
   * @param percentile 0 to 100; 100 is the largest latency ({@code max})
   * @param limitNanos the longest latency the percentile may be
   * @param text as given, normalised ({@code p99<=2ms})
   */
  @API(status = API.Status.STABLE, since = "0.7.0")
  public record Condition(double percentile, long limitNanos, String text) {

    /** The percentile's value in {@code latencies} (HdrHistogram's, so the same value every output shows). */
    public long valueIn(Histogram latencies) {
      return valueAt(latencies, percentile);
    }

    /** The percentile as outputs name it: p50, p99, p99.9, max. */
    public String percentileName() {
      return Sla.percentileName(percentile);
    }
  }

  public Sla {
    conditions = List.copyOf(conditions);
  }

  private static final Pattern CONDITION = Pattern.compile("(p[0-9.]+|max)\\s*(<=|<)\\s*([0-9.]+)\\s*([a-zµ]+)");

  /**
   * An SLA as written: conditions joined by commas, each a percentile ({@code p50}, {@code p99},
   * {@code p999} or {@code p99.9}, {@code p9999}, {@code max}), {@code <=} (or {@code <}), and a
   * duration with its unit (ns, us or µs, ms, s). Throws IllegalArgumentException naming what is
   * wrong and how to write it.
   */
  public static Sla parse(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("the SLA is empty; write it as a percentile at most a duration, e.g."
          + " p99<=2ms, or several joined by commas: p99<=2ms,p999<=10ms");
    }
    List<Condition> conditions = new ArrayList<>();
    for (String part : text.split(",")) {
      String t = part.trim().toLowerCase(Locale.ROOT);
      Matcher m = CONDITION.matcher(t);
      if (!m.matches()) {
        throw new IllegalArgumentException(problem(part.trim()));
      }
      double percentile = m.group(1).equals("max") ? 100 : percentile(m.group(1), part.trim());
      long limit = nanos(m.group(3), m.group(4), part.trim());
      Condition c = new Condition(percentile, limit, percentileName(percentile) + "<=" + durationText(limit));
      if (conditions.stream().anyMatch(o -> o.percentile() == c.percentile())) {
        throw new IllegalArgumentException("the SLA " + text.trim() + " names " + c.percentileName() + " twice; give"
            + " each percentile once");
      }
      conditions.add(c);
    }
    return new Sla(conditions);
  }

  /** {@code percentile} (0 to 100, 100 the largest) of the latency at most {@code limit}: for the library. */
  public static Sla of(double percentile, Duration limit) {
    return NONE.and(percentile, limit);
  }

  /** The 99th percentile at most {@code limit}. */
  public static Sla p99(Duration limit) {
    return of(99, limit);
  }

  /** This SLA and {@code percentile} at most {@code limit} too. */
  public Sla and(double percentile, Duration limit) {
    if (!(percentile > 0 && percentile <= 100)) {
      throw new IllegalArgumentException("an SLA's percentile is above 0 and at most 100 (the largest latency), got "
          + percentile);
    }
    if (limit.isNegative() || limit.isZero()) {
      throw new IllegalArgumentException("an SLA's limit is a positive duration, got " + limit);
    }
    long nanos = limit.toNanos();
    List<Condition> next = new ArrayList<>(conditions);
    next.add(new Condition(percentile, nanos, percentileName(percentile) + "<=" + durationText(nanos)));
    return parse(String.join(",", next.stream().map(Condition::text).toList()));
  }

  /** Whether there are conditions. */
  public boolean given() {
    return !conditions.isEmpty();
  }

  /** The first condition {@code latencies} breaks, or null when it meets every one. */
  public Condition brokenBy(Histogram latencies) {
    for (Condition c : conditions) {
      if (c.valueIn(latencies) > c.limitNanos()) {
        return c;
      }
    }
    return null;
  }

  /** As written back: {@code p99<=2ms,p99.9<=10ms}; empty for none. */
  @Override
  public String toString() {
    return String.join(",", conditions.stream().map(Condition::text).toList());
  }

  private static String problem(String part) {
    if (!part.matches("(?i).*(p[0-9.]+|max).*")) {
      return "the SLA condition '" + part + "' names no percentile; start it with one: p50, p99, p999 (99.9), max,"
          + " e.g. p99<=2ms";
    }
    if (!part.contains("<")) {
      return "the SLA condition '" + part + "' has no limit; write the percentile at most a duration: p99<=2ms";
    }
    Matcher unit = Pattern.compile("(?i)<=?\\s*[0-9.]+\\s*([^0-9.\\s]*)\\s*$").matcher(part);
    if (unit.find() && unit.group(1).isEmpty()) {
      return "the limit of the SLA condition '" + part + "' has no unit; give ns, us, ms or s, e.g. p99<=2ms";
    }
    if (unit.find(0)) {
      return "'" + unit.group(1) + "' in the SLA condition '" + part + "' is not a unit of duration; give ns, us, ms"
          + " or s, e.g. p99<=2ms";
    }
    return "the SLA condition '" + part + "' does not read as a percentile at most a duration, e.g. p99<=2ms or"
        + " p999<10ms";
  }

  /** p50 is 50, p99 99, p999 99.9, p9999 99.99 (YCSB's and HdrHistogram's names: the digits after 99 are decimals), p99.9 as written. */
  private static double percentile(String name, String part) {
    String digits = name.substring(1);
    double p;
    try {
      if (digits.length() > 2 && digits.startsWith("99") && !digits.contains(".")) {
        p = Double.parseDouble("99." + digits.substring(2));
      } else {
        p = Double.parseDouble(digits);
      }
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + name + "' in the SLA condition '" + part + "' is not a percentile;"
          + " write p50, p99, p999 or p99.9, or max");
    }
    if (!(p > 0 && p < 100)) {
      throw new IllegalArgumentException("'" + name + "' in the SLA condition '" + part + "' is not a percentile"
          + " between 0 and 100; write p50, p99, p999, or max for the largest latency");
    }
    return p;
  }

  private static long nanos(String number, String unit, String part) {
    double scale = switch (unit) {
      case "ns" -> 1;
      case "us", "µs" -> 1e3;
      case "ms" -> 1e6;
      case "s" -> 1e9;
      default -> throw new IllegalArgumentException("'" + unit + "' in the SLA condition '" + part + "' is not a unit"
          + " of duration; give ns, us, ms or s, e.g. p99<=2ms");
    };
    double value;
    try {
      value = Double.parseDouble(number) * scale;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + number + "' in the SLA condition '" + part + "' is not a number");
    }
    if (!(value >= 1)) {
      throw new IllegalArgumentException("the limit of the SLA condition '" + part + "' is under a nanosecond; give a"
          + " duration a store could meet, e.g. p99<=2ms");
    }
    return Math.round(value);
  }

  /** {@code percentile} (0 to 100; 100 the largest) of {@code latencies}, as HdrHistogram reads it. */
  public static long valueAt(Histogram latencies, double percentile) {
    return percentile >= 100 ? latencies.getMaxValue() : latencies.getValueAtPercentile(percentile);
  }

  /** A percentile as outputs name it. */
  public static String percentileName(double percentile) {
    if (percentile >= 100) {
      return "max";
    }
    return "p" + (percentile == Math.rint(percentile) ? String.valueOf((long) percentile)
        : java.math.BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString());
  }

  /** A limit in the largest unit that writes it whole or with one decimal: 2ms, 1.5ms, 800us. */
  static String durationText(long nanos) {
    String[] units = {"s", "ms", "us", "ns"};
    double[] scales = {1e9, 1e6, 1e3, 1};
    for (int i = 0; i < units.length; i++) {
      double v = nanos / scales[i];
      if (v >= 1) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString() + units[i];
      }
    }
    return nanos + "ns";
  }
}
