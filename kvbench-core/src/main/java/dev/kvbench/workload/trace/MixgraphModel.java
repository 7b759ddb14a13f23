package dev.kvbench.workload.trace;

import java.util.List;
import org.apiguardian.api.API;

/**
 * db_bench's {@code mixgraph} workload model (Cao et al., FAST 2020, from Facebook's RocksDB
 * traces; db_bench's flags in brackets): the key space cut into ranges whose hotness follows a
 * two-term exponential, the keys within a range a power law, an op mix of gets, puts and seeks,
 * value sizes and seek lengths from generalized Pareto distributions, and a rate that follows a
 * sine. {@link MixgraphGenerator} makes a trace of it; {@link TraceFit} fits one to a trace.
 *
 * @param keys the keys in the key space ({@code -num}): every one is there before the workload starts
 * @param keySize the bytes of a key ({@code -key_size}): the key id big-endian, padded with '0's
 * @param ranges the key ranges and their hotness
 * @param keyDist the power law within a range
 * @param mix the op mix
 * @param valueSize a put's value size
 * @param scanLength a seek's length
 * @param rate the operations per second over time
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public record MixgraphModel(long keys, int keySize, KeyRanges ranges, PowerLaw keyDist, Mix mix, Pareto valueSize,
    Pareto scanLength, Sine rate) {

  /**
   * The key ranges ({@code -keyrange_num}, {@code -keyrange_dist_a} ... {@code _d}): range at
   * place x (1 the hottest) is chosen with a weight of a·e^(b·x) + c·e^(d·x).
   *
   * @param order which range of the key space (0 the lowest keys) has each place, hottest first;
   *     empty for db_bench's own shuffle (seeded by the weights), which a fit replaces by what the
   *     trace showed
   */
  public record KeyRanges(int count, double a, double b, double c, double d, List<Integer> order) {
    public KeyRanges {
      order = order == null ? List.of() : List.copyOf(order);
      if (count < 1) {
        throw new IllegalArgumentException("a mixgraph model has at least one key range, not " + count);
      }
      if (!order.isEmpty() && (order.size() != count || order.stream().distinct().count() != count
          || order.stream().anyMatch(r -> r < 0 || r >= count))) {
        throw new IllegalArgumentException("a key range order lists each of the " + count + " ranges once: " + order);
      }
    }

    /** The weight of the range at place {@code x} (1 the hottest). */
    public double weight(int x) {
      return a * Math.exp(b * x) + c * Math.exp(d * x);
    }
  }

  /**
   * The keys within a range ({@code -key_dist_a}, {@code -key_dist_b}): the share of a range's
   * accesses that go to its hottest s keys is a·s^b; a or b 0 for every key alike.
   */
  public record PowerLaw(double a, double b) {
    public boolean uniform() {
      return a == 0 || b == 0;
    }
  }

  /** The shares of gets, puts and seeks ({@code -mix_get_ratio}, {@code _put_}, {@code _seek_}), which need not add to 1. */
  public record Mix(double get, double put, double seek) {
    public Mix {
      if (get < 0 || put < 0 || seek < 0 || get + put + seek <= 0) {
        throw new IllegalArgumentException("a mixgraph mix has shares of 0 or more, some above 0: " + get + ", " + put
            + ", " + seek);
      }
    }
  }

  /**
   * A generalized Pareto draw as db_bench makes it: ceil(theta + sigma·(u^-k − 1)/k) for a uniform
   * u (theta − sigma·ln u where k is 0), below 0 made {@code floor}, above {@code max} taken modulo max.
   */
  public record Pareto(double theta, double k, double sigma, int max, int floor) {
    /** The draw for uniform {@code u} in (0, 1]. */
    public long draw(double u) {
      double x = k == 0 ? theta - sigma * Math.log(u) : theta + sigma * (Math.pow(u, -k) - 1) / k;
      long v = (long) Math.ceil(x);
      return v < 0 ? floor : v > max ? v % max : v;
    }
  }

  /**
   * The rate ({@code -sine_a} ... {@code -sine_d}, {@code -sine_mix_rate_interval_milliseconds}):
   * a·sin(b·t + c) + d operations a second at t seconds from the start, set anew every interval.
   */
  public record Sine(double a, double b, double c, double d, long intervalMillis) {
    /** The rate at {@code seconds} from the start, held over its interval; at least 1 op/s. */
    public double at(double seconds) {
      double held = intervalMillis <= 0 ? seconds : Math.floor(seconds * 1e3 / intervalMillis) * intervalMillis / 1e3;
      return Math.max(1, a * Math.sin(b * held + c) + d);
    }
  }

  /**
   * The FAST'20 prefix-distribution example as db_bench's documentation gives it (RocksDB PR 5953's
   * command: {@code -key_dist_a=0.002312 -key_dist_b=0.3467 -keyrange_dist_a=14.18
   * -keyrange_dist_b=-2.917 -keyrange_dist_c=0.0164 -keyrange_dist_d=-0.08082 -keyrange_num=30
   * -value_k=0.2615 -value_sigma=25.45 -iter_k=2.517 -iter_sigma=14.236 -mix_get_ratio=0.85
   * -mix_put_ratio=0.14 -mix_seek_ratio=0.01 -sine_mix_rate_interval_milliseconds=5000 -sine_a=350
   * -sine_b=0.0105 -sine_d=50000 -num=5000000 -key_size=48}), with db_bench's defaults for the
   * rest (value_theta and iter_theta 0, mix_max_value_size 1024, mix_max_scan_len 10000, sine_c 0).
   */
  public static final MixgraphModel FAST20 = new MixgraphModel(5_000_000, 48,
      new KeyRanges(30, 14.18, -2.917, 0.0164, -0.08082, List.of()), new PowerLaw(0.002312, 0.3467),
      new Mix(0.85, 0.14, 0.01), new Pareto(0, 0.2615, 25.45, 1024, 10), new Pareto(0, 2.517, 14.236, 10_000, 0),
      new Sine(350, 0.0105, 0, 50_000, 5_000));

  /** The model as YAML, as {@code kvbench trace fit} writes it and {@link #read} reads it. */
  public String yaml() {
    try {
      return yamlMapper().writeValueAsString(this);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a model did not write as YAML: " + e.getMessage(), e);
    }
  }

  /** Reads a model {@link #yaml} wrote; throws IllegalArgumentException naming the file and what is wrong. */
  public static MixgraphModel read(java.nio.file.Path file) {
    try {
      MixgraphModel m = yamlMapper().readValue(file.toFile(), MixgraphModel.class);
      if (m == null || m.ranges() == null || m.keyDist() == null || m.mix() == null || m.valueSize() == null
          || m.scanLength() == null || m.rate() == null || m.keys() < 1 || m.keySize() < 1) {
        throw new IllegalArgumentException("the model " + file + " lacks keys, keySize, ranges, keyDist, mix,"
            + " valueSize, scanLength or rate: write one with kvbench trace fit");
      }
      return m;
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("the model " + file + " does not read: " + e.getMessage().lines().findFirst()
          .orElse("") + " (write one with kvbench trace fit)", e);
    }
  }

  private static com.fasterxml.jackson.databind.ObjectMapper yamlMapper() {
    return new com.fasterxml.jackson.databind.ObjectMapper(new com.fasterxml.jackson.dataformat.yaml.YAMLFactory())
        .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);
  }

  /** This model with {@code factor} times the keys (each range {@code factor} times as wide). */
  public MixgraphModel withKeysTimes(double factor) {
    return new MixgraphModel(Math.max(ranges.count(), Math.round(keys * factor)), keySize, ranges, keyDist, mix,
        valueSize, scanLength, rate);
  }

  /** This model at {@code factor} times the rate, its swing as its mean. */
  public MixgraphModel withRateTimes(double factor) {
    return new MixgraphModel(keys, keySize, ranges, keyDist, mix, valueSize, scanLength,
        new Sine(rate.a() * factor, rate.b(), rate.c(), rate.d() * factor, rate.intervalMillis()));
  }
}
