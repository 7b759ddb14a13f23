package dev.kvbench.workload.trace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apiguardian.api.API;

/**
 * Fits db_bench's {@code mixgraph} model ({@link MixgraphModel}) to a trace, in one pass and
 * memory that grows with the trace's distinct keys: the key space (the keys as numbers, their
 * first 8 bytes big-endian, as db_bench and kvbench's int keys are) cut into equal ranges, each
 * range's share of the keyed operations, sorted hottest first and fitted to a two-term
 * exponential (relative least squares, Levenberg-Marquardt), the ranges' order kept as the trace
 * had it; the power law within the hottest range (the cumulative share of its hottest s keys,
 * a·s^b, beside a linear term for the keys the power law's tail scatters); the op mix; the value
 * sizes and seek lengths as generalized Pareto draws (their quantiles); the rate over time as a
 * sine. Then it draws as many keys from the fitted model as it kept of the trace's and says how
 * far apart their distributions over the key space are (the two-sample Kolmogorov-Smirnov D).
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public final class TraceFit {

  /** The most keys kept of the trace (a uniform sample) and drawn from the model, for the distance. */
  public static final int COMPARED_KEYS = 1_000_000;

  /** The width of the rate's first buckets. */
  private static final long RATE_GRAIN_NANOS = 10_000_000;

  /**
   * What a fit found.
   *
   * @param model the fitted model
   * @param keyedOperations the trace's operations with a key, which the model draws
   * @param rangeShares each range's share of them, in key order
   * @param keyDistance the two-sample Kolmogorov-Smirnov D between the trace's keys and the model's
   * @param comparedKeys the keys on each side of that distance
   * @param notes what the fit could not take from the trace, and what it assumed instead
   */
  public record Result(MixgraphModel model, long keyedOperations, List<Double> rangeShares, double keyDistance,
      int comparedKeys, List<String> notes) {}

  private TraceFit() {}

  /**
   * Fits {@code trace} with {@code ranges} key ranges over {@code keys} keys (0: the largest key
   * the trace names, plus one). Throws {@link TraceFormatException} where it is not a whole trace,
   * IllegalArgumentException where it has no keyed operation.
   */
  public static Result fit(Path trace, int ranges, long keys) {
    if (ranges < 1) {
      throw new IllegalArgumentException("a fit cuts the key space into 1 or more ranges, not " + ranges);
    }
    List<String> notes = new ArrayList<>();
    Map<Long, int[]> counts = new HashMap<>();
    Samples sample = new Samples(COMPARED_KEYS, 67);
    Samples putSizes = new Samples(200_000, 1);
    Samples seekLengths = new Samples(200_000, 2);
    long[] byGrain = new long[1024];
    long keyed = 0;
    long gets = 0;
    long puts = 0;
    long seeks = 0;
    long deletes = 0;
    long maxId = 0;
    long first = -1;
    Map<Integer, Long> keyLengths = new HashMap<>();
    boolean pseudonyms;
    try (TraceReader r = TraceReader.open(trace)) {
      pseudonyms = r.header().keyMode() == KeyMode.PSEUDONYMS;
      for (TraceOp op = r.next(); op != null; op = r.next()) {
        if (!op.kind().keyed()) {
          continue;
        }
        long id = id(op.key());
        maxId = Math.max(maxId, id);
        counts.computeIfAbsent(id, k -> new int[1])[0]++;
        sample.add(id);
        keyed++;
        keyLengths.merge(op.keyLength(), 1L, Long::sum);
        switch (op.kind()) {
          case GET, WRITE_GET -> gets++;
          case PUT -> {
            puts++;
            putSizes.add(op.valueSize());
          }
          case DELETE -> deletes++;
          default -> {
            seeks++;
            seekLengths.add(op.entries());
          }
        }
        if (first < 0) {
          first = op.offsetNanos();
        }
        int grain = (int) Math.min(Integer.MAX_VALUE - 8, (op.offsetNanos() - first) / RATE_GRAIN_NANOS);
        if (grain >= byGrain.length) {
          byGrain = Arrays.copyOf(byGrain, Math.max(grain + 1, 2 * byGrain.length));
        }
        byGrain[grain]++;
      }
    }
    if (keyed == 0) {
      throw new IllegalArgumentException("the trace " + trace.getFileName() + " has no operation with a key: there is"
          + " no key popularity to fit");
    }
    if (pseudonyms) {
      notes.add("the trace keeps pseudonyms of its keys: their popularity is the application's, their order and so the"
          + " ranges' locality are the pseudonyms' hash, not the keys'");
    }
    if (deletes > 0) {
      notes.add(deletes + " deletes: mixgraph has none, they are left out of the mix");
    }
    long keySpace = keys > 0 ? keys : maxId + 1;
    if (keySpace <= maxId) {
      throw new IllegalArgumentException("the trace names key " + maxId + ", beyond the " + keySpace + " keys given;"
          + " give more keys, or 0 for the largest the trace names");
    }
    int keySize = keyLengths.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
    int count = (int) Math.min(ranges, keySpace);
    long width = Math.max(1, keySpace / count);
    double[] shares = new double[count];
    counts.forEach((id, c) -> shares[(int) Math.min(count - 1, id / width)] += c[0]);
    List<Double> inKeyOrder = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      shares[i] /= keyed;
      inKeyOrder.add(shares[i]);
    }
    Integer[] order = new Integer[count];
    for (int i = 0; i < count; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Double.compare(shares[y], shares[x]));
    double[] sorted = new double[count];
    for (int i = 0; i < count; i++) {
      sorted[i] = shares[order[i]];
    }
    MixgraphModel.KeyRanges fittedRanges = MixgraphFits.ranges(sorted, List.of(order));
    int hottest = order[0];
    List<Integer> inHottest = new ArrayList<>();
    counts.forEach((id, c) -> {
      if (Math.min(count - 1, id / width) == hottest) {
        inHottest.add(c[0]);
      }
    });
    MixgraphModel.PowerLaw law = MixgraphFits.powerLaw(inHottest, notes);
    double get = (double) gets / keyed;
    double put = (double) puts / keyed;
    double seek = (double) seeks / keyed;
    if (gets + puts + seeks == 0) {
      throw new IllegalArgumentException("the trace " + trace.getFileName() + " has only deletes: mixgraph draws gets,"
          + " puts and seeks");
    }
    MixgraphModel.Pareto values = puts == 0 ? MixgraphModel.FAST20.valueSize()
        : MixgraphFits.pareto(putSizes.sorted(), 10, "value sizes", notes);
    MixgraphModel.Pareto lengths = seeks == 0 ? MixgraphModel.FAST20.scanLength()
        : MixgraphFits.pareto(seekLengths.sorted(), 0, "seek lengths", notes);
    if (puts == 0) {
      notes.add("no puts: the value sizes are FAST'20's");
    }
    if (seeks == 0) {
      notes.add("no seeks: the seek lengths are FAST'20's");
    }
    MixgraphModel.Sine rate = MixgraphFits.sine(byGrain, RATE_GRAIN_NANOS, notes);
    MixgraphModel model = new MixgraphModel(keySpace, keySize, fittedRanges, law,
        new MixgraphModel.Mix(get, put, seek), values, lengths, rate);
    long[] compared = sample.sorted();
    return new Result(model, keyed, List.copyOf(inKeyOrder), keyDistance(model, compared), compared.length,
        List.copyOf(notes));
  }

  /** The two-sample Kolmogorov-Smirnov D between the keys {@code traced} and as many keys of {@code model}. */
  public static double keyDistance(MixgraphModel model, long[] traced) {
    int n = traced.length;
    MixgraphGenerator g = new MixgraphGenerator(model, 0x5EED);
    double[] drawn = new double[n];
    double[] seen = new double[n];
    for (int i = 0; i < n; i++) {
      drawn[i] = g.next().key();
      seen[i] = traced[i];
    }
    return new KolmogorovSmirnovTest().kolmogorovSmirnovStatistic(seen, drawn);
  }

  /** A key as a number: its first 8 bytes big-endian, zeros after a shorter key's end. */
  static long id(byte[] key) {
    long v = 0;
    for (int i = 0; i < 8; i++) {
      v = v << 8 | (i < key.length ? key[i] & 0xFF : 0);
    }
    return v & Long.MAX_VALUE;
  }

  /** A uniform sample of at most {@code size} values, seeded. */
  private static final class Samples {
    private final long[] values;
    private final SplittableRandom random;
    private long seen;

    Samples(int size, long seed) {
      this.values = new long[size];
      this.random = new SplittableRandom(seed);
    }

    void add(long v) {
      if (seen < values.length) {
        values[(int) seen] = v;
      } else {
        long j = random.nextLong(seen + 1);
        if (j < values.length) {
          values[(int) j] = v;
        }
      }
      seen++;
    }

    long[] sorted() {
      long[] s = Arrays.copyOf(values, (int) Math.min(seen, values.length));
      Arrays.sort(s);
      return s;
    }
  }
}
