package dev.kvbench.scenario;

import dev.kvbench.codec.ValueCodecs;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.workload.CustomMix;
import dev.kvbench.workload.Phase;
import dev.kvbench.workload.Traffic;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What to run: a matrix of stores and parameters, the phases, how often, and in which JVMs. From
 * a YAML file ({@link ScenarioFiles}), a preset ({@link Presets}), or built in code; flags narrow
 * or widen it through the {@code with} methods. {@link #cells} expands it into the cells a runner
 * executes.
 *
 * @param name short name, used in result file names and tables
 * @param description what the scenario reproduces, one paragraph
 * @param phases the phases each cell reports, in the order they run (the store is always loaded)
 * @param seed the random seed of key order, values and latency sampling
 * @param cellTimeout a forked cell running longer is killed (after a thread dump) and recorded failed
 * @param latencySample about one op in this many is timed for the latency percentiles
 * @param traffic how the threaded phases are driven: target rate, duration, operations, YCSB knobs
 * @param custom the user's operations that the {@code custom} phase runs ({@link CustomMix#NONE} without one)
 */
public record Scenario(
    String name,
    String description,
    Matrix matrix,
    List<Phase> phases,
    long seed,
    Repetitions repetitions,
    JvmOptions jvm,
    Duration cellTimeout,
    int latencySample,
    Traffic traffic,
    CustomMix custom,
    CapacityGoal goal) {

  public static final long DEFAULT_SEED = 20160710;
  public static final Duration DEFAULT_CELL_TIMEOUT = Duration.ofHours(1);
  public static final int DEFAULT_LATENCY_SAMPLE = 64;

  /** A scenario with the default traffic. */
  public Scenario(String name, String description, Matrix matrix, List<Phase> phases, long seed,
      Repetitions repetitions, JvmOptions jvm, Duration cellTimeout, int latencySample) {
    this(name, description, matrix, phases, seed, repetitions, jvm, cellTimeout, latencySample, Traffic.DEFAULT);
  }

  /** A scenario without custom operations. */
  public Scenario(String name, String description, Matrix matrix, List<Phase> phases, long seed,
      Repetitions repetitions, JvmOptions jvm, Duration cellTimeout, int latencySample, Traffic traffic) {
    this(name, description, matrix, phases, seed, repetitions, jvm, cellTimeout, latencySample, traffic,
        CustomMix.NONE);
  }

  /** The latency budget of the threaded phases' rates ({@link Sla#NONE} for none); how {@code rates: auto} searches. */
  public Sla sla() {
    return goal.sla();
  }

  public RateSearch search() {
    return goal.search();
  }

  /** A scenario without an SLA. */
  public Scenario(String name, String description, Matrix matrix, List<Phase> phases, long seed,
      Repetitions repetitions, JvmOptions jvm, Duration cellTimeout, int latencySample, Traffic traffic,
      CustomMix custom) {
    this(name, description, matrix, phases, seed, repetitions, jvm, cellTimeout, latencySample, traffic, custom,
        CapacityGoal.NONE);
  }

  /** The shortest cell timeout: below it every forked cell would be killed while its JVM starts. */
  public static final Duration MIN_CELL_TIMEOUT = Duration.ofSeconds(1);

  public Scenario {
    traffic = traffic == null ? Traffic.DEFAULT : traffic;
    custom = custom == null ? CustomMix.NONE : custom;
    goal = goal == null ? CapacityGoal.NONE : goal;
    if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new ScenarioException("/name", "name '" + name + "' must be letters, digits, '.', '_' or '-'");
    }
    description = description == null ? "" : description;
    phases = phases == null || phases.isEmpty() ? Phase.LMDBJAVA_2016_PHASES : List.copyOf(phases);
    String noOperations = custom.problemWith(phases);
    if (noOperations != null) {
      throw new ScenarioException("/phases", noOperations);
    }
    if (cellTimeout == null || cellTimeout.compareTo(MIN_CELL_TIMEOUT) < 0) {
      throw new ScenarioException("/cellTimeout", "cellTimeout must be at least " + MIN_CELL_TIMEOUT.toSeconds()
          + " s (a cell's JVM takes about a second just to start), such as 30m or 2h; got "
          + (cellTimeout == null ? "none" : cellTimeout.toMillis() + " ms"));
    }
    if (latencySample < 1) {
      throw new ScenarioException("/latencySample", "latencySample must be at least 1, got " + latencySample);
    }
    if (repetitions != null && repetitions.forks() == 0) {
      // a section's row that needs forked cells, whichever section: a new row is checked with no change here
      for (ScenarioException refusal : new ScenarioException[] {Section.REPETITIONS.forksRefusal(repetitions),
          Section.JVM.forksRefusal(jvm), Section.TRAFFIC.forksRefusal(traffic)}) {
        if (refusal != null) {
          throw refusal;
        }
      }
    }
  }

  /** kvbench's bare default run (the {@code quick} preset has the same matrix). */
  public static Scenario defaults(String name) {
    return new Scenario(name, "", Matrix.DEFAULT, List.of(), DEFAULT_SEED, Repetitions.DEFAULT, JvmOptions.DEFAULT,
        DEFAULT_CELL_TIMEOUT, DEFAULT_LATENCY_SAMPLE, Traffic.DEFAULT);
  }

  public Scenario withMatrix(Matrix m) {
    return new Scenario(name, description, m, phases, seed, repetitions, jvm, cellTimeout, latencySample, traffic, custom, goal);
  }

  public Scenario withPhases(List<Phase> p) {
    return new Scenario(name, description, matrix, p, seed, repetitions, jvm, cellTimeout, latencySample, traffic, custom, goal);
  }

  public Scenario withSeed(long s) {
    return new Scenario(name, description, matrix, phases, s, repetitions, jvm, cellTimeout, latencySample, traffic, custom, goal);
  }

  public Scenario withRepetitions(Repetitions r) {
    return new Scenario(name, description, matrix, phases, seed, r, jvm, cellTimeout, latencySample, traffic, custom, goal);
  }

  public Scenario withJvm(JvmOptions j) {
    return new Scenario(name, description, matrix, phases, seed, repetitions, j, cellTimeout, latencySample, traffic, custom, goal);
  }

  public Scenario withCellTimeout(Duration t) {
    return new Scenario(name, description, matrix, phases, seed, repetitions, jvm, t, latencySample, traffic, custom, goal);
  }

  public Scenario withLatencySample(int l) {
    return new Scenario(name, description, matrix, phases, seed, repetitions, jvm, cellTimeout, l, traffic, custom, goal);
  }

  public Scenario withCustom(CustomMix c) {
    return new Scenario(name, description, matrix, phases, seed, repetitions, jvm, cellTimeout, latencySample, traffic, c, goal);
  }

  public Scenario withGoal(CapacityGoal g) {
    return new Scenario(name, description, matrix, phases, seed, repetitions, jvm, cellTimeout, latencySample, traffic,
        custom, g);
  }

  /** Whether the rates are searched ({@code rates: auto}): cells at no rate, given their rates by the runner's search. */
  public boolean searchesRates() {
    return matrix.get(Axes.RATES).contains(Axes.AUTO_RATE);
  }

  public Scenario withTraffic(Traffic t) {
    return new Scenario(name, description, matrix, phases, seed, repetitions, jvm, cellTimeout, latencySample, t, custom, goal);
  }

  /**
   * Every combination of the matrix, in a fixed order (key type, order, entries, value size,
   * value content, codec, batch size, durability, threads, store, then the store's swept settings), so shards and resumed runs
   * agree on which cell is which. Throws {@link ScenarioException} for an unknown or unavailable
   * store, or a setting a store does not have or cannot take.
   */
  public List<CellParams> cells(StoreRegistry registry) {
    return cells(registry, DEFAULT_MAX_CELLS);
  }

  /**
   * The most cells a matrix may expand to unless the caller allows more: far beyond any run that
   * could finish (100,000 cells of a second each take 28 hours), and small enough that a mistyped
   * sweep is refused up front instead of filling the heap.
   */
  public static final long DEFAULT_MAX_CELLS = 100_000;

  /** {@link #cells(StoreRegistry)}, refusing a matrix of more than {@code maxCells} cells before expanding it. */
  public List<CellParams> cells(StoreRegistry registry, long maxCells) {
    return cells(registry, maxCells, dev.kvbench.host.HostFiles.system());
  }

  /**
   * {@link #cells(StoreRegistry, long)} on {@code host}, whose memory alone is read, and only to size
   * the entries of a data size that is a multiple of it ({@code 0.5xmemory}); such a cell's id
   * names the multiple, not the entries, so every host expands a scenario to the same ids.
   */
  public List<CellParams> cells(StoreRegistry registry, long maxCells, dev.kvbench.host.HostFiles host) {
    List<String> storeIds = storeIds(registry);
    long count = cellCount(registry, storeIds);
    if (count > maxCells) {
      throw new ScenarioException("/matrix", String.format(java.util.Locale.ROOT, "this matrix expands to %s cells,"
          + " more than the limit of %,d: shorten its sweeps (each list multiplies the others), or raise the limit"
          + " (maxCells) if you mean it",
          count == Long.MAX_VALUE ? "more than 9.2e18" : String.format(java.util.Locale.ROOT, "%,d", count), maxCells));
    }
    requireCodecs();
    requireTimingFits();
    RateSweeps.requireJudgeable(this);
    for (Axis<?> axis : Axes.ALL) {
      requireValid(axis);
    }
    TraceFiles.requireReplayed(this);
    requireForksForLibrarySweeps(registry, storeIds);
    Map<String, List<Map<String, String>>> settingCombos = settingCombinations(registry, storeIds);
    List<CellParams> cells = new ArrayList<>();
    java.util.Set<String> ids = new java.util.HashSet<>();
    for (AxisValues values : axisCombinations()) {
      for (String store : storeIds) {
        for (Map<String, String> settings : settingCombos.get(store)) {
          CellParams cell = cell(registry.require(store), values, settings, host);
          // a batch at least as large as the entries is one batch: the same cell as "all"
          if (ids.add(cell.id())) {
            cells.add(cell);
          }
        }
      }
    }
    return cells;
  }

  /**
   * A sweep of native libraries needs a JVM per cell: a process loads one library of a name, so
   * with forks 0 the second cell would fail after the first had run.
   */
  private void requireForksForLibrarySweeps(StoreRegistry registry, List<String> storeIds) {
    if (repetitions.forks() > 0) {
      return;
    }
    for (String store : storeIds) {
      for (dev.kvbench.store.SettingSpec spec : registry.require(store).settings()) {
        List<String> values = matrix.settings().getOrDefault(store + "." + spec.key(), List.of());
        if (spec.type() == dev.kvbench.store.SettingSpec.SettingType.FILE && values.size() > 1) {
          throw new ScenarioException("/matrix/settings", store + "." + spec.key() + " sweeps " + values.size()
              + " native libraries, but with forks 0 every cell runs in this JVM, which loads one: set forks to 1 or"
              + " more");
        }
      }
    }
  }

  /** Every combination of the axes' swept values, the first axis varying slowest. */
  private List<AxisValues> axisCombinations() {
    List<AxisValues> combos = new ArrayList<>();
    combos.add(AxisValues.NONE);
    for (Axis<?> axis : Axes.ALL) {
      List<AxisValues> next = new ArrayList<>();
      for (AxisValues base : combos) {
        for (Object value : swept(axis)) {
          next.add(base.with(axis, value));
        }
      }
      combos = next;
    }
    return combos;
  }

  /** The values the cells take of {@code axis}: the matrix's, or its neutral one when no phase uses it. */
  private <T> List<T> swept(Axis<T> axis) {
    return axis.swept(matrix.get(axis), phases);
  }

  /**
   * How many cells the matrix expands to (at most; a batch at least as large as the entries is
   * counted apart from "all"), worked out from the axes' sizes alone, without expanding anything;
   * {@code Long.MAX_VALUE} when it does not fit a long.
   */
  public long cellCount(StoreRegistry registry) {
    return cellCount(registry, storeIds(registry));
  }

  private long cellCount(StoreRegistry registry, List<String> storeIds) {
    long common = 1;
    for (Axis<?> axis : Axes.ALL) {
      common = times(common, swept(axis).size());
    }
    long perStores = 0;
    for (String store : storeIds) {
      long combos = 1;
      for (Map.Entry<String, List<String>> e : matrix.settings().entrySet()) {
        if (e.getKey().startsWith(store + ".") && e.getKey().lastIndexOf('.') == store.length()) {
          combos = times(combos, e.getValue().size());
        }
      }
      perStores = perStores + combos < 0 ? Long.MAX_VALUE : perStores + combos;
    }
    return times(common, perStores);
  }

  private static long times(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException overflow) {
      return Long.MAX_VALUE;
    }
  }

  private CellParams cell(StoreProvider provider, AxisValues values, Map<String, String> settings,
      dev.kvbench.host.HostFiles host) {
    CellParams cell;
    try {
      DataSize size = values.get(Axes.DATA_SIZES);
      long entries = !size.sizes() ? values.get(Axes.ENTRIES) : size.entries(
          values.get(Axes.KEYS).size() + (long) values.get(Axes.VALUE_SIZES), jvm.get(JvmSettings.MEMORY_LIMIT), host);
      long batch = values.get(Axes.BATCH_SIZES);
      cell = new CellParams(provider.id(),
          new DataSet(entries, values.get(Axes.KEYS), values.get(Axes.VALUE_SIZES), values.get(Axes.VALUE_CONTENTS),
              seed),
          new WriteShape(values.get(Axes.ORDERS), batch == Matrix.ALL_IN_ONE ? entries : batch),
          new StoreSetup(settings, values.get(Axes.DURABILITY), values.get(Axes.CODECS)),
          new PhasePlan(phases, repetitions.passPlan(), latencySample),
          new Load(values.get(Axes.THREADS), RateSweeps.trafficAt(traffic, values), custom), values.withoutFields());
    } catch (ScenarioException e) {
      throw e; // a record's own check, naming its field
    } catch (IllegalArgumentException e) {
      throw new ScenarioException("/matrix", e.getMessage());
    }
    try {
      cell.validateFor(provider);
    } catch (IllegalArgumentException e) {
      throw new ScenarioException("/matrix/settings", e.getMessage());
    }
    if (cell.setup().swapsLibrary() && repetitions.forks() == 0) {
      throw new ScenarioException("/matrix/settings", provider.id() + "." + StoreSetup.VERSION + "="
          + cell.setup().libraryVersion() + " needs forked cells: with forks 0 every cell runs in this JVM, which"
          + " has the bundled " + provider.library() + " loaded; set forks to 1 or more");
    }
    return cell;
  }

  /** Each swept value of {@code axis} can run in this scenario. */
  private <T> void requireValid(Axis<T> axis) {
    for (T value : swept(axis)) {
      String problem = axis.problemWith(value, this);
      if (problem != null) {
        throw new ScenarioException(axis.pointer(), problem);
      }
    }
  }

  /**
   * A timeline's interval that some phase records and that fits its pass (a 2 s pass has no 10 h
   * interval), and passes that fit the cell's timeout: refused before any cell runs, not found out late.
   */
  private void requireTimingFits() {
    boolean rated = traffic.hasRate() || matrix.get(Axes.RATES).stream().anyMatch(r -> r > 0); // then clients record one
    boolean timeline = phases.stream().anyMatch(p -> p.sustained() || p == Phase.READ_WHILE_WRITING || rated && p.usesClients());
    if (traffic.intervalMillis() != Traffic.DEFAULT_INTERVAL_MILLIS && !timeline) {
      throw new ScenarioException("/traffic/interval", "traffic.interval " + Durations.text(traffic.intervalMillis())
          + " is the interval of a timeline, which none of this scenario's phases (" + phases.stream().map(Phase::id)
          .collect(java.util.stream.Collectors.joining(", ")) + ") records: only sustain, churn, readwhilewriting and a"
          + " phase with clients at a set rate (traffic.rate) do; leave it out, add one of them, or give a rate");
    }
    if (timeline && traffic.timed() && traffic.intervalMillis() > traffic.durationMillis()) {
      throw new ScenarioException("/traffic/interval", "traffic.interval " + Durations.text(traffic.intervalMillis())
          + " is longer than a pass (traffic.duration " + Durations.text(traffic.durationMillis()) + "): its timeline would have no whole"
          + " interval; give an interval of at most the duration, e.g. a tenth of it");
    }
    if (traffic.timed() && phases.stream().anyMatch(Phase::usesClients)) {
      long passes = (long) repetitions.warmupPasses() + repetitions.measuredPasses();
      long perPhase = traffic.durationMillis() * passes;
      long timedPhases = phases.stream().filter(Phase::usesClients).count();
      Duration least = Duration.ofMillis(perPhase * timedPhases);
      if (least.compareTo(cellTimeout) >= 0) {
        throw new ScenarioException("/traffic/duration", "traffic.duration " + Durations.text(traffic.durationMillis())
            + " a pass, " + passes + " pass" + (passes == 1 ? "" : "es") + " of " + timedPhases + " phase"
            + (timedPhases == 1 ? "" : "s") + ", is at least " + Durations.text(least.toMillis()) + " a cell, no less"
            + " than its cellTimeout of " + Durations.text(cellTimeout.toMillis()) + ": every cell would be killed; give"
            + " a longer cellTimeout or a shorter duration");
      }
    }
  }

  /** Every codec of the matrix is on the class path, as every store must be. */
  private void requireCodecs() {
    ValueCodecs codecs = null;
    for (String id : matrix.get(Axes.CODECS)) {
      if (id.equals(ValueCodecs.NONE)) {
        continue;
      }
      codecs = codecs == null ? ValueCodecs.load() : codecs;
      try {
        codecs.require(id);
      } catch (IllegalArgumentException e) {
        throw new ScenarioException("/matrix/codecs", e.getMessage());
      }
    }
  }

  private List<String> storeIds(StoreRegistry registry) {
    if (matrix.stores().isEmpty()) {
      return registry.all().stream().filter(p -> p.availability().available()).map(StoreProvider::id).toList();
    }
    for (int i = 0; i < matrix.stores().size(); i++) {
      String id = matrix.stores().get(i);
      StoreProvider p = registry.find(id).orElseThrow(() -> new ScenarioException("/matrix/stores",
          registry.unknown(id)));
      if (!p.availability().available()) {
        throw new ScenarioException("/matrix/stores",
            "store " + id + " is not available here: " + p.availability().reason());
      }
    }
    return matrix.stores();
  }

  /** Per store, every combination of its swept settings (one empty map when it has none). */
  private Map<String, List<Map<String, String>>> settingCombinations(StoreRegistry registry, List<String> storeIds) {
    Map<String, Map<String, List<String>>> byStore = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : matrix.settings().entrySet()) {
      String qualified = e.getKey();
      int dot = qualified.lastIndexOf('.');
      if (dot <= 0 || dot == qualified.length() - 1) {
        throw new ScenarioException("/matrix/settings",
            "setting '" + qualified + "' must be STORE.KEY, e.g. lmdbjava-bb.writeMap");
      }
      String store = qualified.substring(0, dot);
      if (registry.find(store).isEmpty()) {
        throw new ScenarioException("/matrix/settings",
            "setting '" + qualified + "': " + registry.unknown(store));
      }
      if (!storeIds.contains(store)) {
        throw new ScenarioException("/matrix/settings", "setting '" + qualified + "': store '" + store
            + "' is not in this run (stores: " + String.join(",", storeIds) + ")");
      }
      byStore.computeIfAbsent(store, s -> new LinkedHashMap<>()).put(qualified.substring(dot + 1), e.getValue());
    }
    Map<String, List<Map<String, String>>> combos = new LinkedHashMap<>();
    for (String store : storeIds) {
      List<Map<String, String>> list = new ArrayList<>();
      list.add(Map.of());
      for (Map.Entry<String, List<String>> s : byStore.getOrDefault(store, Map.of()).entrySet()) {
        List<Map<String, String>> next = new ArrayList<>();
        for (Map<String, String> base : list) {
          for (String value : s.getValue()) {
            Map<String, String> m = new LinkedHashMap<>(base);
            m.put(s.getKey(), value);
            next.add(m);
          }
        }
        list = next;
      }
      combos.put(store, list);
    }
    return combos;
  }
}
