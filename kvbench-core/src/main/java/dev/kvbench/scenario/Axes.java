package dev.kvbench.scenario;

import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.store.Durability;
import dev.kvbench.workload.KeyEncoding;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeyFormats;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.ValueContent;
import dev.kvbench.workload.ValueFormat;
import dev.kvbench.workload.ValueFormats;
import java.util.List;

/**
 * The matrix's axes besides stores and their settings, each defined once, in the order the cells
 * are expanded (the first varies slowest), so shards and resumed runs agree on which cell is which.
 * A cell id writes the axes' parts in their id rank (the order ids had before the axes were data):
 * ranks 90 and 110 are the cold cache and the custom operations, which are not axes.
 */
public final class Axes {

  private Axes() {}

  private static final String DEFAULT_GC = Collector.DEFAULT.id();
  /** Each collector of {@link #GC} and the flag that chooses it; the JVM's own choice needs none. */
  private enum Collector {
    DEFAULT, G1("-XX:+UseG1GC"), PARALLEL("-XX:+UseParallelGC"), SERIAL("-XX:+UseSerialGC"), Z("-XX:+UseZGC"),
    SHENANDOAH("-XX:+UseShenandoahGC");

    final List<String> flags;

    Collector(String... flags) {
      this.flags = List.of(flags);
    }

    String id() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public static final Axis<KeyFormat> KEYS = Axis.<KeyFormat>named("keys")
      .flag("int|str|uuid4|uuid7|ycsb", "Key type: int (4-byte big-endian), str (16-byte zero-padded decimal), uuid4"
          + " (16-byte random UUIDs: index order is not key order), uuid7 (16-byte time-ordered UUIDs), ycsb (YCSB's"
          + " key names, user and the FNV hash of the key number, 5 to 23 bytes) or ycsb-ordered (user and the key"
          + " number: YCSB's insertorder=ordered); a comma list sweeps (quick: int).", "--keys")
      .parsedBy(KeyFormats::of, KeyFormats::reference)
      .defaults(KeyEncoding.INT)
      .inCell(c -> c.data().keys())
      .id(10, (keys, cell) -> " " + keys.id())
      .namedInResults()
      .build();

  public static final Axis<KeyOrder> ORDERS = Axis.<KeyOrder>named("orders")
      .flag("seq|rnd", "Write and readKey order: seq (0..N-1) or rnd (seeded permutation); a comma list sweeps"
          + " (quick: seq,rnd).", "--order")
      .parsedBy(KeyOrder::fromId, KeyOrder::id)
      .defaults(KeyOrder.SEQ, KeyOrder.RND)
      .inCell(c -> c.write().order())
      .id(20, (order, cell) -> " " + order.id())
      .namedInResults()
      .build();

  public static final Axis<Long> ENTRIES = Axis.<Long>named("entries")
      .flag("N", "Entries to write and read; a comma list sweeps (quick: 100000); 1m = 1,000,000.", "--entries")
      .parsedBy(Counts::parse, String::valueOf)
      .defaults(100_000L)
      .scaledBy(Axes::scale)
      .inCell(c -> c.data().entries())
      // entries sized by the host's memory differ from host to host: the id names the multiple (data=0.5xmemory)
      .id(30, (entries, cell) -> Axes.DATA_SIZES.valueIn(cell).base() == DataSize.Base.MEMORY ? " " : " " + entries)
      .namedInResults()
      .build();

  /**
   * Data sized in bytes rather than entries: a size, a multiple of the memory limit or of the host's
   * memory ({@link DataSize}), which the cell's entries follow from; none by default.
   */
  public static final Axis<DataSize> DATA_SIZES = Axis.<DataSize>named("dataSizes")
      .flag("SIZE|Nxlimit|Nxmemory", "Size the data in bytes instead of entries: a size (2g), a multiple of"
          + " --memory-limit (4xlimit) or of this host's memory (0.5xmemory); the entries are that over one entry's"
          + " key and value bytes, and replace --entries. A comma list sweeps, e.g. 0.5xlimit,4xlimit.", "--data-size")
      .parsedBy(DataSize::parse, DataSize::toString)
      .defaults(DataSize.NONE)
      .scaledBy(DataSize::scaled)
      .checkedBy(Axes::dataSizeProblem)
      // the entries are in the id already (but for a multiple of the host's memory); this says what they were made from
      .id(45, (size, cell) -> size.sizes() ? " data=" + size : null)
      .build();

  public static final Axis<Integer> VALUE_SIZES = Axis.<Integer>named("valueSizes")
      .flag("BYTES", "Bytes per value; a comma list sweeps (quick: 100).", "--value-size")
      .parsedBy(Counts::parseBytes, String::valueOf)
      .defaults(100)
      .inCell(c -> c.data().valueSize())
      .id(40, (size, cell) -> "x" + size)
      .namedInResults()
      .build();

  public static final Axis<ValueFormat> VALUE_CONTENTS = Axis.<ValueFormat>named("valueContents")
      .flag("random|zeros|compressible:R|uniform-length|ycsb", "What the values are: random (the default, the 2016"
          + " reports' values), zeros, compressible:R, db_bench's values compressible to about R (0.5 is db_bench's"
          + " default), uniform-length, random values of lengths uniform from 1 to --value-size (YCSB's"
          + " fieldlengthdistribution=uniform), or ycsb (ycsb:F), YCSB's records of 10 (F) printable fields as its"
          + " key-value binding stores them, --value-size the stored record (1140 for 10 fields of 100 bytes), which"
          + " the ycsb workloads update a field at a time; every kind is checked on every read. A ValueFormat's"
          + " class name on the class path works too. A comma list sweeps.",
          "--value-content")
      .parsedBy(ValueFormats::of, ValueFormats::reference)
      .defaults(ValueContent.RANDOM)
      .inCell(c -> c.data().valueContent())
      // random values only then: ids of random-value cells stay as they were, so older journals still resume
      .id(70, (content, cell) -> ValueContent.RANDOM.equals(content) ? null : " content=" + content.id())
      .namedInResults()
      .build();

  public static final Axis<String> CODECS = Axis.<String>named("codecs")
      .flag("none|deflate|...", "Value codec the harness applies to each value before put and after get, as the Symas"
          + " compression benchmark did (default: none); `kvbench list codecs` names them. A comma list sweeps.",
          "--codec")
      .parsedBy(Axes::codec, String::valueOf)
      .defaults(ValueCodecs.NONE)
      .inCell(c -> c.setup().codec())
      .id(80, (codec, cell) -> codec.equals(ValueCodecs.NONE) ? null : " codec=" + codec)
      .namedInResults()
      .build();

  public static final Axis<Long> BATCH_SIZES = Axis.<Long>named("batchSizes")
      .flag("N|all", "Entries per write transaction or batch; all = every entry in one (quick: all); a comma list"
          + " sweeps.", "--batch-size")
      .parsedBy(Axes::batchSize, b -> b == Matrix.ALL_IN_ONE ? "all" : String.valueOf(b))
      .defaults(Matrix.ALL_IN_ONE)
      .scaledBy((b, factor) -> b == Matrix.ALL_IN_ONE ? b : scale(b, factor))
      .inCell(c -> c.write().batchSize())
      .id(50, (batch, cell) -> " batch=" + (batch >= cell.data().entries() ? "all" : Long.toString(batch)))
      .namedInResults()
      .build();

  public static final Axis<Durability> DURABILITY = Axis.<Durability>named("durability")
      .flag("sync|lazy|nosync", "Durability (quick: nosync): sync = flushed on every commit; lazy = logged or partly"
          + " flushed; nosync = left to the OS, the seeds' setting. Each store records the native flags used; a store"
          + " that cannot honour one is reported unsupported for it.", "--sync", "--durability")
      .parsedBy(Durability::fromId, Durability::id)
      .defaults(Durability.NOSYNC)
      .inCell(c -> c.setup().durability())
      .id(60, (d, cell) -> " " + d.id())
      .namedInResults()
      .build();

  public static final Axis<Integer> THREADS = Axis.<Integer>named("threads")
      .flag("T", "Client threads of the threaded phases (readers, readwhilewriting, ycsb-a ... ycsb-f) and writers of"
          + " sustain, each with its own session; a comma list sweeps, e.g. 1,2,4 (default: the scenario's; 1).",
          "--threads")
      .parsedBy(Axes::threads, String::valueOf)
      .defaults(1)
      .onlyFor(Phase::usesClients, 1)
      .inCell(c -> c.load().threads())
      .id(100, (threads, cell) -> cell.threaded() ? " threads=" + threads + cell.load().traffic().idSuffix() : null)
      .namedInResults()
      .build();

  /**
   * The target rate of the threaded phases' clients, swept like any axis: a rate list is the
   * offered load of a throughput-latency curve. 0 (the default) keeps the traffic section's rate
   * (none: full speed); a swept rate replaces it. The rate is in the cell's traffic, so its id
   * part is the threads axis's ({@code threads=1 rate=5000}), as before rates were an axis.
   */
  public static final Axis<Double> RATES = rateAxis("rates", "OPS/S", "Target ops per second over all client"
      + " threads of the threaded phases: each op is issued on a schedule and its latency counts from its intended"
      + " start, so a stall shows in the percentiles; the achieved rate is reported beside it. A comma list sweeps,"
      + " lowest first (5k,10k,20k: 5k = 5,000), for a throughput-latency curve; auto searches for the highest rate"
      + " that meets --sla (from --rate-start, doubling, then bisecting to --rate-precision). Default: none;"
      + " latencies are then service times.", "--rate", 102, Phase::usesClients, c -> c.load().traffic().rate());

  /** readwhilewriting's writer's rate, swept like {@link #RATES}: the readers' load and the writer's are two axes. */
  public static final Axis<Double> WRITER_RATES = rateAxis("writerRates", "PUTS/S", "Puts per second of"
      + " readwhilewriting's writer (default: as fast as it can); a comma list sweeps, lowest first, e.g. 1k,5k,20k.",
      "--writer-rate", 104, p -> p == Phase.READ_WHILE_WRITING, c -> c.load().traffic().writerRate());

  /**
   * A rate axis: 0 (none) unless swept, a list that must rise; the rate is in the cell's traffic, so
   * the id part is the threads axis's ({@code threads=1 rate=5000}), as before rates were axes.
   */
  private static Axis<Double> rateAxis(String key, String label, String help, String flag, int idRank,
      java.util.function.Predicate<Phase> usedBy, java.util.function.Function<CellParams, Double> inCell) {
    return Axis.<Double>named(key)
        .flag(label, help, flag)
        .parsedBy(Axes::rate, Axes::rateText)
        .defaults(0.0)
        .onlyFor(usedBy, 0.0)
        .inCell(inCell)
        .checkedBy((rate, scenario) -> risingProblem(key, sweptRates(scenario, key)))
        .id(idRank, (rate, cell) -> null)
        .namedInResults()
        .build();
  }

  /** The share of readKey's gets that ask for an absent key ({@link ShapeAxes#MISS_FRACTIONS}). */
  public static final Axis<Double> MISS_FRACTIONS = ShapeAxes.MISS_FRACTIONS;

  /** The entries a seek reads, and a scanRange range's mean length ({@link ShapeAxes#SCAN_LENGTHS}). */
  public static final Axis<Integer> SCAN_LENGTHS = ShapeAxes.SCAN_LENGTHS;

  /** How the threaded and sustained phases' target rate varies over a pass ({@link ShapeAxes#RATE_SHAPES}). */
  public static final Axis<dev.kvbench.workload.RateShape> RATE_SHAPES = ShapeAxes.RATE_SHAPES;

  /**
   * The garbage collector of each forked cell's JVM: on-heap stores (MapDB, MVStore, the JVM-side
   * buffers of every binding) and the latency percentiles depend on it, and a sweep compares
   * collectors cell by cell in one run. Used by {@link dev.kvbench.runner.fork.ForkedCells}.
   */
  public static final Axis<String> GC = Axis.<String>named("gc")
      .flag("default|g1|parallel|serial|z|shenandoah", "Garbage collector of each cell's JVM: default (the JVM's"
          + " choice), g1, parallel, serial, z or shenandoah (where the JVM has it); a comma list sweeps. Needs forked"
          + " cells (--forks 1 or more).", "--gc")
      .parsedBy(Axes::collector, String::valueOf)
      .defaults(DEFAULT_GC)
      .checkedBy(Axes::gcProblem)
      .id(120, (gc, cell) -> gc.equals(DEFAULT_GC) ? null : " gc=" + gc)
      .build();

  /**
   * The recorded traces the replay phase replays, swept like any axis: a comma list replays each
   * on every store. Only a replay cell has one ({@link TraceFiles}).
   */
  /** The traces axis's value in a cell that replays no trace, as results record it. */
  public static final String NO_TRACE = TraceFiles.NONE;

  public static final Axis<String> TRACES = Axis.<String>named("traces")
      .flag("FILE[@SPEEDx]", "A recorded trace to replay on each store (the replay phase, which --trace alone"
          + " selects): the store is loaded from the trace, then every recorded operation replayed in order and every"
          + " read checked, as fast as the store goes, or with @1x at the recorded timing (@2x: twice its rate; latency"
          + " then counts from each operation's recorded time); a comma list replays each. kvbench trace info FILE says"
          + " what one holds. MODEL:N draws N operations from a mixgraph model instead (fast20, db_bench's, or a"
          + " MODEL.yaml kvbench trace fit wrote), e.g. fast20:1m; --scale scales N.", "--trace")
      .parsedBy(TraceFiles::parse, String::valueOf)
      .scaledBy(TraceFiles::scaled)
      .defaults(TraceFiles.NONE)
      .onlyFor(p -> p == Phase.REPLAY, TraceFiles.NONE)
      .checkedBy(TraceFiles::problem)
      .id(5, (trace, cell) -> TraceFiles.idPart(trace))
      .build();

  /** The trace a cell of these recorded {@code axes} replayed, and how fast; empty for a cell that replays none. */
  public static java.util.Optional<dev.kvbench.workload.trace.ReplaySpec> replayed(java.util.Map<String, String> axes) {
    String trace = axes == null ? null : axes.get(TRACES.key());
    return trace == null || trace.equals(NO_TRACE) ? java.util.Optional.empty()
        : java.util.Optional.of(dev.kvbench.workload.trace.ReplaySpec.parse(trace));
  }

  /** Every axis, in the order cells are expanded. */
  public static final List<Axis<?>> ALL = List.of(KEYS, ORDERS, ENTRIES, DATA_SIZES, VALUE_SIZES, VALUE_CONTENTS, CODECS,
      BATCH_SIZES, DURABILITY, THREADS, RATES, WRITER_RATES, GC, TRACES, SCAN_LENGTHS, MISS_FRACTIONS, RATE_SHAPES);

  /**
   * {@code axes} (a cell's, as its result holds them) less each value that is its axis's only
   * default: a result written before an axis existed names none of it and is the same workload, so
   * matching cells of two runs by their axes would otherwise miss every cell across a version.
   */
  public static java.util.Map<String, String> beyondDefaults(java.util.Map<String, String> axes) {
    java.util.Map<String, String> kept = new java.util.TreeMap<>();
    axes.forEach((key, value) -> {
      Axis<?> axis = byKey(key);
      if (axis == null || !isOnlyDefault(axis, value)) {
        kept.put(key, value);
      }
    });
    return kept;
  }

  private static <T> boolean isOnlyDefault(Axis<T> axis, String value) {
    return axis.defaults().size() == 1 && axis.text(axis.defaults().get(0)).equals(value);
  }

  /** The axis with this YAML key, or null. */
  public static Axis<?> byKey(String key) {
    return ALL.stream().filter(a -> a.key().equals(key)).findFirst().orElse(null);
  }

  private static String collector(String text) {
    String id = text.trim().toLowerCase(java.util.Locale.ROOT);
    for (Collector c : Collector.values()) {
      if (c.id().equals(id)) {
        return id;
      }
    }
    throw new IllegalArgumentException("unknown garbage collector '" + text + "'; valid: " + String.join(", ",
        java.util.Arrays.stream(Collector.values()).map(Collector::id).toList()));
  }

  /** The JVM flags that choose {@code gc}, a value of {@link #GC}: none for the JVM's own choice. */
  public static List<String> jvmFlagsOf(String gc) {
    return Collector.valueOf(collector(gc).toUpperCase(java.util.Locale.ROOT)).flags;
  }

  private static String gcProblem(String gc, Scenario scenario) {
    if (gc.equals(DEFAULT_GC)) {
      return null;
    }
    if (scenario.repetitions().forks() == 0) {
      return "gc " + gc + " needs forked cells: with forks 0 every cell runs in this JVM, whose collector is"
          + " already chosen; set forks to 1 or more";
    }
    return scenario.jvm().options().stream().filter(o -> o.matches("-XX:\\+Use\\w+GC")).findFirst()
        .map(o -> "gc " + gc + " and the JVM option " + o + " both choose a collector; sweep gc or give the option,"
            + " not both")
        .orElse(null);
  }

  private static String dataSizeProblem(DataSize size, Scenario scenario) {
    if (!size.sizes()) {
      return null;
    }
    if (scenario.matrix().get(ENTRIES).size() > 1) {
      return "matrix.dataSizes " + size + " sizes the data, and matrix.entries sweeps " + scenario.matrix().get(ENTRIES)
          + ": sweep one of them";
    }
    if (size.base() == DataSize.Base.LIMIT && !scenario.jvm().get(JvmSettings.MEMORY_LIMIT).limits()) {
      return "matrix.dataSizes " + size + " is a multiple of jvm.memoryLimit, which is not set: give jvm.memoryLimit"
          + " SIZE, or a data size in bytes (2g)";
    }
    if (size.base() == DataSize.Base.BYTES) {
      long entry = scenario.matrix().get(KEYS).stream().mapToLong(KeyFormat::size).max().orElse(1)
          + scenario.matrix().get(VALUE_SIZES).stream().mapToLong(Integer::longValue).max().orElse(0);
      if (size.multiple() < entry) {
        return "matrix.dataSizes " + size + " is " + (long) size.multiple() + " bytes, less than one entry (" + entry
            + " bytes of key and value): give a size with its unit, e.g. 10m or 10g";
      }
    }
    return null;
  }

  private static long scale(long n, double factor) {
    return Math.max(1, Math.round(n * factor));
  }

  /** Batch sizes are counts, or {@code all} for one transaction for all entries. */
  static long batchSize(String text) {
    if (text.trim().equalsIgnoreCase("all")) {
      return Matrix.ALL_IN_ONE;
    }
    long n = Counts.parse(text);
    if (n < 1) {
      throw new IllegalArgumentException("batch size must be at least 1 or 'all', got " + text);
    }
    return n;
  }

  /**
   * A value codec's id; whether it is on the class path is checked with the stores, when the
   * scenario's cells are made.
   */
  static String codec(String text) {
    String id = text.trim();
    if (id.isEmpty()) {
      throw new IllegalArgumentException("a codec id is empty: use none, deflate, snappy, lz4, zstd, bzip2 or xz");
    }
    return id;
  }

  /**
   * A rate in ops per second, above 0: a number with an optional k (thousands) or m (millions), 2.5k
   * = 2,500; {@code none} for the default.
   */
  static double rate(String text) {
    String t = text.trim().toLowerCase(java.util.Locale.ROOT).replace("_", "");
    if (t.equals(NO_RATE)) {
      return 0; // the default, as a scenario file writes it: the traffic section's rate, or none
    }
    if (t.equals(AUTO)) {
      return AUTO_RATE;
    }
    double multiplier = t.endsWith("k") ? 1e3 : t.endsWith("m") ? 1e6 : 1;
    if (multiplier > 1) {
      t = t.substring(0, t.length() - 1);
    }
    double rate;
    try {
      rate = Double.parseDouble(t) * multiplier;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not a rate in ops per second (examples: 500, 2.5k, 1m)");
    }
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw new IllegalArgumentException("rate " + text + " must be above 0 ops per second; leave it out for no target");
    }
    if (rate < dev.kvbench.workload.Traffic.MIN_RATE) {
      throw new IllegalArgumentException(text + " is below " + dev.kvbench.workload.Traffic.MIN_RATE + " ops/s (one op"
          + " every 100 s): a pass would not end; give at least " + dev.kvbench.workload.Traffic.MIN_RATE);
    }
    if (rate > dev.kvbench.workload.Traffic.MAX_RATE) {
      throw new IllegalArgumentException(text + " is above " + String.format(java.util.Locale.ROOT, "%,.0f",
          dev.kvbench.workload.Traffic.MAX_RATE) + " ops/s, an op every nanosecond, which no schedule can keep: give a"
          + " rate the store could reach, or leave it out for full speed");
    }
    return rate;
  }

  private static final String NO_RATE = "none";
  private static final String AUTO = "auto";

  /**
   * {@link #RATES}' value {@code auto}: the runner searches the rates ({@link RateSearch}); its
   * cells are expanded at no rate, and the search gives each its rates.
   */
  public static final double AUTO_RATE = -1;

  static String rateText(double rate) {
    return rate == AUTO_RATE ? AUTO : rate == 0 ? NO_RATE : rate == Math.rint(rate) ? String.valueOf((long) rate) : String.valueOf(rate);
  }

  /** The rates {@code scenario}'s matrix sweeps on the rate axis {@code key}. */
  @SuppressWarnings("unchecked")
  private static List<Double> sweptRates(Scenario scenario, String key) {
    return scenario.matrix().get((Axis<Double>) byKey(key));
  }

  /** Null when the sweep {@code values} rises, else what is wrong: a curve is read from its lowest rate up. */
  private static String risingProblem(String key, List<Double> values) {
    if (values.contains(AUTO_RATE)) {
      if (!key.equals("rates")) {
        return "matrix." + key + " auto: the search moves the clients' rate (rates auto); hold the writer at a rate"
            + " (writerRates 5000) or sweep a list of rates";
      }
      if (values.size() > 1) {
        return "matrix." + key + " " + values.stream().map(Axes::rateText).collect(java.util.stream.Collectors
            .joining(", ")) + ": auto searches the rates itself; give auto alone, or a list of rates";
      }
      return null;
    }
    for (int i = 1; i < values.size(); i++) {
      if (values.get(i) <= values.get(i - 1)) {
        return "matrix." + key + " " + values.stream().map(Axes::rateText).collect(java.util.stream.Collectors
            .joining(", ")) + " does not rise at " + rateText(values.get(i)) + ": give the rates from lowest to"
            + " highest, each once (a throughput-latency curve and the capacity at an SLA are read in that order)";
      }
    }
    return null;
  }

  /** A thread count: 1 or more. */
  static int threads(String text) {
    int n = Integer.parseInt(text.trim());
    if (n < 1) {
      throw new IllegalArgumentException("thread count must be at least 1, got " + text);
    }
    return n;
  }
}
