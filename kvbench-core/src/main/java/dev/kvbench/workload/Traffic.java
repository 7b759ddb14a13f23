package dev.kvbench.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How the threaded workloads (readers, readwhilewriting, ycsb-a to ycsb-f) are driven: how many
 * operations or for how long, at what target rate, and the YCSB knobs. The seed phases ignore it.
 *
 * @param rate target operations per second over all client threads (each thread issues its share
 *     on a fixed schedule, and each latency counts from the op's intended start); 0 for none:
 *     each thread issues its next op when the last returns, and latencies are service times
 * @param durationMillis each pass lasts this long; 0 for passes of {@code operations} ops
 * @param operations ops per pass over all client threads (YCSB's operationcount); 0 for the
 *     cell's entry count. The readers workload reads every key per thread instead
 * @param writerRate puts per second of readwhilewriting's writer; 0 for as fast as it can
 * @param zipfianConstant the zipfian constant of the zipfian and latest distributions
 * @param distribution the request distribution of every ycsb phase instead of its own
 *     (YCSB's requestdistribution), or null to keep each workload's
 * @param writerStallMillis test-only: the writer holds its write transaction open this long, once
 *     per pass, to show what a stall does to the readers' latencies; 0 for no stall
 * @param proportions every ycsb phase's operation proportions instead of its own (YCSB's
 *     readproportion, updateproportion, ...), or null to keep each workload's
 * @param fieldWrites what an update writes of a record of fields (YCSB's writeallfields)
 * @param maxScanLength a scan visits 1 to this many entries (YCSB's maxscanlength)
 * @param intervalMillis the interval of a sustained phase's timeline (sustain, churn, readwhilewriting)
 * @param stallBelow an interval of a timeline whose ops fall below this fraction of the median
 *     interval's is counted a stall (0 to 1)
 */
public record Traffic(double rate, long durationMillis, long operations, double writerRate, double zipfianConstant,
    RequestDistribution distribution, long writerStallMillis, java.util.Map<Operation, Double> proportions,
    FieldWrites fieldWrites, int maxScanLength, long intervalMillis, double stallBelow) {

  /** A sustained phase's timeline records an interval this long unless told otherwise: a second, as db_bench's stats. */
  public static final long DEFAULT_INTERVAL_MILLIS = 1000;

  /** An interval with fewer ops than this fraction of the median interval's is a stall, unless told otherwise. */
  public static final double DEFAULT_STALL_BELOW = 0.5;

  /** The traffic of the fields before timelines: a second's interval, stalls below half the median. */
  public Traffic(double rate, long durationMillis, long operations, double writerRate, double zipfianConstant,
      RequestDistribution distribution, long writerStallMillis, java.util.Map<Operation, Double> proportions,
      FieldWrites fieldWrites, int maxScanLength) {
    this(rate, durationMillis, operations, writerRate, zipfianConstant, distribution, writerStallMillis, proportions,
        fieldWrites, maxScanLength, DEFAULT_INTERVAL_MILLIS, DEFAULT_STALL_BELOW);
  }

  /** The lowest target rate, ops (or puts) per second: one every 100 s. Below it a pass never ends in practice. */
  public static final double MIN_RATE = 0.01;

  /**
   * The highest target rate: a billion ops a second over all clients, an op every nanosecond, the
   * clock's own step. No store comes near it, and a schedule finer than the clock cannot be kept.
   */
  public static final double MAX_RATE = 1e9;

  /** Full speed, count-based passes, YCSB's defaults. */
  public static final Traffic DEFAULT = new Traffic(0, 0, 0, 0, Zipfian.DEFAULT_CONSTANT, null, 0, null, FieldWrites.ONE,
      OperationMix.MAX_SCAN_LENGTH);

  /** The traffic of the fields before proportions, field writes and scan lengths could be set: YCSB's defaults for those. */
  public Traffic(double rate, long durationMillis, long operations, double writerRate, double zipfianConstant,
      RequestDistribution distribution, long writerStallMillis) {
    this(rate, durationMillis, operations, writerRate, zipfianConstant, distribution, writerStallMillis, null,
        FieldWrites.ONE, OperationMix.MAX_SCAN_LENGTH);
  }

  public Traffic {
    if (!(rate >= 0) || Double.isInfinite(rate)) {
      throw new IllegalArgumentException("traffic.rate must be a number of ops per second above 0, got " + rate);
    }
    if (rate > 0 && rate < MIN_RATE) {
      throw new IllegalArgumentException("traffic.rate " + rate + " is below " + MIN_RATE + " ops/s (one op every 100 s):"
          + " a pass would not end; give at least " + MIN_RATE + ", or leave the rate out for no target");
    }
    if (rate > MAX_RATE || writerRate > MAX_RATE) {
      throw new IllegalArgumentException("traffic." + (rate > MAX_RATE ? "rate " + number(rate) : "writerRate "
          + number(writerRate)) + " is above " + String.format(Locale.ROOT, "%,.0f", MAX_RATE) + " ops/s, an op"
          + " every nanosecond, which no schedule can keep: give a rate the store could reach, or leave it out for"
          + " full speed");
    }
    if (writerRate > 0 && writerRate < MIN_RATE) {
      throw new IllegalArgumentException("traffic.writerRate " + writerRate + " is below " + MIN_RATE + " puts/s; give at"
          + " least " + MIN_RATE + ", or leave it out for a writer as fast as it can");
    }
    if (durationMillis < 0) {
      throw new IllegalArgumentException("traffic.duration must be positive, e.g. 10s, got " + durationMillis + " ms");
    }
    if (operations < 0) {
      throw new IllegalArgumentException("traffic.operations must be at least 1, got " + operations);
    }
    if (!(writerRate >= 0) || Double.isInfinite(writerRate)) {
      throw new IllegalArgumentException("traffic.writerRate must be puts per second above 0, got " + writerRate);
    }
    Zipfian.checkConstant(zipfianConstant);
    if (proportions != null) {
      proportions = java.util.Map.copyOf(proportions);
      new OperationMix(proportions, RequestDistribution.ZIPFIAN, 1, 1);
    }
    java.util.Objects.requireNonNull(fieldWrites, "fieldWrites");
    if (maxScanLength < 1) {
      throw new IllegalArgumentException("maxscanlength must be at least 1 (YCSB's default is 100), got " + maxScanLength);
    }
    // documents written before timelines hold neither: 0 reads as the default
    intervalMillis = intervalMillis == 0 ? DEFAULT_INTERVAL_MILLIS : intervalMillis;
    stallBelow = stallBelow == 0 ? DEFAULT_STALL_BELOW : stallBelow;
    if (intervalMillis < 1) {
      throw new IllegalArgumentException("traffic.interval must be at least 1 ms, e.g. 1s, got " + intervalMillis + " ms");
    }
    if (!(stallBelow > 0 && stallBelow < 1)) {
      throw new IllegalArgumentException("traffic.stallBelow must be a fraction above 0 and below 1 (0.5: half the median"
          + " interval's ops), got " + stallBelow);
    }
    if (writerStallMillis < 0) {
      throw new IllegalArgumentException("traffic.writerStall must be a positive duration, got " + writerStallMillis + " ms");
    }
  }

  public boolean hasRate() {
    return rate > 0;
  }

  public boolean timed() {
    return durationMillis > 0;
  }

  public Traffic withRate(double r) {
    return new Traffic(r, durationMillis, operations, writerRate, zipfianConstant, distribution, writerStallMillis,
        proportions, fieldWrites, maxScanLength, intervalMillis, stallBelow);
  }

  public Traffic withDurationMillis(long d) {
    return new Traffic(rate, d, operations, writerRate, zipfianConstant, distribution, writerStallMillis,
        proportions, fieldWrites, maxScanLength, intervalMillis, stallBelow);
  }

  public Traffic withOperations(long o) {
    return new Traffic(rate, durationMillis, o, writerRate, zipfianConstant, distribution, writerStallMillis,
        proportions, fieldWrites, maxScanLength, intervalMillis, stallBelow);
  }

  public Traffic withWriterRate(double w) {
    return new Traffic(rate, durationMillis, operations, w, zipfianConstant, distribution, writerStallMillis,
        proportions, fieldWrites, maxScanLength, intervalMillis, stallBelow);
  }

  public Traffic withZipfianConstant(double z) {
    return new Traffic(rate, durationMillis, operations, writerRate, z, distribution, writerStallMillis,
        proportions, fieldWrites, maxScanLength, intervalMillis, stallBelow);
  }

  public Traffic withDistribution(RequestDistribution d) {
    return new Traffic(rate, durationMillis, operations, writerRate, zipfianConstant, d, writerStallMillis,
        proportions, fieldWrites, maxScanLength, intervalMillis, stallBelow);
  }

  public Traffic withWriterStallMillis(long s) {
    return new Traffic(rate, durationMillis, operations, writerRate, zipfianConstant, distribution, s, proportions,
        fieldWrites, maxScanLength, intervalMillis, stallBelow);
  }

  /** Every ycsb phase with these proportions (they must sum to 1). */
  public Traffic withProportions(java.util.Map<Operation, Double> p) {
    return new Traffic(rate, durationMillis, operations, writerRate, zipfianConstant, distribution, writerStallMillis, p,
        fieldWrites, maxScanLength, intervalMillis, stallBelow);
  }

  public Traffic withFieldWrites(FieldWrites f) {
    return new Traffic(rate, durationMillis, operations, writerRate, zipfianConstant, distribution, writerStallMillis,
        proportions, f, maxScanLength, intervalMillis, stallBelow);
  }

  public Traffic withMaxScanLength(int m) {
    return new Traffic(rate, durationMillis, operations, writerRate, zipfianConstant, distribution, writerStallMillis,
        proportions, fieldWrites, m, intervalMillis, stallBelow);
  }

  public Traffic withIntervalMillis(long i) {
    return new Traffic(rate, durationMillis, operations, writerRate, zipfianConstant, distribution, writerStallMillis,
        proportions, fieldWrites, maxScanLength, i, stallBelow);
  }

  public Traffic withStallBelow(double f) {
    return new Traffic(rate, durationMillis, operations, writerRate, zipfianConstant, distribution, writerStallMillis,
        proportions, fieldWrites, maxScanLength, intervalMillis, f);
  }

  /** Operations per pass for a cell of {@code entries}. */
  public long operationsFor(long entries) {
    return operations > 0 ? operations : entries;
  }

  /** What sets this apart from the defaults, for a cell's id; empty for the defaults. */
  public String idSuffix() {
    List<String> parts = new ArrayList<>();
    if (rate > 0) {
      parts.add("rate=" + number(rate));
    }
    if (durationMillis > 0) {
      parts.add("duration=" + durationMillis + "ms");
    }
    if (operations > 0) {
      parts.add("ops=" + operations);
    }
    if (writerRate > 0) {
      parts.add("writerRate=" + number(writerRate));
    }
    if (zipfianConstant != Zipfian.DEFAULT_CONSTANT) {
      parts.add("zipfian=" + number(zipfianConstant));
    }
    if (distribution != null) {
      parts.add("distribution=" + distribution.id());
    }
    if (writerStallMillis > 0) {
      parts.add("writerStall=" + writerStallMillis + "ms");
    }
    if (proportions != null) {
      parts.add("mix=" + proportionsText(proportions));
    }
    if (fieldWrites != FieldWrites.ONE) {
      parts.add("writeallfields");
    }
    if (maxScanLength != OperationMix.MAX_SCAN_LENGTH) {
      parts.add("maxscanlength=" + maxScanLength);
    }
    if (intervalMillis != DEFAULT_INTERVAL_MILLIS) {
      parts.add("interval=" + intervalMillis + "ms");
    }
    if (stallBelow != DEFAULT_STALL_BELOW) {
      parts.add("stallBelow=" + number(stallBelow));
    }
    return parts.isEmpty() ? "" : " " + String.join(" ", parts);
  }

  /** {@code read=0.5,update=0.5}: proportions as a scenario file and a cell id write them. */
  public static String proportionsText(java.util.Map<Operation, Double> p) {
    return java.util.Arrays.stream(Operation.values()).filter(p::containsKey)
        .map(o -> o.id() + "=" + number(p.get(o))).collect(java.util.stream.Collectors.joining(","));
  }

  /** Parses {@link #proportionsText}; throws IllegalArgumentException naming the fix. */
  public static java.util.Map<Operation, Double> parseProportions(String text) {
    java.util.Map<Operation, Double> p = new java.util.EnumMap<>(Operation.class);
    for (String part : text.split(",")) {
      String[] kv = part.trim().split("=", 2);
      Operation op = java.util.Arrays.stream(Operation.values()).filter(o -> o.id().equals(kv[0].trim())).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("unknown operation '" + kv[0].trim() + "' in proportions '"
              + text + "'; use read, update, insert, scan, readModifyWrite, e.g. read=0.5,update=0.5"));
      if (kv.length < 2) {
        throw new IllegalArgumentException("proportion of " + op.id() + " missing in '" + text + "'; write it as "
            + op.id() + "=0.5");
      }
      p.put(op, Double.parseDouble(kv[1].trim()));
    }
    return p;
  }

  private static String number(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
  }
}
