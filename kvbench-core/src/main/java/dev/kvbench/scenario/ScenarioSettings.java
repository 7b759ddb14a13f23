package dev.kvbench.scenario;

import java.time.Duration;
import java.util.List;

/**
 * The scenario's own settings at the top of its file, one row each, as a section's are: the seed,
 * the cell timeout and the latency sampling. {@link Scenario} holds their values ({@link
 * Section#TOP}).
 */
public final class ScenarioSettings {

  private ScenarioSettings() {}

  public static final Setting<Scenario, Long> SEED = Setting.<Scenario, Long>of("", "seed")
      .flag("--seed", "LONG", "The random seed of key order, values and latency sampling (default: 20160710).")
      .one(Setting.number(Long::parseLong), String::valueOf)
      .in(Scenario::seed, Scenario::withSeed)
      .build();

  public static final Setting<Scenario, Duration> CELL_TIMEOUT = Setting.<Scenario, Duration>of("", "cellTimeout")
      .flag("--timeout", "DURATION", "A cell running longer is killed after a thread dump and recorded failed,"
          + " e.g. 30m (default: the scenario's cellTimeout, 1h where it gives none; quick's is 20m).")
      .one(Durations::parse, timeout -> timeout.toSeconds() + "s")
      .in(Scenario::cellTimeout, Scenario::withCellTimeout)
      .build();

  public static final Setting<Scenario, Integer> LATENCY_SAMPLE = Setting.<Scenario, Integer>of("", "latencySample")
      .flag("--latency-sample", "N", "Time about one op in N for the latency percentiles of write and readKey"
          + " (default: 64); 1 times every op and slows the pass.")
      .one(Setting.number(Integer::parseInt), String::valueOf)
      .in(Scenario::latencySample, Scenario::withLatencySample)
      .build();

  public static final Setting<Scenario, Sla> SLA = Setting.<Scenario, Sla>of("", "sla")
      .flag("--sla", "CONDITIONS", "A latency budget for a rate sweep: percentiles of the latency from each op's"
          + " intended start, each at most a duration, e.g. 'p99<=2ms' or 'p99<=2ms,p999<=10ms' (p50, p90, p99, p999"
          + " or p99.9, max; ns, us, ms, s). Each rate of --rate's list is judged by it, saturated where the clients"
          + " achieved under 95 percent of the rate, and the run reports each store's capacity: the highest rate that met"
          + " it (default: none).")
      .one(Sla::parse, sla -> sla.given() ? sla.toString() : null)
      .in(Scenario::sla, (s, sla) -> s.withGoal(s.goal().withSla(sla)))
      .build();

  public static final Setting<Scenario, Double> RATE_START = Setting.<Scenario, Double>of("", "rateStart")
      .flag("--rate-start", "OPS/S", "The first rate --rate auto tries, ops per second over all clients (default:"
          + " 1k); it doubles from there until a rate breaks the SLA, or halves while the lowest does.")
      .one(Axes::rate, rate -> rate == RateSearch.DEFAULT.startRate() ? null : Axes.rateText(rate))
      .in(s -> s.search().startRate(), (s, rate) -> s.withGoal(s.goal().withSearch(new RateSearch(rate, s.search().precisionPercent(),
          s.search().maxPoints()))))
      .build();

  public static final Setting<Scenario, Double> RATE_PRECISION = Setting.<Scenario, Double>of("", "ratePrecision")
      .flag("--rate-precision", "PERCENT", "--rate auto bisects until the lowest rate that broke the SLA is at most"
          + " this many percent above the highest that met it (default: 5).")
      .one(Setting.number(t -> Double.parseDouble(t.trim().replace("%", ""))),
          p -> p == RateSearch.DEFAULT.precisionPercent() ? null : String.valueOf(p))
      .in(s -> s.search().precisionPercent(), (s, p) -> s.withGoal(s.goal().withSearch(new RateSearch(s.search().startRate(), p,
          s.search().maxPoints()))))
      .build();

  /** Every row, in the order a scenario file writes them. */
  public static final List<Setting<Scenario, ?>> ALL = List.of(SEED, CELL_TIMEOUT, LATENCY_SAMPLE, SLA, RATE_START,
      RATE_PRECISION);
}
