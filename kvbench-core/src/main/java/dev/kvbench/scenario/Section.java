package dev.kvbench.scenario;

import dev.kvbench.workload.Traffic;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A section of a scenario whose settings are rows ({@link Setting}): its name in scenario files
 * ({@code repetitions:}, {@code jvm:}), the record that holds its values, where that record is in a
 * {@link Scenario}, and its rows in the order files write them and changes apply. Scenario files,
 * the CLI's flags and {@link ScenarioOverrides} go through {@link #ALL}.
 *
 * @param <S> the section's record
 */
public final class Section<S> {

  /** The scenario's own settings at the top of its file (seed, cellTimeout, latencySample): its record is the scenario. */
  public static final Section<Scenario> TOP = new Section<>("", null, scenario -> scenario, (scenario, s) -> s,
      ScenarioSettings.ALL);

  public static final Section<Repetitions> REPETITIONS = new Section<>("repetitions", Repetitions.DEFAULT,
      Scenario::repetitions, Scenario::withRepetitions, RepetitionSettings.ALL);

  public static final Section<JvmOptions> JVM = new Section<>("jvm", JvmOptions.DEFAULT, Scenario::jvm,
      Scenario::withJvm, JvmSettings.ALL);

  public static final Section<Traffic> TRAFFIC = new Section<>("traffic", Traffic.DEFAULT, Scenario::traffic,
      Scenario::withTraffic, TrafficSettings.ALL);

  /** Every section of rows, in the order changes apply: the forks before what needs forks. */
  public static final List<Section<?>> ALL = List.of(TOP, REPETITIONS, JVM, TRAFFIC);

  private final String name;
  private final S defaults;
  private final Function<Scenario, S> getter;
  private final BiFunction<Scenario, S, Scenario> setter;
  private final List<Setting<S, ?>> rows;

  private Section(String name, S defaults, Function<Scenario, S> get, BiFunction<Scenario, S, Scenario> set,
      List<Setting<S, ?>> rows) {
    this.name = name;
    this.defaults = defaults;
    this.getter = get;
    this.setter = set;
    this.rows = List.copyOf(rows);
  }

  /** The section's key in scenario files, e.g. {@code jvm}; empty for the top of the file. */
  public String name() {
    return name;
  }

  /** The section's values where a scenario file sets none of them. */
  public S defaults() {
    return defaults;
  }

  public List<Setting<S, ?>> rows() {
    return rows;
  }

  /** The row of {@code key} in this section, or null. */
  public Setting<S, ?> row(String key) {
    return rows.stream().filter(r -> r.key().equals(key)).findFirst().orElse(null);
  }

  /** The section's record in {@code scenario}. */
  public S of(Scenario scenario) {
    return getter.apply(scenario);
  }

  /** {@code scenario} with this section's record {@code values}. */
  public Scenario with(Scenario scenario, S values) {
    return setter.apply(scenario, values);
  }

  /**
   * Why a value in {@code record} needs forked cells, for cells that run in this JVM ({@code forks
   * 0}): the first row that says so, at its pointer; null where none does (or no record is given).
   */
  ScenarioException forksRefusal(S record) {
    if (record == null) {
      return null;
    }
    for (Setting<S, ?> row : rows) {
      String why = whyForks(row, record);
      if (why != null) {
        return new ScenarioException(row.pointer(), row.name() + " " + why);
      }
    }
    return null;
  }

  private static <S, T> String whyForks(Setting<S, T> row, S record) {
    return row.needsForks(row.get(record));
  }

  @Override
  public String toString() {
    return name;
  }
}
