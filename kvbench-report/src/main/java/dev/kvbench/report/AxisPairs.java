package dev.kvbench.report;

import dev.kvbench.stats.ForkRatio;
import dev.kvbench.result.CellResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The values one run swept on an axis, as pairs a {@link Comparison} can take, paired by round: the
 * stores ({@code store}), or a store setting ({@code KEY} or {@code STORE.KEY}, e.g. {@code scanVia},
 * {@code mvstore.scanVia}; {@code version} is {@link VersionPairs}'). Per store (per run for
 * stores), the baseline value's cells against each other value's, with the axis taken out so the
 * cells match by workload and other settings. Fork k of every cell of a run ran in round k, the
 * variants of a workload back to back, so each pair is judged by its rounds' log-ratios.
 */
public final class AxisPairs {

  /** The axis that compares stores with one another. */
  public static final String STORE = "store";

  /**
   * One value of the axis against another.
   *
   * @param scope the store whose setting was swept, or "stores" when the stores are compared
   */
  public record Pair(String axis, String scope, String baseline, String candidate, RunResults baselineSide,
      RunResults candidateSide) {

    /** The candidate value's cells against the baseline's by {@code rule}, their forks paired by round. */
    public Comparison compare(Comparison.Rule rule) {
      return Comparison.of(List.of(baselineSide), List.of(candidateSide), rule.pairedAs(ForkRatio.Pairing.BY_ROUND));
    }
  }

  private AxisPairs() {}

  /**
   * The pairs of {@code run} on {@code axis}, {@code baseline} (a value of it, or null for the first
   * the run has) against each other value. Throws IllegalArgumentException, naming what the run
   * did sweep, when it has one value of the axis only or {@code baseline} is not among them.
   */
  public static List<Pair> of(RunResults run, String axis, String baseline) {
    if (axis.equals(VersionPairs.VERSION)) {
      List<Pair> out = new ArrayList<>();
      for (VersionPairs.Pair p : VersionPairs.of(run, baseline)) {
        out.add(new Pair(axis, p.store(), p.baseline(), p.candidate(), p.baselineSide(), p.candidateSide()));
      }
      return out;
    }
    if (axis.equals(STORE)) {
      return stores(run, baseline);
    }
    return setting(run, axis, baseline);
  }

  private static List<Pair> stores(RunResults run, String baseline) {
    // in the scenario's order (the first is the default baseline), whatever order the cells ended in
    Set<String> stores = new LinkedHashSet<>(scenarioStores(run));
    run.cells().forEach(c -> stores.add(c.store()));
    stores.removeIf(s -> run.cells().stream().noneMatch(c -> c.store().equals(s)));
    if (stores.size() < 2) {
      throw new IllegalArgumentException(run.source() + " ran one store (" + String.join(", ", stores)
          + "); comparing by store needs a run of two or more, e.g. kvbench run --stores lmdbjava-agrona,rocksdb");
    }
    String base = baseline == null ? stores.iterator().next() : require(baseline, stores, run, STORE);
    List<Pair> pairs = new ArrayList<>();
    List<CellResult> baseCells = run.cells().stream().filter(c -> c.store().equals(base))
        .map(c -> c.withStore(STORE)).toList();
    for (String other : stores) {
      if (!other.equals(base)) {
        List<CellResult> otherCells = run.cells().stream().filter(c -> c.store().equals(other))
            .map(c -> c.withStore(STORE)).toList();
        pairs.add(new Pair(STORE, "stores", base, other, run.withCells(run.source() + " (" + base + ")", baseCells),
            run.withCells(run.source() + " (" + other + ")", otherCells)));
      }
    }
    return pairs;
  }

  private static List<Pair> setting(RunResults run, String axis, String baseline) {
    int dot = axis.lastIndexOf('.');
    String onlyStore = dot > 0 ? axis.substring(0, dot) : null;
    String key = dot > 0 ? axis.substring(dot + 1) : axis;
    Map<String, Set<String>> valuesByStore = new LinkedHashMap<>();
    for (CellResult c : run.cells()) {
      if ((onlyStore == null || c.store().equals(onlyStore)) && c.settings().containsKey(key)) {
        valuesByStore.computeIfAbsent(c.store(), s -> new LinkedHashSet<>()).add(c.settings().get(key));
      }
    }
    valuesByStore.values().removeIf(v -> v.size() < 2);
    if (valuesByStore.isEmpty()) {
      throw new IllegalArgumentException("--by " + axis + ": " + run.source() + " did not sweep "
          + (onlyStore == null ? "a setting " + key + " of any store" : onlyStore + "'s setting " + key)
          + " (its swept settings: " + sweptSettings(run) + "); give store, version or one of those, and run"
          + " with two values or more, e.g. -o mvstore.scanVia=map,cursor");
    }
    List<Pair> pairs = new ArrayList<>();
    valuesByStore.forEach((store, values) -> {
      String base = baseline == null ? values.iterator().next() : baseline;
      if (!values.contains(base)) {
        throw new IllegalArgumentException("baseline " + baseline + " is not among the values of " + store + "."
            + key + " in " + run.source() + " (" + String.join(", ", values) + "): give one of them, exactly as"
            + " written");
      }
      for (String v : values) {
        if (!v.equals(base)) {
          pairs.add(new Pair(axis, store, base, v, side(run, store, key, base), side(run, store, key, v)));
        }
      }
    });
    return pairs;
  }

  /** The stores the run's scenario lists, in its order; none where it lists none or cannot be read. */
  private static List<String> scenarioStores(RunResults run) {
    if (run.scenario() == null) {
      return List.of();
    }
    try {
      return new dev.kvbench.scenario.ScenarioFiles().parse(run.scenario(), run.source() + " (its scenario)",
          run.scenarioName(), null).matrix().stores();
    } catch (RuntimeException e) {
      return List.of(); // a scenario this kvbench cannot read: the cells' order
    }
  }

  private static String require(String value, Set<String> values, RunResults run, String axis) {
    if (!values.contains(value)) {
      throw new IllegalArgumentException("baseline " + value + " is not among the " + axis + " values of "
          + run.source() + " (" + String.join(", ", values) + "): give one of them, exactly as written");
    }
    return value;
  }

  /** STORE.KEY of every setting with two values or more among a store's cells, or "none". */
  private static String sweptSettings(RunResults run) {
    Map<String, Set<String>> values = new LinkedHashMap<>();
    run.cells().forEach(c -> c.settings().forEach((k, v) -> values.computeIfAbsent(c.store() + "." + k,
        x -> new LinkedHashSet<>()).add(v)));
    List<String> swept = values.entrySet().stream().filter(e -> e.getValue().size() > 1).map(Map.Entry::getKey)
        .toList();
    return swept.isEmpty() ? "none" : String.join(", ", swept);
  }

  /** The cells of {@code store} whose {@code key} is {@code value}, the key taken out of their settings. */
  static RunResults side(RunResults run, String store, String key, String value) {
    List<CellResult> cells = new ArrayList<>();
    for (CellResult c : run.cells()) {
      if (c.store().equals(store) && value.equals(c.settings().get(key))) {
        Map<String, String> settings = new LinkedHashMap<>(c.settings());
        settings.remove(key);
        cells.add(c.withSettings(settings));
      }
    }
    return run.withCells(run.source() + " (" + store + " " + key + "=" + value + ")", cells);
  }
}
