package dev.kvbench.summary;

import dev.kvbench.measure.PassNoise;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.Figure;
import dev.kvbench.result.FigureTable;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.result.PrimaryFigure;
import dev.kvbench.result.SteadyState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The main tables every run prints, in the layout of the LmdbJava benchmark reports (2016): per
 * key type and order, each phase's stores ranked by ms per pass (the median of the measured
 * passes, min and max beside it) with the difference to the fastest; storage against a flat array
 * of the same keys and values; hardware counters and cells that did not run. Threaded phases have
 * a {@link ThreadedTable} of their own. When the cells of a run
 * differ in more than store, key type and order (a value-size, batch-size or setting sweep), each
 * row names what differs, so a sweep reads as one table.
 */
public final class RunTables {

  // what differs between cells is named as the result's parameters name it (and the flags: --value-size ...)
  public static final String ENTRIES = "entries";
  public static final String VALUE_SIZE = "valueSize";
  public static final String VALUE_CONTENT = "valueContent";
  public static final String CODEC = "codec";
  public static final String BATCH_SIZE = "batchSize";
  public static final String DURABILITY = "durability";
  public static final String THREADS = "threads";
  public static final String RATE = "rate";
  public static final String VERSION = "version";
  public static final String MEMORY_LIMIT = "memoryLimit";

  private final Map<String, Function<CellResult, String>> varying;
  /** The part of {@link #varying} that is the workload's, not a store's setting or version. */
  private final Map<String, Function<CellResult, String>> varyingWorkload;

  /** Tables for {@code cells}: the parameters that differ between them are found once, here. */
  public RunTables(List<CellResult> cells) {
    Map<String, Function<CellResult, String>> candidates = new LinkedHashMap<>();
    candidates.put(ENTRIES, c -> String.format(Locale.ROOT, "%,d", c.parameters().entries()));
    candidates.put(VALUE_SIZE, c -> c.parameters().valueSize() + " B");
    candidates.put(VALUE_CONTENT, c -> c.parameters().valueContentOrRandom());
    candidates.put(CODEC, c -> c.parameters().codecOrNone());
    candidates.put(BATCH_SIZE, c -> c.parameters().batchSize() >= c.parameters().entries() ? "all"
        : String.format(Locale.ROOT, "%,d", c.parameters().batchSize()));
    candidates.put(DURABILITY, c -> c.parameters().durability());
    candidates.put(THREADS, c -> Integer.toString(c.parameters().threads()));
    // a rate sweep's cells: a pass at a rate takes the schedule's time, ranked only against its own rate
    candidates.put(RATE, c -> c.parameters().traffic() == null || !c.parameters().traffic().hasRate() ? "none"
        : String.format(Locale.ROOT, "%,.0f", c.parameters().traffic().rate()));
    candidates.put(VERSION, CellResult::libraryVersion);
    // a run-level setting, but cells under a memory limit and without one measure different things
    candidates.put(MEMORY_LIMIT, RunTables::memoryLimit);
    // the axes without a field of their own (the scenario's Axes), by their key
    Set<String> axisKeys = new LinkedHashSet<>();
    cells.forEach(c -> axisKeys.addAll(c.parameters().axes().keySet()));
    for (String key : axisKeys) {
      candidates.putIfAbsent(key, c -> c.parameters().axes().getOrDefault(key, "-"));
    }
    // a trace by its file's name and speed, as the cell id names it: its folder is the user's machine's
    candidates.computeIfPresent(dev.kvbench.scenario.Axes.TRACES.key(), (key, f) -> c -> dev.kvbench.scenario.Axes
        .replayed(c.parameters().axes()).map(dev.kvbench.workload.trace.ReplaySpec::fileName).orElse("-"));
    Set<String> settingKeys = new LinkedHashSet<>();
    cells.forEach(c -> settingKeys.addAll(new TreeMap<>(c.settings()).keySet()));
    Map<String, Set<String>> settingsByStore = new LinkedHashMap<>();
    cells.forEach(c -> settingsByStore.computeIfAbsent(c.store(), s -> new LinkedHashSet<>())
        .addAll(c.settings().keySet()));
    Set<String> workloadNames = new LinkedHashSet<>(candidates.keySet());
    workloadNames.remove(VERSION);
    // like a version, a limit labels the store's rows: the limited row ranks against the unlimited one
    workloadNames.remove(MEMORY_LIMIT);
    for (String key : settingKeys) {
      candidates.put(key, c -> c.settings().getOrDefault(key, "-"));
    }
    varying = new LinkedHashMap<>();
    candidates.forEach((name, f) -> {
      // a setting varies when one store's cells disagree on it, not because another store lacks it, nor
      // because a cell that did not run records only the settings it was given (not their defaults); a
      // cell that ran without it (a kvbench from before the setting) differs from one that set it
      Map<String, Set<String>> perStore = new LinkedHashMap<>();
      cells.stream().filter(c -> !settingKeys.contains(name) || c.settings().containsKey(name)
              || c.outcome() == CellResult.Outcome.RAN && settingsByStore.get(c.store()).contains(name))
          .forEach(c -> perStore.computeIfAbsent(c.store(), s -> new LinkedHashSet<>()).add(f.apply(c)));
      if (perStore.values().stream().anyMatch(v -> v.size() > 1)) {
        varying.put(name, f);
      }
    });
    // a setting named like a workload parameter is still a setting
    workloadNames.removeAll(settingKeys);
    varyingWorkload = new LinkedHashMap<>(varying);
    varyingWorkload.keySet().retainAll(workloadNames);
  }

  /** The memory limit a cell's JVM ran under, as --memory-limit takes it, or "none". */
  public static String memoryLimit(CellResult c) {
    return c.memory() == null || c.memory().limit() == null ? "none"
        : dev.kvbench.store.ByteSize.text(c.memory().limit().limitBytes());
  }

  /**
   * The workload the cell ran where that differs between the cells (a value-size, batch, sync ...
   * sweep), e.g. {@code valueSize=2026 B}; empty when only stores, their settings or versions differ.
   * Rows are ranked only against rows with the same one: like against like.
   */
  public String sweptWorkload(CellResult c) {
    StringBuilder b = new StringBuilder();
    varyingWorkload.forEach((name, f) -> b.append(b.isEmpty() ? "" : " ").append(name).append('=').append(f.apply(c)));
    return b.toString();
  }

  /** Cells grouped by key type and order (and whatever else is the same in a group), in order of appearance. */
  public Map<String, List<CellResult>> byWorkload(List<CellResult> cells) {
    Map<String, List<CellResult>> groups = new LinkedHashMap<>();
    for (CellResult c : cells) {
      groups.computeIfAbsent(workloadLabel(c), k -> new ArrayList<>()).add(c);
    }
    return groups;
  }

  public String workloadLabel(CellResult c) {
    CellResult.Parameters p = c.parameters();
    var replayed = dev.kvbench.scenario.Axes.replayed(p.axes());
    if (replayed.isPresent()) {
      // a replay's keys, order and sizes are the trace's, not the matrix's
      return replayed.get().label() + (p.measuredPasses() > 1
          ? String.format(Locale.ROOT, "; median of %d measured passes", p.measuredPasses()) : "");
    }
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%s keys, %s order", p.keys(), p.order()));
    List<String> same = new ArrayList<>();
    if (!varying.containsKey(ENTRIES)) {
      same.add(String.format(Locale.ROOT, "%,d entries", p.entries()));
    }
    if (!varying.containsKey(VALUE_SIZE)) {
      String content = p.valueContentOrRandom();
      same.add(String.format(Locale.ROOT, "%,d-byte values", p.valueSize())
          + (varying.containsKey(VALUE_CONTENT) || content.equals("random") ? "" : " (" + content + ")"));
    }
    if (!same.isEmpty()) {
      b.append(": ").append(String.join(" x ", same));
    }
    if (p.measuredPasses() > 1) {
      b.append(String.format(Locale.ROOT, "; median of %d measured passes", p.measuredPasses()));
    }
    return b.toString();
  }

  /** The row label: the store, and what differs between this run's cells, e.g. {@code rocksdb valueSize=2026 B}. */
  public String rowLabel(CellResult c) {
    return rowLabelWithout(c, null);
  }

  /**
   * The store as it differs from the others in like-for-like rows: {@link #rowLabel} without the
   * swept workload ({@link #sweptWorkload}), e.g. {@code lmdbjava-bb writeMap=false}.
   */
  public String storeLabel(CellResult c) {
    return labelWithout(c, varyingWorkload::containsKey);
  }

  /** {@link #rowLabel} without the parameter {@code swept}: a line's name in a chart over that parameter. */
  public String rowLabelWithout(CellResult c, String swept) {
    return labelWithout(c, name -> name.equals(swept));
  }

  /** The store and each varying parameter's {@code name=value} but those {@code left} names. */
  private String labelWithout(CellResult c, java.util.function.Predicate<String> left) {
    StringBuilder b = new StringBuilder(c.store());
    varying.forEach((name, f) -> {
      String v = f.apply(c);
      if (!"-".equals(v) && !left.test(name)) {
        b.append(' ').append(name).append('=').append(v);
      }
    });
    return b.toString();
  }

  /** Whether {@code name} (entries, value, batch, sync, version or a setting) differs between the cells. */
  public boolean varies(String name) {
    return varying.containsKey(name);
  }

  /** The timing tables for a group of cells with the same workload: by time per pass, then by rate where any. */
  public String timings(List<CellResult> cells) {
    TextTable rates = ratesTable(cells);
    TextTable times = timingsTable(cells);
    return (times.rows() > 0 || rates.rows() == 0 ? times.render(TextTable.PAGE_WIDTH) : "")
        + (rates.rows() > 0 ? (times.rows() > 0 ? "\n" : "") + rates.render(TextTable.PAGE_WIDTH) : "");
  }

  /**
   * {@link #timings} as a table, to render as text or Markdown: the phases of a fixed amount of
   * work, ranked by ms per pass; those of a fixed duration are in {@link #ratesTable}.
   */
  public TextTable timingsTable(List<CellResult> cells) {
    return figureTable(cells, PrimaryFigure.PASS_TIME);
  }

  /**
   * The phases of a fixed duration (sustain, churn, a threaded phase given a duration), ranked by
   * their rate: every store's pass lasts as long, so its time says nothing. No rows where none ran.
   */
  public TextTable ratesTable(List<CellResult> cells) {
    return figureTable(cells, PrimaryFigure.RATE);
  }

  /** What a rates table's Difference means, for under it. */
  public static final String RATES_LEGEND = "Phases of a fixed duration are ranked by their rate (ops/s of the median"
      + " pass, higher is better; min-max over every measured pass); Difference is each row's rate over the"
      + " fastest's.";

  private TextTable figureTable(List<CellResult> cells, PrimaryFigure figure) {
    // the primary figure and its ranking, then a column per row of the figure table, then the samples and the check
    List<TextTable.Column> columns = new ArrayList<>(List.of(TextTable.left("Phase"), TextTable.left("Store"),
        TextTable.right(figure.heading()), TextTable.right("min-max"), TextTable.right("Difference")));
    FigureTable.ROWS.forEach(f -> columns.add(TextTable.right(f.heading())));
    columns.add(TextTable.right("Forks×passes"));
    columns.add(TextTable.left("Check"));
    TextTable t = new TextTable(columns.toArray(TextTable.Column[]::new)).keyColumns(2);
    for (String phase : phases(cells)) {
      List<Map.Entry<CellResult, PhaseResult>> rows = new ArrayList<>();
      for (CellResult c : cells) {
        c.phases().stream().filter(p -> p.phase().equals(phase) && PrimaryFigure.of(c, p) == figure).findFirst()
            .ifPresent(p -> rows.add(Map.entry(c, p)));
      }
      // a reference store (null) keeps nothing: it shows the harness's own cost, never the "fastest";
      // in a sweep, rows are ranked among those of the same swept value only (like against like),
      // the sweep's values in the order the cells ran them. Ranked by time per op: the pass's time
      // where every store does the same ops, the inverse of the rate where a pass lasts a duration
      Map<String, Double> fastestBySweep = new LinkedHashMap<>();
      Map<String, Integer> sweepOrder = new LinkedHashMap<>();
      for (Map.Entry<CellResult, PhaseResult> e : rows) {
        String sweep = sweptWorkload(e.getKey());
        sweepOrder.putIfAbsent(sweep, sweepOrder.size());
        PhaseResult p = e.getValue();
        if (!e.getKey().reference() && p.status() == PhaseStatus.OK && p.passMillis() > 0) {
          fastestBySweep.merge(sweep, p.millisPerOp(), Math::min);
        }
      }
      rows.sort(Comparator.comparing((Map.Entry<CellResult, PhaseResult> e) -> sweepOrder.get(sweptWorkload(e.getKey())))
          .thenComparing(e -> e.getKey().reference())
          .thenComparingInt(e -> e.getValue().status().ordinal())
          .thenComparingDouble(e -> e.getValue().millisPerOp()));
      boolean first = true;
      for (Map.Entry<CellResult, PhaseResult> e : rows) {
        PhaseResult p = e.getValue();
        String phaseCell = first ? phase : "";
        first = false;
        if (p.status() != PhaseStatus.OK) {
          List<String> cellsOfRow = new ArrayList<>(List.of(phaseCell, rowLabel(e.getKey()), "-", "", p.status().id()));
          cellsOfRow.addAll(java.util.Collections.nCopies(FigureTable.ROWS.size() + 1, "-")); // figures, samples
          cellsOfRow.add(p.status() == PhaseStatus.FAILED ? "FAILED" : "-");
          t.row(cellsOfRow.toArray(String[]::new));
          continue;
        }
        double fastest = fastestBySweep.getOrDefault(sweptWorkload(e.getKey()), 0.0);
        String diff = e.getKey().reference() ? "harness"
            : p.millisPerOp() == fastest ? "fastest"
            : String.format(Locale.ROOT, "x %.2f", figure.shown(p.millisPerOp() / fastest));
        double[] range = figure.range(p);
        String spread = p.passes().size() > 1 ? figure.format(range[0]) + "-" + figure.format(range[1]) : "";
        List<String> cellsOfRow = new ArrayList<>(List.of(phaseCell, rowLabel(e.getKey()), figure.format(figure.of(p)),
            spread, diff));
        FigureTable.ROWS.forEach(f -> cellsOfRow.add(f.text(e.getKey(), p)));
        cellsOfRow.addAll(List.of(samples(p), check(p)));
        t.row(cellsOfRow.toArray(String[]::new));
      }
    }
    return t;
  }

  /**
   * Heap bytes allocated per op by the measuring threads, as JMH's {@code gc.alloc.rate.norm}: a
   * tenth of a byte below 10 (a per-pass cost spread over the ops), whole bytes above; "-" where
   * not recorded.
   */
  public static String bytesPerOp(Double perOp) {
    return Figure.Format.BYTES.text(perOp);
  }

  /** The samples behind a figure: forks × measured passes each (passes alone where forks were not recorded). */
  static String samples(PhaseResult p) {
    int forks = p.forkMedians().size();
    int passes = p.passes().size();
    return forks > 1 && passes % forks == 0 ? forks + "×" + passes / forks
        : forks > 1 ? forks + " forks, " + passes : "1×" + passes;
  }

  /** A phase's check: verified or not, then its noisy passes and unsteady forks (see {@link #legend}). */
  public static String check(PhaseResult p) {
    StringBuilder b = new StringBuilder(p.verified() ? "verified" : "not verified");
    if (p.noisyPasses() > 0) {
      b.append(", NOISY ").append(p.noisyPasses()).append('/').append(p.passes().size());
    }
    if (!p.unsteadyForks().isEmpty()) {
      b.append(", UNSTEADY ").append(p.unsteadyForks().size()).append('/').append(p.forkMedians().size());
    }
    return b.toString();
  }

  /** What NOISY and UNSTEADY in a check mean, for under a table that shows them; empty when none does. */
  public static String legend(List<CellResult> cells) {
    List<PhaseResult> measured = cells.stream().flatMap(c -> c.phases().stream())
        .filter(p -> p.status() == PhaseStatus.OK).toList();
    StringBuilder b = new StringBuilder();
    if (measured.stream().anyMatch(p -> p.noisyPasses() > 0)) {
      b.append("NOISY n/m: n of the m measured passes were disturbed by the host (each pass's figures are in"
          + " the result's passes[].noise):\n");
      Arrays.stream(PassNoise.Mark.values()).forEach(m -> b.append("  ").append(m.id()).append(": ")
          .append(m.meaning()).append('\n'));
    }
    if (measured.stream().anyMatch(p -> !p.unsteadyForks().isEmpty())) {
      b.append("UNSTEADY n/m: in n of the m forks the measured passes still trended one way (Kendall's tau >= ")
          .append(SteadyState.MIN_TAU).append(", drift >= ")
          .append(Math.round(SteadyState.MIN_DRIFT * 100))
          .append(" %): the warm-up was too short; give more with repetitions.warmupMillis.\n");
    }
    return b.toString();
  }

  /**
   * Hardware events per op ({@code --counters}), each the median over the measured passes that
   * counted it, with instructions per cycle; no rows where nothing was counted.
   */
  public TextTable countersTable(List<CellResult> cells) {
    TextTable t = new TextTable(
        TextTable.left("Phase"),
        TextTable.left("Store"),
        TextTable.right("instructions/op"),
        TextTable.right("cycles/op"),
        TextTable.right("IPC"),
        TextTable.right("cache-misses/op"),
        TextTable.right("branch-misses/op"),
        TextTable.right("Passes")).keyColumns(2);
    for (String phase : phases(cells)) {
      boolean first = true;
      for (CellResult c : cells) {
        for (PhaseResult p : c.phases()) {
          java.util.Map<String, Double> perOp = p.countersPerOp();
          if (!p.phase().equals(phase) || p.status() != PhaseStatus.OK || perOp.isEmpty()) {
            continue;
          }
          Double instructions = perOp.get("instructions");
          Double cycles = perOp.get("cycles");
          long counted = p.passes().stream().filter(x -> !x.countersPerOp().isEmpty()).count();
          t.row(first ? phase : "", rowLabel(c), count(instructions), count(cycles),
              instructions == null || cycles == null || cycles == 0 ? "-"
                  : String.format(Locale.ROOT, "%.2f", instructions / cycles),
              count(perOp.get("cache-misses")), count(perOp.get("branch-misses")), Long.toString(counted));
          first = false;
        }
      }
    }
    return t;
  }

  /** A count per op: whole above 100, two decimals below; "-" where not recorded. */
  static String count(Double perOp) {
    return perOp == null ? "-" : perOp >= 100 ? String.format(Locale.ROOT, "%,.0f", perOp)
        : String.format(Locale.ROOT, "%.2f", perOp);
  }

  /** The storage table: allocated bytes after close, apparent size, overhead against the flat array. */
  public String storage(List<CellResult> cells) {
    return storageTable(cells).render(TextTable.PAGE_WIDTH);
  }

  /** {@link #storage} as a table, to render as text or Markdown. */
  public TextTable storageTable(List<CellResult> cells) {
    TextTable t = new TextTable(
        TextTable.left("Store"),
        TextTable.right("Flat array"),
        TextTable.right("Bytes"),
        TextTable.right("Overhead %"),
        TextTable.right("Apparent bytes"),
        TextTable.right("Bytes before close"),
        TextTable.right("Space amp. before close"),
        TextTable.right("Space amp. after close"));
    cells.stream().filter(c -> c.storage() != null && !c.reference())
        .sorted(Comparator.comparingLong((CellResult c) -> c.storage().flatBytes())
            .thenComparingLong(c -> c.storage().allocatedBytes().afterClose()))
        .forEach(c -> t.row(
            rowLabel(c),
            String.format(Locale.ROOT, "%,d", c.storage().flatBytes()),
            String.format(Locale.ROOT, "%,d", c.storage().allocatedBytes().afterClose()),
            String.format(Locale.ROOT, "%.2f", c.storage().overheadPercent()),
            String.format(Locale.ROOT, "%,d", c.storage().apparentBytes().afterClose()),
            String.format(Locale.ROOT, "%,d", c.storage().allocatedBytes().beforeClose()),
            spaceAmplification(c.storage(), true),
            spaceAmplification(c.storage(), false)));
    return t;
  }

  private static String spaceAmplification(dev.kvbench.result.StorageResult storage, boolean beforeClose) {
    var a = storage.spaceAmplification();
    return a == null ? "-" : String.format(Locale.ROOT, "%.2f", beforeClose ? a.beforeClose() : a.afterClose());
  }

  /** Cells that did not run or did not finish, with the reason: never dropped from a report. */
  public String notRun(List<CellResult> cells) {
    TextTable t = notRunTable(cells);
    return t.rows() == 0 ? "" : t.render(TextTable.PAGE_WIDTH);
  }

  /** {@link #notRun} as a table (no rows when every cell ran). */
  public TextTable notRunTable(List<CellResult> cells) {
    TextTable t = new TextTable(
        TextTable.left("Cell"),
        TextTable.left("Outcome"),
        TextTable.left("Reason"));
    for (CellResult c : cells) {
      if (c.outcome() != CellResult.Outcome.RAN || c.error() != null) {
        t.row(rowLabel(c) + " " + c.parameters().keys() + "/" + c.parameters().order(), c.outcome().id(),
            c.error() == null ? "" : c.error());
      }
    }
    return t;
  }

  /** The phases {@code cells} ran, in the order they first appear: the order of every table and chart. */
  public static List<String> phases(List<CellResult> cells) {
    List<String> order = new ArrayList<>();
    for (CellResult c : cells) {
      for (PhaseResult p : c.phases()) {
        if (!order.contains(p.phase())) {
          order.add(p.phase());
        }
      }
    }
    return order;
  }

  /** A pass time in ms as every table prints it: whole ms from 100 up, two decimals below. */
  public static String millis(double ms) {
    return ms >= 100 ? String.format(Locale.ROOT, "%,.0f", ms) : String.format(Locale.ROOT, "%,.2f", ms);
  }
}
