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
  private Long seed;
  private Integer forks;
  private Integer warmupPasses;
  private Long warmupMillis;
  private Integer measuredPasses;
  private ReadCache readCache;
  private Boolean traceCommits;
  private final Map<Setting<JvmOptions, ?>, Object> jvm = new LinkedHashMap<>();
  private Duration cellTimeout;
  private Integer latencySample;
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
    this.seed = value;
    return this;
  }

  public ScenarioOverrides forks(int count) {
    this.forks = count;
    return this;
  }

  public ScenarioOverrides warmupPasses(int count) {
    this.warmupPasses = count;
    return this;
  }

  public ScenarioOverrides warmupMillis(long millis) {
    this.warmupMillis = millis;
    return this;
  }

  public ScenarioOverrides measuredPasses(int count) {
    this.measuredPasses = count;
    return this;
  }

  public ScenarioOverrides readCache(ReadCache cache) {
    this.readCache = cache;
    return this;
  }

  public ScenarioOverrides traceCommits(boolean trace) {
    this.traceCommits = trace;
    return this;
  }

  /** A setting of the cells' JVM, one of {@link JvmSettings#ALL}, at {@code value}. */
  public <T> ScenarioOverrides jvm(Setting<JvmOptions, T> setting, T value) {
    jvm.put(setting, value);
    return this;
  }

  /** The forked cells' maximum heap, as {@code -Xmx} takes it. */
  public ScenarioOverrides heap(String size) {
    return jvm(JvmSettings.HEAP, size);
  }

  public ScenarioOverrides cellTimeout(Duration timeout) {
    this.cellTimeout = timeout;
    return this;
  }

  public ScenarioOverrides latencySample(int interval) {
    this.latencySample = interval;
    return this;
  }

  /** A change to the threaded phases' traffic (rate, duration ...); changes apply in the order given. */
  public ScenarioOverrides traffic(UnaryOperator<Traffic> change) {
    traffic.add(change);
    return this;
  }

  /** Whether nothing is set: the scenario would be unchanged. */
  public boolean isEmpty() {
    return stores == null && settings.isEmpty() && axes.isEmpty() && scale == null && custom == null
        && phases == null && seed == null && forks == null && warmupPasses == null && warmupMillis == null
        && measuredPasses == null && readCache == null && traceCommits == null && jvm.isEmpty()
        && cellTimeout == null && latencySample == null && traffic.isEmpty();
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
      case "seed" -> seed != null;
      case "traffic" -> !traffic.isEmpty();
      case "custom" -> custom != null;
      case "repetitions" -> forks != null || warmupPasses != null || warmupMillis != null || measuredPasses != null
          || readCache != null || traceCommits != null;
      case "jvm" -> jvm.keySet().stream().anyMatch(row -> field.isEmpty() || row.key().equals(field));
      case "cellTimeout" -> cellTimeout != null;
      case "latencySample" -> latencySample != null;
      default -> !isEmpty();
    };
  }

  /** {@code s} with every change set here. Throws IllegalArgumentException for a value it cannot take. */
  public Scenario applyTo(Scenario s) {
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
    if (seed != null) {
      s = s.withSeed(seed);
    }
    Repetitions r = s.repetitions();
    if (forks != null || warmupPasses != null || warmupMillis != null || measuredPasses != null) {
      r = new Repetitions(forks != null ? forks : r.forks(), warmupPasses != null ? warmupPasses : r.warmupPasses(),
          warmupMillis != null ? warmupMillis : r.warmupMillis(),
          measuredPasses != null ? measuredPasses : r.measuredPasses(), r.readCache(), r.traceCommits());
    }
    if (readCache != null) {
      r = r.withReadCache(readCache);
    }
    if (traceCommits != null) {
      r = r.withTraceCommits(traceCommits);
    }
    s = s.withRepetitions(r);
    if (!jvm.isEmpty()) {
      JvmOptions j = s.jvm();
      // in the table's order: the options before the profiler, which refuses an option that records the JVM
      for (Setting<JvmOptions, ?> row : JvmSettings.ALL) {
        if (jvm.containsKey(row)) {
          j = with(j, row, jvm.get(row));
        }
      }
      s = s.withJvm(j);
    }
    if (cellTimeout != null) {
      s = s.withCellTimeout(cellTimeout);
    }
    if (latencySample != null) {
      s = s.withLatencySample(latencySample);
    }
    return s;
  }

  @SuppressWarnings("unchecked")
  private static <T> JvmOptions with(JvmOptions j, Setting<JvmOptions, T> row, Object value) {
    return row.with(j, (T) value);
  }

  @SuppressWarnings("unchecked")
  private static <T> Matrix with(Matrix m, Axis<T> axis, List<?> values) {
    return m.with(axis, (List<T>) values);
  }
}
