package dev.kvbench.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The dimensions a scenario sweeps; the cells are every combination of them: the stores, each
 * store's swept settings, and every axis of {@link Axes} (entries, value sizes, key formats ...),
 * each a list of distinct values. Immutable; {@link #with} gives a copy with one axis replaced.
 */
public final class Matrix {

  /** Batch size meaning "all entries in one transaction or batch", as the seeds wrote. */
  public static final long ALL_IN_ONE = 0;

  /** kvbench's bare default: 100,000 int keys x 100-byte values, seq and rnd, every available store. */
  public static final Matrix DEFAULT = new Matrix(List.of(), Map.of(), Map.of());

  private final List<String> stores;
  private final Map<String, List<String>> settings;
  private final Map<Axis<?>, List<?>> axes;

  /**
   * @param stores store ids; empty means every store available here
   * @param settings store settings to sweep, {@code store.key} to its values, e.g.
   *     {@code lmdbjava-agrona.writeMap: [true, false]}; a setting with one value just sets it
   * @param axes values of the axes given; every other axis has its default
   */
  private Matrix(List<String> stores, Map<String, List<String>> settings, Map<Axis<?>, List<?>> axes) {
    this.stores = distinct(stores, "stores", true);
    Map<String, List<String>> copy = new LinkedHashMap<>();
    (settings == null ? Map.<String, List<String>>of() : settings).forEach((k, v) -> {
      if (v == null || v.isEmpty()) {
        throw new IllegalArgumentException("setting " + k + " needs at least one value");
      }
      if (v.stream().distinct().count() != v.size()) {
        // a value twice would run the same cells twice and count them as a sweep
        throw new IllegalArgumentException("setting " + k + " lists a value twice: " + v + "; give each value once");
      }
      copy.put(k, List.copyOf(v));
    });
    this.settings = Collections.unmodifiableMap(copy);
    Map<Axis<?>, List<?>> values = new LinkedHashMap<>();
    for (Axis<?> axis : Axes.ALL) {
      List<?> given = axes.get(axis);
      values.put(axis, given == null ? axis.defaults() : distinct(given, axis.key(), false));
    }
    this.axes = Collections.unmodifiableMap(values);
  }

  /** The default matrix with these stores (every available one when empty). */
  public static Matrix of(List<String> stores) {
    return DEFAULT.withStores(stores);
  }

  private static <T> List<T> distinct(List<T> values, String name, boolean emptyAllowed) {
    List<T> list = values == null ? List.of() : values.stream().distinct().toList();
    if (list.isEmpty() && !emptyAllowed) {
      throw new IllegalArgumentException("matrix." + name + " needs at least one value");
    }
    if (list.size() != (values == null ? 0 : values.size())) {
      throw new IllegalArgumentException("matrix." + name + " lists a value twice: " + values);
    }
    return list;
  }

  /** Store ids; empty means every store available here. */
  public List<String> stores() {
    return stores;
  }

  /** Store settings to sweep, {@code store.key} to its values. */
  public Map<String, List<String>> settings() {
    return settings;
  }

  /** The values of {@code axis}. */
  @SuppressWarnings("unchecked")
  public <T> List<T> get(Axis<T> axis) {
    return (List<T>) Objects.requireNonNull(axes.get(axis), "not an axis of Axes.ALL: " + axis);
  }

  /** This matrix with {@code values} for {@code axis}. */
  public <T> Matrix with(Axis<T> axis, List<T> values) {
    Map<Axis<?>, List<?>> next = new LinkedHashMap<>(axes);
    next.put(axis, values);
    return new Matrix(stores, settings, next);
  }

  /**
   * These stores instead of this matrix's; the settings of stores left out go with them (a preset's
   * libmdbx setting, say, when --stores names only LMDB), the others stay.
   */
  public Matrix withStores(List<String> v) {
    Map<String, List<String>> kept = new LinkedHashMap<>();
    settings.forEach((key, values) -> {
      if (v.contains(key.substring(0, Math.max(0, key.indexOf('.'))))) {
        kept.put(key, values);
      }
    });
    return new Matrix(v, kept, axes);
  }

  /** These settings replace the same keys of this matrix's and keep the others. */
  public Matrix withSettings(Map<String, List<String>> overrides) {
    Map<String, List<String>> merged = new LinkedHashMap<>(settings);
    merged.putAll(overrides);
    return new Matrix(stores, merged, axes);
  }

  /**
   * Entry counts multiplied by {@code factor} (at least 1 each), and batch sizes with them so a
   * scaled run keeps the same number of commits per pass.
   */
  public Matrix scaled(double factor) {
    if (!(factor > 0)) {
      throw new IllegalArgumentException("scale must be above 0, got " + factor);
    }
    List<DataSize> sizes = get(Axes.DATA_SIZES);
    if (factor != 1 && !sizes.isEmpty() && sizes.stream().allMatch(DataSize::relative)) {
      // the entries follow from the data sizes, which no scale changes: scaling the batches alone would
      // quietly change what the run measures
      throw new IllegalArgumentException("scale " + factor + " would change nothing of the data: matrix.dataSizes "
          + sizes.stream().map(DataSize::toString).collect(java.util.stream.Collectors.joining(", "))
          + " are multiples of the memory limit or of this host's memory, relations a scale keeps since they make the"
          + " run what it is (data within and beyond memory); for a smaller run give a smaller jvm.memoryLimit, or"
          + " leave out the scale");
    }
    Map<Axis<?>, List<?>> next = new LinkedHashMap<>();
    axes.forEach((axis, values) -> next.put(axis, scaled(axis, values, factor)));
    return new Matrix(stores, settings, next);
  }

  /**
   * What {@code factor} changes of this matrix and what it keeps, in a sentence for a scaled run's
   * first lines: a preset's description gives its sizes unscaled.
   */
  public String describeScale(double factor) {
    return describeScale(factor, ScaleNote.ALL);
  }

  /** What a scale note speaks of: every axis a scale changes, or only the traces (a run of replays alone). */
  public enum ScaleNote {
    ALL,
    /** A replay's data and sizes are its trace's: only a drawn trace's length scales. */
    TRACES_ONLY
  }

  /** {@link #describeScale(double)}, of the axes {@code note} says. */
  public String describeScale(double factor, ScaleNote note) {
    Matrix to = scaled(factor);
    if (note == ScaleNote.TRACES_ONLY) {
      return "scale " + factor + ": " + (get(Axes.TRACES).equals(to.get(Axes.TRACES)) ? "nothing to scale"
          : "drawn traces " + traceNames(this) + " -> " + traceNames(to)) + "; a recorded trace is replayed whole, and a"
          + " replay's keys and sizes are its trace's";
    }
    List<String> changed = new java.util.ArrayList<>();
    List<DataSize> sizes = get(Axes.DATA_SIZES);
    boolean sized = sizes.stream().anyMatch(DataSize::sizes);
    if (!sized || sizes.stream().anyMatch(s -> !s.sizes())) {
      changed.add("entries " + join(Axes.ENTRIES, this) + " -> " + join(Axes.ENTRIES, to));
    }
    if (sized && !sizes.stream().allMatch(s -> !s.sizes() || s.relative())) {
      changed.add("data sizes " + join(Axes.DATA_SIZES, this) + " -> " + join(Axes.DATA_SIZES, to));
    }
    if (!get(Axes.BATCH_SIZES).equals(to.get(Axes.BATCH_SIZES))) {
      changed.add("batch sizes " + join(Axes.BATCH_SIZES, this) + " -> " + join(Axes.BATCH_SIZES, to));
    }
    if (!get(Axes.TRACES).equals(to.get(Axes.TRACES))) {
      changed.add("drawn traces " + traceNames(this) + " -> " + traceNames(to) + " (recorded traces are replayed whole)");
    }
    List<String> kept = new java.util.ArrayList<>();
    sizes.stream().filter(DataSize::relative).map(DataSize::toString).forEach(kept::add);
    kept.add("value sizes, durations, rates and thread counts");
    return "scale " + factor + ": " + String.join(", ", changed) + "; kept: " + String.join(", ", kept)
        + " (a preset's description gives its sizes unscaled)";
  }

  private static String traceNames(Matrix m) {
    return m.get(Axes.TRACES).stream().filter(t -> !t.equals(TraceFiles.NONE))
        .map(t -> dev.kvbench.workload.trace.ReplaySpec.parse(t).fileName())
        .collect(java.util.stream.Collectors.joining(" "));
  }

  private static <T> String join(Axis<T> axis, Matrix m) {
    return m.get(axis).stream().map(v -> v instanceof Long n && n != ALL_IN_ONE
        ? String.format(java.util.Locale.ROOT, "%,d", n) : axis.text(v))
        .collect(java.util.stream.Collectors.joining(" "));
  }

  @SuppressWarnings("unchecked")
  private static <T> List<T> scaled(Axis<T> axis, List<?> values, double factor) {
    return axis.scaled((List<T>) values, factor);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Matrix m && stores.equals(m.stores) && settings.equals(m.settings) && axes.equals(m.axes);
  }

  @Override
  public int hashCode() {
    return Objects.hash(stores, settings, axes);
  }

  @Override
  public String toString() {
    return "Matrix[stores=" + stores + ", settings=" + settings + ", " + axes + "]";
  }
}
