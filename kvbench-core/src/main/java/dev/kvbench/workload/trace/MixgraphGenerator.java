package dev.kvbench.workload.trace;

import dev.kvbench.store.ScanDirection;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.apiguardian.api.API;

/**
 * Draws db_bench's {@code mixgraph} operations from a {@link MixgraphModel} and writes them as a
 * trace, each in a transaction of its own, at the model's rate (the trace's clock is the
 * generator's, so a trace of hours is made in seconds). As db_bench's {@code MixGraph} does, one
 * uniform draw in [0, keys) per operation decides its key within its range (the draw modulo the
 * range's width over the width is the power law's u, its seed scrambled onto the range), its kind
 * (the draw modulo 1,000 shares) and its value size or seek length (the draw over the keys as u).
 * Where this differs from db_bench: the range is chosen by a scramble of the draw over the ranges'
 * shares (db_bench takes the draw modulo its shares' total, the same share for every range there),
 * and a range's share is its weight exactly (db_bench rounds it down to whole 1/amplify parts,
 * amplify one over the smallest weight, which leaves its cold ranges up to half as hot as the model
 * says); the scramble of a seed and the ranges' shuffle are SplitMix64's, not mt19937_64's, so the
 * hot keys and ranges are others than db_bench's, alike in number and heat.
 */
@API(status = API.Status.INTERNAL, since = "0.7.0")
public final class MixgraphGenerator {

  /** The value size of every key before the workload (db_bench's {@code -value_size} default). */
  public static final int LOADED_VALUE_SIZE = 100;

  /** The ranges' shares are integers out of this (the weights' precision). */
  private static final long SHARE_SCALE = 1L << 40;

  private final MixgraphModel model;
  private final SplittableRandom random;
  private final long rangeSize;
  /** Per place (0 the hottest), where its share starts in [0, shareTotal). */
  private final long[] starts;
  private final long shareTotal;
  /** Per place, the range of the key space it is. */
  private final int[] rangeAt;
  private final int[] kindBounds;

  /** What a draw is: db_bench's query types. */
  public enum Kind { GET, PUT, SEEK }

  /** One drawn operation: its kind, key id, and a put's value size or a seek's length (else 0). */
  public record Op(Kind kind, long key, long size) {}

  public MixgraphGenerator(MixgraphModel model, long seed) {
    this.model = model;
    this.random = new SplittableRandom(seed);
    MixgraphModel.KeyRanges r = model.ranges();
    this.rangeSize = Math.max(1, model.keys() / r.count());
    this.starts = new long[r.count()];
    double total = 0;
    for (int x = 1; x <= r.count(); x++) {
      total += Math.max(0, r.weight(x));
    }
    if (!(total > 0)) {
      throw new IllegalArgumentException("the key ranges' weights a*exp(b*x) + c*exp(d*x) are not above 0 for any"
          + " range: " + r);
    }
    long at = 0;
    for (int x = 1; x <= r.count(); x++) {
      starts[x - 1] = at;
      at += Math.round(Math.max(0, r.weight(x)) / total * SHARE_SCALE);
    }
    this.shareTotal = at;
    this.rangeAt = new int[r.count()];
    if (r.order().isEmpty()) {
      for (int i = 0; i < rangeAt.length; i++) {
        rangeAt[i] = i;
      }
      // db_bench's shuffle: seeded by the shares, so the same weights put the same ranges hot
      SplittableRandom shuffle = new SplittableRandom(shareTotal);
      for (int i = 0; i < rangeAt.length; i++) {
        int pos = shuffle.nextInt(rangeAt.length);
        int t = rangeAt[i];
        rangeAt[i] = rangeAt[pos];
        rangeAt[pos] = t;
      }
    } else {
      for (int i = 0; i < rangeAt.length; i++) {
        rangeAt[i] = r.order().get(i);
      }
    }
    // db_bench's QueryDecider: 1,000 parts shared by the ratios, each rounded up
    MixgraphModel.Mix m = model.mix();
    double sum = m.get() + m.put() + m.seek();
    kindBounds = new int[3];
    int bound = 0;
    double[] shares = {m.get(), m.put(), m.seek()};
    for (int i = 0; i < 3; i++) {
      bound += (int) Math.ceil(1_000 * shares[i] / sum);
      kindBounds[i] = bound;
    }
  }

  /** The next operation. */
  public Op next() {
    long ini = random.nextLong(model.keys());
    double u = (double) ini / model.keys();
    long key = key(ini);
    int pos = (int) (ini % kindBounds[2]);
    Kind kind = pos < kindBounds[0] ? Kind.GET : pos < kindBounds[1] ? Kind.PUT : Kind.SEEK;
    double tail = Math.max(u, Double.MIN_NORMAL); // u is 0 for one draw in keys: its Pareto draw is the largest
    long size = switch (kind) {
      case GET -> 0;
      case PUT -> model.valueSize().draw(tail);
      case SEEK -> model.scanLength().draw(tail);
    };
    return new Op(kind, key, size);
  }

  /** The key id of the draw {@code ini}: its range by the shares, its place in the range by the power law. */
  long key(long ini) {
    long share = Math.floorMod(ReplayValues.mix(ini), shareTotal);
    int lo = 0;
    int hi = starts.length;
    while (lo + 1 < hi) {
      int mid = (lo + hi) >>> 1;
      if (share < starts[mid]) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    long offset;
    MixgraphModel.PowerLaw p = model.keyDist();
    if (p.uniform()) {
      offset = ini % rangeSize;
    } else {
      double u = (double) (ini % rangeSize) / rangeSize;
      long seed = (long) Math.ceil(Math.pow(u / p.a(), 1 / p.b()));
      offset = Math.floorMod(ReplayValues.mix(seed), rangeSize);
    }
    return Math.min(model.keys() - 1, rangeSize * rangeAt[lo] + offset);
  }

  /** The key of {@code id} as db_bench writes it: 8 bytes big-endian, then '0's to the key size. */
  public static ByteBuffer keyBytes(ByteBuffer into, long id, int keySize) {
    into.clear();
    into.putLong(id);
    while (into.position() < keySize) {
      into.put((byte) '0');
    }
    return into.flip();
  }

  /**
   * Writes {@code operations} drawn operations to a trace at {@code file}: every key is there
   * before (found by a get with {@link #LOADED_VALUE_SIZE} bytes, or the size it was last put
   * with), a seek visits its length or the keys left after its key. Returns the trace's operations.
   */
  public static long write(MixgraphModel model, long operations, long seed, Path file) {
    MixgraphGenerator g = new MixgraphGenerator(model, seed);
    long[] now = {0};
    Map<Long, Integer> written = new HashMap<>();
    ByteBuffer key = ByteBuffer.allocate(Math.max(8, model.keySize()));
    int largest = Math.max(LOADED_VALUE_SIZE, model.valueSize().max());
    ByteBuffer values = ByteBuffer.allocate(largest);
    for (int i = 0; i < largest; i++) {
      values.put(i, (byte) ('a' + (i * 7 + i / 16) % 16)); // db_bench's values compress to about half
    }
    int keySize = Math.max(8, model.keySize());
    try (TraceWriter w = TraceWriter.create(file, KeyMode.RAW, 0, "kvbench mixgraph generator, seed " + seed,
        () -> now[0])) {
      for (long n = 0; n < operations; n++) {
        Op op = g.next();
        keyBytes(key, op.key(), keySize);
        switch (op.kind()) {
          case GET -> {
            w.record(TraceKind.BEGIN_READ, 0);
            int size = written.getOrDefault(op.key(), LOADED_VALUE_SIZE);
            w.get(TraceKind.GET, 0, key, values.duplicate().position(0).limit(size));
            w.record(TraceKind.END_READ, 0);
          }
          case PUT -> {
            w.record(TraceKind.BEGIN_WRITE, 0);
            w.put(0, key, values.duplicate().position(0).limit((int) op.size()));
            w.record(TraceKind.COMMIT, 0);
            written.put(op.key(), (int) op.size());
          }
          case SEEK -> {
            w.record(TraceKind.BEGIN_READ, 0);
            w.scanFrom(0, key, ScanDirection.FORWARD, Math.min(op.size(), model.keys() - op.key()));
            w.record(TraceKind.END_READ, 0);
          }
        }
        now[0] += Math.round(1e9 / model.rate().at(now[0] / 1e9));
      }
      return w.records();
    }
  }
}
