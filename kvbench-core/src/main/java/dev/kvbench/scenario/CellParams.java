package dev.kvbench.scenario;

import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeyOrder;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import dev.kvbench.workload.ValueContent;
import dev.kvbench.workload.ValueSource;
import dev.kvbench.workload.ValueFormat;
import dev.kvbench.workload.CustomMix;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * Everything that defines one cell of a run, resolved once and immutable: the store, the
 * workload and the store's own settings as the user gave them.
 *
 * @param phases the phases to report, in the order they run
 * @param batchSize entries per write transaction or batch; >= entries means one for all
 * @param storeSettings the user's {@code -o} settings for this store, key to text
 * @param latencySampleInterval about one op in this many is timed for the latency histogram
 * @param passes warm-up and measured passes of every phase: read passes repeat on the loaded
 *     store; the write phase warms up on scratch stores of up to {@link #WARMUP_WRITE_ENTRIES}
 *     entries and loads a fresh store for each measured pass
 * @param threads client threads of the threaded phases (readers, ycsb-a ...), each with its own
 *     session; 1 when the cell runs none
 * @param traffic how the threaded phases are driven: rate, duration, operations
 * @param valueContent what the values' bytes are: random (the default), zeros or compressible
 * @param codec the value codec the harness applies before each put and after each get ({@code
 *     none}: values go to the store as they are), a {@link dev.kvbench.codec.ValueCodecs} id
 * @param custom the user's operations of a {@link Phase#CUSTOM} phase; {@link CustomMix#NONE} without one
 * @param axes the values of the axes without a field here, as text by axis key ({@link Axis#text});
 *     read them with {@link #value}
 */
public record CellParams(
    String storeId,
    long entries,
    KeyFormat keys,
    KeyOrder order,
    int valueSize,
    long batchSize,
    Durability durability,
    long seed,
    List<Phase> phases,
    Map<String, String> storeSettings,
    int latencySampleInterval,
    PassPlan passes,
    int threads,
    Traffic traffic,
    ValueFormat valueContent,
    String codec,
    CustomMix custom,
    Map<String, String> axes) {

  /** Entries of the scratch load that warms up the write path: enough for the JIT's C2 tier. */
  public static final long WARMUP_WRITE_ENTRIES = 200_000;

  /** A cell of the seed phases: one thread, default traffic. */
  public CellParams(String storeId, long entries, KeyFormat keys, KeyOrder order, int valueSize, long batchSize,
      Durability durability, long seed, List<Phase> phases, Map<String, String> storeSettings,
      int latencySampleInterval, PassPlan passes) {
    this(storeId, entries, keys, order, valueSize, batchSize, durability, seed, phases, storeSettings,
        latencySampleInterval, passes, 1, Traffic.DEFAULT, ValueContent.RANDOM, ValueCodecs.NONE, CustomMix.NONE);
  }

  /** A cell without custom operations. */
  public CellParams(String storeId, long entries, KeyFormat keys, KeyOrder order, int valueSize, long batchSize,
      Durability durability, long seed, List<Phase> phases, Map<String, String> storeSettings,
      int latencySampleInterval, PassPlan passes, int threads, Traffic traffic, ValueFormat valueContent,
      String codec) {
    this(storeId, entries, keys, order, valueSize, batchSize, durability, seed, phases, storeSettings,
        latencySampleInterval, passes, threads, traffic, valueContent, codec, CustomMix.NONE, Map.of());
  }

  /** A cell whose axes all have fields here. */
  public CellParams(String storeId, long entries, KeyFormat keys, KeyOrder order, int valueSize, long batchSize,
      Durability durability, long seed, List<Phase> phases, Map<String, String> storeSettings,
      int latencySampleInterval, PassPlan passes, int threads, Traffic traffic, ValueFormat valueContent,
      String codec, CustomMix custom) {
    this(storeId, entries, keys, order, valueSize, batchSize, durability, seed, phases, storeSettings,
        latencySampleInterval, passes, threads, traffic, valueContent, codec, custom, Map.of());
  }

  public CellParams {
    axes = axes == null ? Map.of() : Map.copyOf(axes);
    phases = List.copyOf(EnumSet.copyOf(requireNonEmpty(phases)));
    traffic = traffic == null ? Traffic.DEFAULT : traffic;
    valueContent = valueContent == null ? ValueContent.RANDOM : valueContent;
    codec = codec == null ? ValueCodecs.NONE : codec;
    custom = custom == null ? CustomMix.NONE : custom;
    String noOperations = custom.problemWith(phases);
    if (noOperations != null) {
      throw new IllegalArgumentException(noOperations);
    }
    if (threads < 1) {
      throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
    }
    storeSettings = Map.copyOf(storeSettings);
    dev.kvbench.workload.FormatIds.requirePlain("key format " + keys.getClass().getName(), keys.id());
    dev.kvbench.workload.FormatIds.requireValueFormat("value format " + valueContent.getClass().getName(),
        valueContent.id());
    if (entries < 1) {
      throw new IllegalArgumentException("--entries must be at least 1, got " + entries);
    }
    if (entries > keys.capacity()) {
      throw new IllegalArgumentException(
          "--entries " + entries + " does not fit " + keys.id() + " keys (at most " + keys.capacity() + ")");
    }
    if (valueSize < 1) {
      throw new IllegalArgumentException("--value-size must be at least 1 byte, got " + valueSize);
    }
    if (valueSize > dev.kvbench.workload.ValueGenerator.MAX_VALUE_SIZE) {
      throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "--value-size %,d is more than kvbench"
          + " can make (at most %,d bytes: each value is a slice of one Java array); choose a smaller value size",
          valueSize, dev.kvbench.workload.ValueGenerator.MAX_VALUE_SIZE));
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("--batch-size must be at least 1, got " + batchSize);
    }
    java.util.Objects.requireNonNull(passes, "passes");
    if (latencySampleInterval < 1) {
      throw new IllegalArgumentException(
          "--latency-sample must be at least 1, got " + latencySampleInterval);
    }
  }

  private static List<Phase> requireNonEmpty(List<Phase> phases) {
    if (phases.isEmpty()) {
      throw new IllegalArgumentException("--phases must name at least one phase: " + Phase.ids());
    }
    return phases;
  }

  /** Whether the cell runs a threaded phase (readers, readwhilewriting, ycsb-a ...). */
  public boolean threaded() {
    return phases.stream().anyMatch(Phase::threaded);
  }

  /**
   * Entries x (key + mean value length): the seeds' flat array, what storage overhead and space
   * amplification are relative to.
   */
  public long flatBytes() {
    return Math.round(entries * (keys.size() + values().meanSize()));
  }

  /** The sizes a store is opened for: the largest value, so its buffers fit every value. */
  public WorkloadSizing sizing() {
    return new WorkloadSizing(entries, keys.size(), valueSize);
  }

  public KeySpace keySpace() {
    return new KeySpace(entries, keys, order, seed);
  }

  /** The loaded values. */
  public ValueSource values() {
    return valueContent.create(valueSize, seed);
  }

  /**
   * Why this cell's reads cannot be checked on {@code caps}'s store, for results, or null when they
   * can: a store that discards data, or values that are not predictable.
   */
  public String unverifiableReason(Capabilities caps) {
    if (!caps.retainsData()) {
      return "the store discards data, so nothing read can be verified";
    }
    return valueContent.predictable() ? null
        : "values of " + valueContent.id() + " are not predictable, so nothing read is verified";
  }

  /** A short label such as {@code lmdbjava-bb int/rnd}. */
  public String label() {
    return storeId + " " + keys.id() + "/" + order.id();
  }

  /**
   * This cell's identity within a run: the store and every parameter that changes what is
   * measured, e.g. {@code rocksdb int rnd 1000000x100 batch=all nosync compression=none}. Resume
   * and shards find cells by it.
   */
  public String id() {
    java.util.SortedMap<Integer, String> parts = new java.util.TreeMap<>();
    for (Axis<?> axis : Axes.ALL) {
      String part = axis.idPart(this);
      if (part != null) {
        parts.put(axis.idRank(), part);
      }
    }
    if (passes.readCache() == ReadCache.COLD && phases.stream().anyMatch(Phase::dropsCacheWhenCold)) {
      parts.put(COLD_CACHE_ID_RANK, " cache=cold");
    }
    if (phases.contains(Phase.CUSTOM)) {
      parts.put(CUSTOM_ID_RANK, " custom=" + String.join("+",
          custom.operations().stream().map(CustomMix.Entry::name).toList()));
    }
    StringBuilder b = new StringBuilder(storeId);
    parts.values().forEach(b::append);
    new java.util.TreeMap<>(storeSettings).forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
    return b.toString();
  }

  /** Where the cold cache and the custom operations, which are not axes, go in the id ({@link Axis#idRank}). */
  static final int COLD_CACHE_ID_RANK = 90;
  static final int CUSTOM_ID_RANK = 110;

  /** This cell's value of {@code axis}. */
  public <T> T value(Axis<T> axis) {
    return axis.valueIn(this);
  }

  /**
   * Checks that {@code provider} is this cell's store, is available here and accepts the cell's
   * settings, before anything is measured, and returns its resolved settings. Throws
   * IllegalArgumentException with a message naming the input and the fix.
   */
  public StoreSettings validateFor(StoreProvider provider) {
    if (!provider.id().equals(storeId)) {
      throw new IllegalArgumentException("cell is for " + storeId + ", not " + provider.id());
    }
    if (!provider.availability().available()) {
      throw new IllegalArgumentException(
          "store " + storeId + " is not available here: " + provider.availability().reason());
    }
    return StoreSettings.resolve(storeId, provider.settings(), storeSettings);
  }

  /**
   * Why {@code provider} cannot honour this combination (key size, value size, durability), or
   * null when it can. Such a cell is reported unsupported; the rest of a matrix still runs.
   */
  public String unsupportedReason(StoreProvider provider) {
    Capabilities caps = provider.capabilities();
    if (keys.size() > caps.maxKeySize()) {
      return keys.id() + " keys are " + keys.size() + " bytes; " + storeId + " holds at most " + caps.maxKeySize();
    }
    if (valueSize > caps.maxValueSize()) {
      return "--value-size " + valueSize + " is larger than " + storeId + " can hold ("
          + caps.maxValueSize() + " bytes); choose a smaller value size or leave " + storeId + " out";
    }
    if (!caps.durabilities().contains(durability)) {
      return storeId + " cannot honour --sync " + durability.id() + "; it supports "
          + caps.durabilities().stream().map(Durability::id).toList();
    }
    return null;
  }
}
