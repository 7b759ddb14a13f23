package dev.kvbench.scenario;

import dev.kvbench.workload.FieldWrites;
import dev.kvbench.workload.OperationMix;
import dev.kvbench.workload.RequestDistribution;
import dev.kvbench.workload.Traffic;
import dev.kvbench.workload.Zipfian;
import java.util.List;

/**
 * The {@code traffic:} section's settings, one row each: what the threaded phases' clients issue
 * (a target rate, a duration or a count of ops, the writer's rate, the request distribution and
 * its constant) and YCSB's mix (proportions, field writes, scan length), which {@link Traffic}
 * holds. A file's 0 means none (no target, a count of ops); a flag given 0 is refused.
 */
public final class TrafficSettings {

  private TrafficSettings() {}

  /**
   * A scenario file's one rate for the threaded phases ({@code traffic.rate}); {@code --rate} and
   * {@code matrix.rates} sweep rates as an axis ({@link Axes#RATES}), which replaces it.
   */
  public static final Setting<Traffic, Double> RATE = Setting.<Traffic, Double>of("traffic", "rate")
      .one(Setting.number(Double::parseDouble), r -> r > 0 ? String.valueOf(r) : null)
      .in(Traffic::rate, Traffic::withRate)
      .build();

  public static final Setting<Traffic, Long> DURATION = Setting.<Traffic, Long>of("traffic", "duration")
      .flag("--duration", "DURATION", "Each pass of a threaded phase lasts this long (e.g. 500ms, 10s, 5m) instead"
          + " of a count of ops; ops per interval are recorded for the throughput-over-time chart.")
      .one(Durations::millis, ms -> ms > 0 ? ms + "ms" : null)
      .flagRefuses(ms -> ms >= 1 ? null : "must be at least 1 ms, e.g. 10s, got " + ms + " ms; leave it out for"
          + " passes of a count of ops")
      .in(Traffic::durationMillis, Traffic::withDurationMillis)
      .build();

  public static final Setting<Traffic, Long> OPERATIONS = Setting.<Traffic, Long>of("traffic", "operations")
      .flag("--operations", "N", "Ops per pass of a ycsb phase over all client threads, YCSB's operationcount"
          + " (default: the entry count).")
      .one(Counts::parse, n -> n > 0 ? String.valueOf(n) : null)
      .flagRefuses(n -> n >= 1 ? null : "must be at least 1, got " + n + "; leave it out for one op per entry")
      .in(Traffic::operations, Traffic::withOperations)
      .build();

  /** A scenario file's one rate for readwhilewriting's writer; {@code --writer-rate} sweeps it ({@link Axes#WRITER_RATES}). */
  public static final Setting<Traffic, Double> WRITER_RATE = Setting.<Traffic, Double>of("traffic", "writerRate")
      .one(Setting.number(Double::parseDouble), r -> r > 0 ? String.valueOf(r) : null)
      .in(Traffic::writerRate, Traffic::withWriterRate)
      .build();

  public static final Setting<Traffic, Double> ZIPFIAN_CONSTANT = Setting.<Traffic, Double>of("traffic",
          "zipfianConstant")
      .flag("--zipfian-constant", "THETA", "Constant of the zipfian and latest request distributions, above 0 and"
          + " below 1 (default: 0.99, YCSB's).")
      .one(Setting.number(Double::parseDouble), z -> z == Zipfian.DEFAULT_CONSTANT ? null : String.valueOf(z))
      .in(Traffic::zipfianConstant, Traffic::withZipfianConstant)
      .build();

  public static final Setting<Traffic, RequestDistribution> DISTRIBUTION = Setting.<Traffic, RequestDistribution>of(
          "traffic", "distribution")
      .flag("--distribution", "NAME", "Request distribution of every ycsb phase instead of its own: YCSB's"
          + " requestdistribution (uniform, zipfian, latest, hotspot, exponential, sequential), or zipfian-loaded,"
          + " not YCSB's: a zipfian over exactly the loaded keys.")
      .one(RequestDistribution::fromId, d -> d == null ? null : d.id())
      .in(Traffic::distribution, Traffic::withDistribution)
      .build();

  /** A test's: the writer of readwhilewriting stops this long, to show coordinated omission. */
  public static final Setting<Traffic, Long> WRITER_STALL = Setting.<Traffic, Long>of("traffic", "writerStall")
      .hiddenFlag("--writer-stall", "DURATION")
      .one(Durations::millis, ms -> ms > 0 ? ms + "ms" : null)
      .in(Traffic::writerStallMillis, Traffic::withWriterStallMillis)
      .build();

  public static final Setting<Traffic, java.util.Map<dev.kvbench.workload.Operation, Double>> PROPORTIONS =
      Setting.<Traffic, java.util.Map<dev.kvbench.workload.Operation, Double>>of("traffic", "proportions")
          .one(Traffic::parseProportions, p -> p == null ? null : Traffic.proportionsText(p))
          .in(Traffic::proportions, Traffic::withProportions)
          .build();

  public static final Setting<Traffic, FieldWrites> WRITE_ALL_FIELDS = Setting.<Traffic, FieldWrites>of("traffic",
          "writeAllFields")
      .one(YcsbTexts::fieldWrites, f -> f == FieldWrites.ALL ? "true" : null)
      .in(Traffic::fieldWrites, Traffic::withFieldWrites)
      .build();

  public static final Setting<Traffic, Integer> MAX_SCAN_LENGTH = Setting.<Traffic, Integer>of("traffic",
          "maxScanLength")
      .one(Setting.number(Integer::parseInt), n -> n == OperationMix.MAX_SCAN_LENGTH ? null : String.valueOf(n))
      .in(Traffic::maxScanLength, Traffic::withMaxScanLength)
      .build();

  public static final Setting<Traffic, Long> INTERVAL = Setting.<Traffic, Long>of("traffic", "interval")
      .flag("--interval", "DURATION", "Interval of the timeline of the sustained phases (sustain, churn,"
          + " readwhilewriting) and of a phase at a set rate: ops (and those the rate offered), latency percentiles,"
          + " storage, device bytes, CPU and the store's own statistics are recorded once per interval (default: 1s).")
      .one(Durations::millis, ms -> ms == Traffic.DEFAULT_INTERVAL_MILLIS ? null : ms + "ms")
      .flagRefuses(ms -> ms >= 1 ? null : "must be at least 1 ms, e.g. 1s, got " + ms + " ms")
      .in(Traffic::intervalMillis, Traffic::withIntervalMillis)
      .build();

  public static final Setting<Traffic, Double> STALL_BELOW = Setting.<Traffic, Double>of("traffic", "stallBelow")
      .flag("--stall-below", "FRACTION", "An interval of a timeline whose ops fall below this fraction of the median"
          + " interval's is counted a stall (default: 0.5).")
      .one(Setting.number(Double::parseDouble), f -> f == Traffic.DEFAULT_STALL_BELOW ? null : String.valueOf(f))
      .flagRefuses(f -> f > 0 && f < 1 ? null : "must be a fraction above 0 and below 1, got " + f)
      .in(Traffic::stallBelow, Traffic::withStallBelow)
      .build();

  /** Every row, in the order a scenario file writes them and flags apply. */
  public static final List<Setting<Traffic, ?>> ALL = List.of(RATE, DURATION, OPERATIONS, WRITER_RATE,
      ZIPFIAN_CONSTANT, DISTRIBUTION, WRITER_STALL, PROPORTIONS, WRITE_ALL_FIELDS, MAX_SCAN_LENGTH, INTERVAL, STALL_BELOW);
}
