package dev.kvbench.scenario;

import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Changes to a scenario, as {@code kvbench run}'s flags and {@link dev.kvbench.bench.Benchmark}'s
 * builder give them: what is set replaces the scenario's, the rest stays. {@link #applyTo} makes
 * the changed scenario. Not thread-safe; each setter returns this.
 */
public final class ScenarioOverrides {

  private List<String> stores;
  private final Map<String, List<String>> settings = new LinkedHashMap<>();
  private final Map<Axis<?>, List<?>> axes = new LinkedHashMap<>();
  private Double scale;
  private CustomMix custom;
  private List<Phase> phases;
  /** The rows set, of every {@link Section}. */
  private final Map<Setting<?, ?>, Object> rows = new LinkedHashMap<>();
  private final List<UnaryOperator<Traffic>> traffic = new ArrayList<>();

  /** The stores to run, by id; empty for every available one. */
  public ScenarioOverrides stores(List<String> ids) {
    this.stores = List.copyOf(ids);
    return this;
  }

  /** Store settings, {@code store.key} to the values to sweep; they replace the same keys of the scenario's. */
  public ScenarioOverrides settings(Map<String, List<String>> values) {
    settings.putAll(values);
    return this;
  }

  /** The values of one axis. */
  public <T> ScenarioOverrides axis(Axis<T> axis, List<T> values) {
    axes.put(axis, List.copyOf(values));
    return this;
  }

  /** Entry counts (and batch sizes) multiplied by {@code factor}, after every other matrix change. */
  public ScenarioOverrides scale(double factor) {
    this.scale = factor;
    return this;
  }

  public ScenarioOverrides custom(CustomMix mix) {
    this.custom = mix;
    return this;
  }

  public ScenarioOverrides phases(List<Phase> chosen) {
    this.phases = List.copyOf(chosen);
    return this;
  }

  public ScenarioOverrides seed(long value) {
    return set(ScenarioSettings.SEED, value);
  }

  public ScenarioOverrides forks(int count) {
    return set(RepetitionSettings.FORKS, count);
  }

  public ScenarioOverrides warmupPasses(int count) {
    return set(RepetitionSettings.WARMUP_PASSES, count);
  }

  public ScenarioOverrides warmupMillis(long millis) {
    return set(RepetitionSettings.WARMUP_MILLIS, millis);
  }

  public ScenarioOverrides measuredPasses(int count) {
    return set(RepetitionSettings.MEASURED, count);
  }

  public ScenarioOverrides readCache(ReadCache cache) {
    return set(RepetitionSettings.READ_CACHE, cache);
  }

  public ScenarioOverrides traceCommits(boolean trace) {
    return set(RepetitionSettings.TRACE_COMMITS, trace);
  }

  /** A row of a {@link Section} ({@link JvmSettings}, {@link RepetitionSettings}) at {@code value}. */
  public <S, T> ScenarioOverrides set(Setting<S, T> row, T value) {
    rows.put(row, value);
    return this;
  }

  /** The forked cells' maximum heap, as {@code -Xmx} takes it. */
  public ScenarioOverrides heap(String size) {
    return set(JvmSettings.HEAP, size);
  }

  public ScenarioOverrides cellTimeout(Duration timeout) {
    return set(ScenarioSettings.CELL_TIMEOUT, timeout);
  }

  public ScenarioOverrides latencySample(int interval) {
    return set(ScenarioSettings.LATENCY_SAMPLE, interval);
  }

  /** A change to the threaded phases' traffic (rate, duration ...); changes apply in the order given. */
  public ScenarioOverrides traffic(UnaryOperator<Traffic> change) {
    traffic.add(change);
    return this;
  }

  /** Whether nothing is set: the scenario would be unchanged. */
  public boolean isEmpty() {
    return stores == null && settings.isEmpty() && axes.isEmpty() && scale == null && custom == null
        && phases == null && rows.isEmpty() && traffic.isEmpty();
  }

  /**
   * Whether a change set here replaces the scenario field at {@code pointer} (a JSON pointer such as
   * {@code /matrix/entries/1}, or {@code /matrix} for a problem of a combination of axes): a
   * problem found there is then not the scenario file's, and its line would mislead.
   */
  public boolean changes(String pointer) {
    String[] parts = pointer.split("/");
    String top = parts.length > 1 ? parts[1] : "";
    String field = parts.length > 2 ? parts[2] : "";
    return switch (top) {
      case "matrix" -> switch (field) {
        case "" -> stores != null || !settings.isEmpty() || !axes.isEmpty() || scale != null;
        case "stores" -> stores != null;
        case "settings" -> !settings.isEmpty() || stores != null;
        default -> axes.keySet().stream().anyMatch(a -> a.key().equals(field))
            || scale != null && (field.equals(Axes.ENTRIES.key()) || field.equals(Axes.BATCH_SIZES.key()));
      };
      case "phases" -> phases != null;
      case "traffic" -> !traffic.isEmpty() || rows.keySet().stream().anyMatch(row -> row.pointer().startsWith("/traffic/"));
      case "custom" -> custom != null;
      case "repetitions", "jvm" -> rows.keySet().stream().anyMatch(row -> row.pointer().startsWith("/" + top + "/")
          && (field.isEmpty() || row.key().equals(field)));
      default -> Section.TOP.row(top) != null ? rows.containsKey(Section.TOP.row(top)) : !isEmpty();
    };
  }

  /** {@code s} with every change set here. Throws IllegalArgumentException for a value it cannot take. */
  public Scenario applyTo(Scenario s) {
    Matrix m = unscaled(s);
    if (scale != null) {
      m = m.scaled(scale);
    }
    s = s.withMatrix(m);
    Traffic t = s.traffic();
    for (UnaryOperator<Traffic> change : traffic) {
      t = change.apply(t);
    }
    s = s.withTraffic(t);
    // the operations before the phases: a scenario with the custom phase and none is refused
    if (custom != null) {
      s = s.withCustom(custom);
    }
    if (phases != null) {
      s = s.withPhases(phases);
    }
    // the forks before the JVM's settings, some of which need forked cells
    for (Section<?> section : Section.ALL) {
      s = applied(s, section);
    }
    return s;
  }

  /**
   * What the scale set here changes and keeps of {@code s}'s matrix with the other changes, for a
   * scaled run's first lines; null without a scale (or a scale of 1).
   */
  public String scaleNote(Scenario s) {
    if (scale == null || scale == 1) {
      return null;
    }
    // a replay's data is its trace's: the matrix's entries it does not use are not news
    List<Phase> run = phases != null ? phases : s.phases();
    boolean replayOnly = !run.isEmpty() && run.stream().allMatch(p -> p == Phase.REPLAY);
    return unscaled(s).describeScale(scale, replayOnly ? Matrix.ScaleNote.TRACES_ONLY : Matrix.ScaleNote.ALL);
  }

  /** {@code s}'s matrix with the stores, axes and settings set here, before any scale. */
  private Matrix unscaled(Scenario s) {
    Matrix m = s.matrix();
    if (stores != null) {
      m = m.withStores(stores);
    }
    for (Map.Entry<Axis<?>, List<?>> e : axes.entrySet()) {
      m = with(m, e.getKey(), e.getValue());
    }
    if (!settings.isEmpty()) {
      m = m.withSettings(settings);
    }
    return m;
  }

  /** {@code s} with the rows of {@code section} set here, in the section's order. */
  private <S> Scenario applied(Scenario s, Section<S> section) {
    S record = section.of(s);
    boolean any = false;
    for (Setting<S, ?> row : section.rows()) {
      if (rows.containsKey(row)) {
        record = with(record, row, rows.get(row));
        any = true;
      }
    }
    return any ? section.with(s, record) : s;
  }

  @SuppressWarnings("unchecked")
  private static <S, T> S with(S record, Setting<S, T> row, Object value) {
    return row.with(record, (T) value);
  }

  @SuppressWarnings("unchecked")
  private static <T> Matrix with(Matrix m, Axis<T> axis, List<?> values) {
    return m.with(axis, (List<T>) values);
  }
}
