package dev.kvbench.report.trace;

import dev.kvbench.workload.trace.KeyMode;
import dev.kvbench.workload.trace.TraceHeader;
import dev.kvbench.workload.trace.TraceKind;
import dev.kvbench.workload.trace.TraceOp;
import dev.kvbench.workload.trace.TraceReader;
import dev.kvbench.workload.trace.ValueClass;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.openhft.hashing.LongHashFunction;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.LongsSketch;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.kll.KllDoublesSketch;

/**
 * What a trace holds, read once front to back in bounded memory (sketches, not sets: a trace of
 * billions of operations is read in a few megabytes): operations by kind, sessions, duration and
 * rate, distinct keys, key, value and scan sizes, how often gets found their key, the value classes,
 * and the locality the trace shows (how much of it the hottest keys take, how many puts came in key
 * order). {@code kvbench trace info} prints it.
 */
public final class TraceSummary {

  /** The HLL sketch's log2 of buckets: about 0.8 % relative error on the distinct keys. */
  private static final int HLL_LG_K = 14;
  /** The frequent-items sketch's map: hot keys are told within about 3.5 / this of the keyed ops. */
  private static final int HOT_KEYS_MAP = 4096;
  /** The hottest keys the locality line counts. */
  static final int HOTTEST = 10;

  private final TraceHeader header;
  private final Path file;
  private final Map<TraceKind, Long> byKind = new EnumMap<>(TraceKind.class);
  private final Map<ValueClass, Long> byValueClass = new EnumMap<>(ValueClass.class);
  private final HllSketch keys = new HllSketch(HLL_LG_K);
  private final LongsSketch hot = new LongsSketch(HOT_KEYS_MAP);
  private final KllDoublesSketch keySizes = KllDoublesSketch.newHeapInstance();
  private final KllDoublesSketch valueSizes = KllDoublesSketch.newHeapInstance();
  private final KllDoublesSketch scanLengths = KllDoublesSketch.newHeapInstance();
  private final java.util.BitSet sessions = new java.util.BitSet();
  private long ops;
  private long keyed;
  private long gets;
  private long found;
  private long puts;
  private long ascendingPuts;
  private byte[] lastPutKey;
  private long durationNanos;

  private TraceSummary(TraceReader reader) {
    this.header = reader.header();
    this.file = reader.file();
    LongHashFunction hash = LongHashFunction.xx3();
    for (TraceOp op = reader.next(); op != null; op = reader.next()) {
      ops++;
      byKind.merge(op.kind(), 1L, Long::sum);
      sessions.set(op.session());
      durationNanos = op.offsetNanos();
      if (op.kind().keyed()) {
        keyed++;
        long h = hash.hashBytes(op.key());
        keys.update(h);
        hot.update(h);
        keySizes.update(op.keyLength());
      }
      switch (op.kind()) {
        case GET, WRITE_GET -> {
          gets++;
          found += op.found() ? 1 : 0;
        }
        case PUT -> {
          puts++;
          valueSizes.update(op.valueSize());
          byValueClass.merge(op.valueClass(), 1L, Long::sum);
          if (lastPutKey != null && Arrays.compareUnsigned(lastPutKey, op.key()) < 0) {
            ascendingPuts++;
          }
          lastPutKey = op.key();
        }
        case SCAN, SCAN_FROM -> scanLengths.update(op.entries());
        default -> {
          // counted by kind only
        }
      }
    }
  }

  /**
   * Reads the whole of {@code file}; throws {@code TraceFormatException} (naming the file and the
   * byte) where it is not a whole trace, so no summary is made of part of one.
   */
  public static TraceSummary of(Path file) {
    try (TraceReader reader = TraceReader.open(file)) {
      return new TraceSummary(reader);
    }
  }

  public long operations() {
    return ops;
  }

  /** The operations of {@code kind}. */
  public long count(TraceKind kind) {
    return byKind.getOrDefault(kind, 0L);
  }

  /** The distinct keys, estimated (exact for a few thousand). */
  public long distinctKeys() {
    return Math.round(keys.getEstimate());
  }

  public int sessions() {
    return sessions.cardinality();
  }

  public double seconds() {
    return durationNanos / 1e9;
  }

  /** The share of gets that found their key; NaN without gets. */
  public double foundShare() {
    return gets == 0 ? Double.NaN : found / (double) gets;
  }

  /** The share of keyed operations on the {@link #HOTTEST} hottest keys (a lower bound from the sketch). */
  public double hottestShare() {
    if (keyed == 0) {
      return Double.NaN;
    }
    LongsSketch.Row[] rows = hot.getFrequentItems(ErrorType.NO_FALSE_NEGATIVES);
    long top = Arrays.stream(rows).limit(HOTTEST).mapToLong(LongsSketch.Row::getLowerBound).sum();
    return top / (double) keyed;
  }

  /** The share of puts whose key sorts after the put before: 1 for a load in key order, about 0.5 for random keys. */
  public double ascendingPutShare() {
    return puts < 2 ? Double.NaN : ascendingPuts / (double) (puts - 1);
  }

  /** The lines {@code kvbench trace info} prints. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add("trace " + file + ": format version " + header.formatVersion() + ", recorded " + header.startedAt()
        + " by kvbench " + header.recordedBy() + (header.source().isEmpty() ? "" : " from " + header.source()));
    out.add(String.format(Locale.ROOT, "keys: %s%s", header.keyMode() == KeyMode.RAW ? "raw"
        : "pseudonyms (8-byte hashes: popularity kept, key order not)", ""));
    out.add(String.format(Locale.ROOT, "%,d operations in %.3f s (%,.0f ops/s) from %d session%s", ops, seconds(),
        seconds() > 0 ? ops / seconds() : 0, sessions(), sessions() == 1 ? "" : "s"));
    for (Map.Entry<TraceKind, Long> e : byKind.entrySet()) {
      out.add(String.format(Locale.ROOT, "  %-16s %,12d  %5.1f %%", e.getKey().label(), e.getValue(),
          100.0 * e.getValue() / ops));
    }
    if (keyed > 0) {
      out.add(String.format(Locale.ROOT, "distinct keys: about %,d (HLL, within %.1f %%); key size %s",
          distinctKeys(), 100 * (keys.getUpperBound(2) / Math.max(1, keys.getEstimate()) - 1), sizes(keySizes)));
      out.add(String.format(Locale.ROOT, "locality: the %d hottest keys take %.1f %% of keyed operations; %s",
          HOTTEST, 100 * hottestShare(), puts < 2 ? "too few puts to say their order"
              : String.format(Locale.ROOT, "%.1f %% of puts come after the put before in key order", 100 * ascendingPutShare())));
    }
    if (puts > 0) {
      StringBuilder classes = new StringBuilder();
      byValueClass.forEach((c, n) -> classes.append(classes.length() == 0 ? "" : ", ")
          .append(String.format(Locale.ROOT, "%s %.1f %%", c.name().toLowerCase(Locale.ROOT), 100.0 * n / puts)));
      out.add("value size " + sizes(valueSizes) + "; values " + classes);
    }
    if (gets > 0) {
      out.add(String.format(Locale.ROOT, "gets: %.1f %% found their key, %.1f %% missed", 100 * foundShare(),
          100 * (1 - foundShare())));
    }
    if (!scanLengths.isEmpty()) {
      out.add("scan length " + sizes(scanLengths));
    }
    return out;
  }

  private static String sizes(KllDoublesSketch s) {
    return String.format(Locale.ROOT, "min %.0f, median %.0f, p99 %.0f, max %.0f", s.getMinItem(), s.getQuantile(0.5),
        s.getQuantile(0.99), s.getMaxItem());
  }
}
