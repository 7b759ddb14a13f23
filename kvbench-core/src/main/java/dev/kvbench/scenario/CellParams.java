package dev.kvbench.scenario;

import dev.kvbench.store.Capabilities;
import dev.kvbench.store.Durability;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import dev.kvbench.store.WorkloadSizing;
import dev.kvbench.workload.KeyFormat;
import dev.kvbench.workload.KeySpace;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.ValueSource;
import dev.kvbench.workload.CustomMix;
import java.util.Map;

/**
 * Everything that defines one cell of a run, resolved once and immutable, as a few records by
 * concern: the store, its data set, how the data is written, how the store is set up, what is
 * measured, and the threaded phases' load.
 *
 * @param storeId the store's provider id
 * @param data the keys and values a correct store holds after the load
 * @param write the order keys are put in and the puts per commit
 * @param setup the user's settings for the store, its durability and the value codec around it
 * @param plan the phases, their passes and the latency sampling
 * @param load the threaded phases' clients, traffic and custom operations
 * @param axes the values of the axes without a field here, as text by axis key ({@link Axis#text});
 *     read them with {@link #value}
 */
public record CellParams(
    String storeId,
    DataSet data,
    WriteShape write,
    StoreSetup setup,
    PhasePlan plan,
    Load load,
    Map<String, String> axes) {

  /** Entries of the scratch load that warms up the write path: enough for the JIT's C2 tier. */
  public static final long WARMUP_WRITE_ENTRIES = 200_000;

  public CellParams {
    axes = axes == null ? Map.of() : Map.copyOf(axes);
    load = load == null ? Load.SINGLE : load;
    String noOperations = load.custom().problemWith(plan.phases());
    if (noOperations != null) {
      throw new IllegalArgumentException(noOperations);
    }
  }

  /** This cell with its clients offering {@code rate} ops/s: a point of a rate search, its id naming the rate. */
  public CellParams atRate(double rate) {
    return new CellParams(storeId, data, write, setup, plan, new Load(load.threads(), load.traffic().withRate(rate),
        load.custom()), axes);
  }

  /** Whether the cell runs a threaded phase (readers, readwhilewriting, ycsb-a ...). */
  public boolean threaded() {
    return plan.threaded();
  }

  /**
   * Entries x (key + mean value length): the 2016 reports' flat array, what storage overhead and space
   * amplification are relative to.
   */
  public long flatBytes() {
    return Math.round(data.entries() * (data.keys().size() + values().meanSize()));
  }

  /**
   * The sizes a store is opened for: the largest value, so its buffers fit every value; where the
   * cell seeks, keys a byte longer and of varying length (a seek between two loaded keys is at the
   * first with a zero byte after it).
   */
  public WorkloadSizing sizing() {
    boolean seeks = plan.phases().contains(dev.kvbench.workload.Phase.SEEK);
    return new WorkloadSizing(data.entries(), data.keys().size() + (seeks ? 1 : 0), data.valueSize(),
        data.keys().fixedSize() && !seeks ? WorkloadSizing.KeyLengths.FIXED : WorkloadSizing.KeyLengths.VARYING);
  }

  /** The cell's keys in its write order. */
  public KeySpace keySpace() {
    return data.keySpace(write.order());
  }

  /** The loaded values. */
  public ValueSource values() {
    return data.values();
  }

  /**
   * Why this cell's reads cannot be checked on {@code caps}'s store, for results, or null when they
   * can: a store that discards data, or values that are not predictable.
   */
  public String unverifiableReason(Capabilities caps) {
    if (!caps.retainsData()) {
      return "the store discards data, so nothing read can be verified";
    }
    return data.valueContent().predictable() ? null
        : "values of " + data.valueContent().id() + " are not predictable, so nothing read is verified";
  }

  /** A short label such as {@code lmdbjava-bb int/rnd}. */
  public String label() {
    return storeId + " " + data.keys().id() + "/" + write.order().id();
  }

  /**
   * This cell's identity within a run: the store and every parameter that changes what is
   * measured, e.g. {@code rocksdb int rnd 1000000x100 batch=all nosync compression=none}. Resume
   * and shards find cells by it.
   */
  public String id() {
    java.util.SortedMap<Integer, String> parts = new java.util.TreeMap<>();
    // a replay's store holds the trace's keys and values: the matrix's key, order and size axes are not its
    boolean replay = plan.replays();
    for (Axis<?> axis : Axes.ALL) {
      if (replay && axis != Axes.TRACES && axis != Axes.DURABILITY && axis != Axes.GC) {
        continue;
      }
      String part = axis.idPart(this);
      if (part != null) {
        parts.put(axis.idRank(), part);
      }
    }
    if (plan.passes().readCache() == ReadCache.COLD && plan.phases().stream().anyMatch(Phase::dropsCacheWhenCold)) {
      parts.put(COLD_CACHE_ID_RANK, " cache=cold");
    }
    if (plan.phases().contains(Phase.CUSTOM)) {
      parts.put(CUSTOM_ID_RANK, " custom=" + String.join("+",
          load.custom().operations().stream().map(CustomMix.Entry::name).toList()));
    }
    StringBuilder b = new StringBuilder(storeId);
    parts.values().forEach(b::append);
    new java.util.TreeMap<>(setup.storeSettings()).forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
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
    if (setup.swapsLibrary() && provider.versionedArtifacts().isEmpty()) {
      throw new IllegalArgumentException(storeId + "." + StoreSetup.VERSION + "=" + setup.libraryVersion() + ": kvbench's "
          + storeId + " adapter runs only the " + provider.library() + " it bundles (" + provider.libraryVersion()
          + "); leave the setting out");
    }
    StoreSettings resolved = StoreSettings.resolve(storeId, provider.settings(), setup.adapterSettings());
    String problem = provider.settingsProblem(resolved, setup.durability());
    if (problem != null) {
      throw new dev.kvbench.store.InvalidSettingException(problem);
    }
    return resolved;
  }

  /**
   * Why {@code provider} cannot honour this combination (key size, value size, durability), or
   * null when it can. Such a cell is reported unsupported; the rest of a matrix still runs.
   */
  public String unsupportedReason(StoreProvider provider) {
    Capabilities caps = provider.capabilities();
    KeyFormat keys = data.keys();
    int valueSize = data.valueSize();
    Durability durability = setup.durability();
    if (keys.size() > caps.maxKeySize()) {
      return keys.id() + " keys are " + keys.size() + " bytes; " + storeId + " holds at most " + caps.maxKeySize();
    }
    if (valueSize > caps.maxValueSize()) {
      return "matrix.valueSizes " + valueSize + " is larger than " + storeId + " can hold ("
          + caps.maxValueSize() + " bytes); choose a smaller value size or leave " + storeId + " out";
    }
    if (!caps.durabilities().contains(durability)) {
      return storeId + " cannot honour matrix.durability " + durability.id() + "; it supports "
          + caps.durabilities().stream().map(Durability::id).toList();
    }
    return null;
  }
}
