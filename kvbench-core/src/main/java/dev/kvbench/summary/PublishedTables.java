package dev.kvbench.summary;

import dev.kvbench.published.PublishedFigures;
import dev.kvbench.published.PublishedSet;
import dev.kvbench.published.PublishedStorage;
import dev.kvbench.published.PublishedTiming;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The seeds' published figures beside a run's, where the run measured what a seed published (the
 * same store, phase, key type, order, value size and the settings the seed swept): each time as a
 * ratio to the set's reference store, in the seed and here, with the store's rank among those
 * compared, and storage bytes side by side. Empty where nothing matches.
 */
public final class PublishedTables {

  // the condition names published.yaml maps JMH's sync and batchSize to (PublishedFigures)
  private static final String DURABILITY = "durability";
  private static final String BATCH_SIZE = "batchSize";

  private final List<PublishedSet> sets;

  public PublishedTables(List<PublishedSet> sets) {
    this.sets = List.copyOf(sets);
  }

  /**
   * One set's figures beside a run's.
   *
   * @param timesNote how to read {@code times}; null where it has no rows
   * @param storage the seed's bytes and the run's, where the run loaded the seed's entry count
   * @param storageNote why no bytes are compared although the run loaded the seed's stores; null
   *     otherwise
   * @param regimeNote where the run's size puts its data on another side of a store's cache or of
   *     memory than the seed's was, so its figures answer another question; null where it does not
   */
  public record Section(String title, String source, String timesNote, TextTable times, TextTable storage,
      String storageNote, List<ClaimCheck> claims, String regimeNote) {}

  /**
   * A seed's claim in words held against the run.
   *
   * @param where the seed and line it stands on
   * @param expectation what the run must show for it to hold
   * @param table a row per comparison the run allows, each saying whether the claim holds there
   */
  public record ClaimCheck(String statement, String where, String expectation, TextTable table) {}

  /** A section for every set the run measured something of, on a host of unknown memory. */
  public List<Section> sections(List<CellResult> ran) {
    return sections(ran, PublishedSet.UNKNOWN);
  }

  /** A section for every set the run measured something of, on a host of {@code hostMemoryBytes}. */
  public List<Section> sections(List<CellResult> ran, long hostMemoryBytes) {
    List<Section> out = new ArrayList<>();
    for (PublishedSet set : sets) {
      TextTable times = timings(set, ran);
      TextTable bytes = storage(set, ran);
      String notCompared = bytes.rows() > 0 ? null : storageNotCompared(set, ran);
      List<ClaimCheck> claims = set.claims().stream().flatMap(c -> ClaimChecks.check(c, ran).stream()).toList();
      if (times.rows() == 0 && bytes.rows() == 0 && notCompared == null && claims.isEmpty()) {
        continue;
      }
      out.add(new Section(set.title(), set.source(), times.rows() == 0 ? null : timesNote(set, ran), times, bytes,
          notCompared, claims, times.rows() == 0 ? null : Regime.note(set, ran, hostMemoryBytes)));
    }
    return out;
  }

  /** Every matching set's tables under its title and source, folded to {@code pageWidth}; empty when none matches. */
  public String render(List<CellResult> ran, int pageWidth) {
    return render(ran, pageWidth, PublishedSet.UNKNOWN);
  }

  /** {@link #render(List, int)} for a run on a host of {@code hostMemoryBytes}. */
  public String render(List<CellResult> ran, int pageWidth, long hostMemoryBytes) {
    StringBuilder out = new StringBuilder();
    for (Section s : sections(ran, hostMemoryBytes)) {
      out.append('\n').append(TextWrap.wrap("Published: " + s.title() + ". Source: " + s.source() + ".", pageWidth,
          "  ")).append('\n');
      if (s.timesNote() != null) {
        out.append(TextWrap.wrap(s.timesNote(), pageWidth, "  ")).append('\n').append(s.times().render(pageWidth));
      }
      if (s.regimeNote() != null) {
        out.append(TextWrap.wrap(s.regimeNote(), pageWidth, "  ")).append('\n');
      }
      if (s.storage().rows() > 0) {
        out.append('\n').append(s.storage().render(pageWidth));
      } else if (s.storageNote() != null) {
        out.append(TextWrap.wrap(s.storageNote(), pageWidth, "  ")).append('\n');
      }
      for (ClaimCheck c : s.claims()) {
        out.append('\n').append(TextWrap.wrap("Claim (" + c.where() + "): \"" + c.statement() + "\". It "
            + c.expectation() + ".", pageWidth, "  ")).append('\n').append(c.table().render(pageWidth));
      }
    }
    return out.toString();
  }

  /** {@link #render} for a Markdown page: each matching set under a heading, its tables as Markdown. */
  public String renderMarkdown(List<CellResult> ran, long hostMemoryBytes) {
    StringBuilder out = new StringBuilder();
    for (Section s : sections(ran, hostMemoryBytes)) {
      out.append("\n### Published: ").append(s.title()).append("\n\nSource: ").append(s.source()).append(".\n");
      if (s.timesNote() != null) {
        out.append('\n').append(s.timesNote()).append("\n\n").append(s.times().renderMarkdown());
      }
      if (s.regimeNote() != null) {
        out.append('\n').append(s.regimeNote()).append('\n');
      }
      if (s.storage().rows() > 0) {
        out.append("\nStorage after close, the seed's bytes and this run's:\n\n").append(s.storage().renderMarkdown());
      } else if (s.storageNote() != null) {
        out.append('\n').append(s.storageNote()).append('\n');
      }
      for (ClaimCheck c : s.claims()) {
        out.append("\nClaim (").append(c.where()).append("): \"").append(c.statement()).append("\". It ")
            .append(c.expectation()).append(".\n\n").append(c.table().renderMarkdown());
      }
    }
    return out.toString();
  }

  private static String timesNote(PublishedSet set, List<CellResult> ran) {
    long published = set.timings().stream().mapToLong(PublishedTiming::entries).max().orElse(0);
    long here = ran.stream().mapToLong(c -> c.parameters().entries()).max().orElse(0);
    String reference = set.referenceStore() + (set.referenceConditions().isEmpty() ? ""
        : " with " + String.join(" ", set.referenceConditions().entrySet().stream().sorted(Map.Entry.comparingByKey())
            .map(e -> e.getKey() + "=" + e.getValue()).toList()));
    return "Times as ratios to " + reference + " (x 1.00) in the same phase, keys, order, value size and durability,"
        + " in the seed (its ms per pass, n the passes it timed) and here (median pass, n forks×passes), since the"
        + " hardware differs; rank among the stores compared, 1 the fastest, seed/here; Agrees: whether the seed's"
        + " ratio lies within this run's 95 % interval of it (from the pairs of forks that ran in the same round), NO"
        + " where it does not, and which side of the reference each puts the store"
        + (published != here ? String.format(Locale.ROOT, "; the seed ran %,d entries, this run %,d, so compare"
        + " ratios and ranks, not ms", published, here) : "") + ".";
  }

  /**
   * One row per cell and phase the seed timed too, grouped by phase, keys, order, value size,
   * durability and batch, each group's times as ratios to its reference store's.
   */
  TextTable timings(PublishedSet set, List<CellResult> ran) {
    TreeSet<String> swept = new TreeSet<>();
    set.timings().forEach(s -> swept.addAll(s.conditions().keySet()));
    boolean byDurability = swept.contains(DURABILITY);
    boolean byBatch = swept.contains(BATCH_SIZE);
    List<TextTable.Column> columns = new ArrayList<>(List.of(TextTable.left("Phase"), TextTable.left("Keys"),
        TextTable.left("Order"), TextTable.right("Value B")));
    if (byDurability) {
      columns.add(TextTable.left("Durability"));
    }
    if (byBatch) {
      columns.add(TextTable.right("Batch"));
    }
    int keys = columns.size();
    columns.addAll(List.of(TextTable.left("Store"), TextTable.right("Seed ms"), TextTable.right("Seed n"),
        TextTable.right("Seed×ref"), TextTable.right("Here×ref"), TextTable.right("Here n"), TextTable.right("Rank"),
        TextTable.left("Agrees")));
    TextTable t = new TextTable(columns.toArray(TextTable.Column[]::new)).keyColumns(keys);
    Map<String, Map<PublishedTiming, Row>> groups = new LinkedHashMap<>();
    for (CellResult c : ran) {
      var params = c.parameters();
      Function<String, String> value = cellValue(c);
      for (PhaseResult p : c.phases()) {
        if (p.status() != PhaseStatus.OK || !(p.passMillis() > 0)) {
          continue;
        }
        Optional<PublishedTiming> seed = set.timing(c.store(), p.phase(), params.keys(), params.order(),
            params.valueSize(), value);
        if (seed.isEmpty()) {
          continue;
        }
        Row row = new Row(c, p, label(c.store(), seed.get()), seed.get(), p.passMillis(), RunTables.samples(p));
        // cells that differ only in a setting the seed did not vary for this figure (metaSync for a read)
        // meet the same figure: the one set as the reference is shown
        groups.computeIfAbsent(String.join(" ", p.phase(), params.keys(), params.order(),
                Integer.toString(params.valueSize()), value.apply(DURABILITY), value.apply(BATCH_SIZE)),
            k -> new LinkedHashMap<>()).merge(seed.get(), row,
                (kept, other) -> likeReference(set, other.cell) && !likeReference(set, kept.cell) ? other : kept);
      }
    }
    for (Map<PublishedTiming, Row> group : groups.values()) {
      List<Row> rows = List.copyOf(group.values());
      Optional<Row> ref = rows.stream().filter(r -> r.cell.store().equals(set.referenceStore())
          && likeReference(set, r.cell)).findFirst();
      if (ref.isEmpty() || rows.size() < 2) {
        continue;
      }
      List<Row> bySeed = rows.stream().sorted(Comparator.comparingDouble(r -> r.seed.msPerPass())).toList();
      List<Row> byHere = rows.stream().sorted(Comparator.comparingDouble(r -> r.hereMs)).toList();
      boolean first = true;
      for (Row r : bySeed) {
        PublishedTiming s = r.seed;
        var params = r.cell.parameters();
        List<String> cells = new ArrayList<>(List.of(first ? s.phase() : "", first ? s.keys() : "",
            first ? s.order() : "", first ? String.format(Locale.ROOT, "%,d", s.valueSize()) : ""));
        if (byDurability) {
          cells.add(first ? params.durability() : "");
        }
        if (byBatch) {
          cells.add(first ? String.format(Locale.ROOT, "%,d", params.batchSize()) : "");
        }
        double seedRatio = s.msPerPass() / ref.get().seed.msPerPass();
        cells.addAll(List.of(r.label, number(s.msPerPass()), Integer.toString(s.samples()),
            ratio(seedRatio), ratio(r.hereMs / ref.get().hereMs), r.hereSamples,
            (bySeed.indexOf(r) + 1) + "/" + (byHere.indexOf(r) + 1),
            r == ref.get() ? "reference" : agrees(seedRatio, r.phase, ref.get().phase)));
        t.row(cells.toArray(String[]::new));
        first = false;
      }
    }
    return t;
  }

  /**
   * The cell's value of a condition the seed's figures name: a setting or its durability as a claim
   * reads them, its batch as a fraction of its entries.
   */
  private static Function<String, String> cellValue(CellResult c) {
    return name -> name.equals(BATCH_SIZE)
        ? PublishedFigures.batchFraction(c.parameters().batchSize(), c.parameters().entries())
        : ClaimChecks.axis(c, name);
  }

  /** Whether the cell ran with the set's reference settings (where it has them). */
  private static boolean likeReference(PublishedSet set, CellResult c) {
    Function<String, String> value = cellValue(c);
    return set.referenceConditions().entrySet().stream().allMatch(e -> e.getValue().equals(value.apply(e.getKey())));
  }

  /** The store, with the settings the seed set for this figure (Test 1's write map, forceSafe). */
  private static String label(String store, PublishedTiming seed) {
    StringBuilder b = new StringBuilder(store);
    new java.util.TreeMap<>(seed.conditions()).forEach((name, v) -> {
      if (!name.equals(DURABILITY) && !name.equals(BATCH_SIZE)) {
        b.append(' ').append(name).append('=').append(v);
      }
    });
    return b.toString();
  }

  /** The seed's bytes beside this run's for the cells of the same store, key type, order and value size. */
  TextTable storage(PublishedSet set, List<CellResult> ran) {
    TextTable t = new TextTable(
        TextTable.left("Store"),
        TextTable.left("Here"),
        TextTable.right("Value B"),
        TextTable.right("Seed bytes"),
        TextTable.right("Here bytes"),
        TextTable.left("Same"));
    for (CellResult c : ran) {
      var params = c.parameters();
      Optional<PublishedStorage> seed = set.storage(c.store(), params.keys(), params.order(), params.valueSize());
      if (seed.isEmpty() || c.storage() == null || params.entries() != seed.get().entries()) {
        continue;
      }
      long here = c.storage().allocatedBytes().afterClose();
      long published = seed.get().bytes();
      t.row(c.store(), params.keys() + " " + params.order(), String.format(Locale.ROOT, "%,d", params.valueSize()),
          String.format(Locale.ROOT, "%,d", published), String.format(Locale.ROOT, "%,d", here),
          here == published ? "yes" : String.format(Locale.ROOT, "no (%+.2f %%)", 100.0 * (here - published) / published));
    }
    return t;
  }

  /** Why no storage row shows where cells of the seed's stores ran at another entry count; null otherwise. */
  private static String storageNotCompared(PublishedSet set, List<CellResult> ran) {
    for (CellResult c : ran) {
      var params = c.parameters();
      Optional<PublishedStorage> seed = set.storage(c.store(), params.keys(), params.order(), params.valueSize());
      if (c.storage() != null && seed.isPresent() && seed.get().entries() != params.entries()) {
        return String.format(Locale.ROOT, "Storage: the seed's bytes are for %,d entries and this run's cells have %,d,"
            + " so they are not compared; run at the seed's size (--scale 1) for bytes side by side.",
            seed.get().entries(), params.entries());
      }
    }
    return null;
  }

  private record Row(CellResult cell, PhaseResult phase, String label, PublishedTiming seed, double hereMs,
      String hereSamples) {}

  /**
   * Whether the seed's ratio of a store to the reference lies within this run's 95 % interval of it,
   * from the log-ratios of the pairs of forks that ran in the same round (drift cancels, as compare
   * --by pairs them): "yes", "NO" with which side of the reference each puts the store, or why it
   * cannot be told.
   */
  static String agrees(double seedRatio, PhaseResult store, PhaseResult reference) {
    Map<Integer, Double> ref = new LinkedHashMap<>();
    reference.forkMedians().forEach(p -> ref.put(p.fork(), p.millisPerOp()));
    List<Double> logs = new ArrayList<>();
    for (var p : store.forkMedians()) {
      Double other = ref.get(p.fork());
      if (other != null && other > 0 && p.millisPerOp() > 0) {
        logs.add(Math.log(p.millisPerOp() / other));
      }
    }
    if (logs.size() < MIN_PAIRS) {
      return "not judged (" + logs.size() + " pair" + (logs.size() == 1 ? "" : "s") + " of forks, " + MIN_PAIRS
          + " needed)";
    }
    dev.kvbench.stats.LogInterval here = dev.kvbench.stats.LogInterval.of(logs.stream().mapToDouble(d -> d).toArray());
    if (seedRatio >= here.low() && seedRatio <= here.high()) {
      return "yes";
    }
    String range = String.format(Locale.ROOT, "%.2f-%.2f", here.low(), here.high());
    boolean seedSlower = seedRatio > 1;
    boolean hereSlower = here.low() > 1;
    boolean hereFaster = here.high() < 1;
    return "NO (here " + range + (seedSlower && hereFaster || !seedSlower && hereSlower
        ? "; the seed has it " + (seedSlower ? "slower" : "faster") + " than the reference, this run "
            + (hereFaster ? "faster" : "slower") : "") + ")";
  }

  /** The fewest pairs of forks an interval is taken from, as a comparison's fewest forks a side. */
  static final int MIN_PAIRS = 3;

  private static String number(double ms) {
    return ms >= 100 ? String.format(Locale.ROOT, "%,.0f", ms) : String.format(Locale.ROOT, "%.1f", ms);
  }

  private static String ratio(double r) {
    return String.format(Locale.ROOT, "x %.2f", r);
  }
}
