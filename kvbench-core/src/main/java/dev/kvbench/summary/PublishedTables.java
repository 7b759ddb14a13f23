package dev.kvbench.summary;

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

/**
 * The seeds' published figures beside a run's, where the run measured what a seed published (the
 * same store, phase, key type, order and value size): each time as a ratio to the set's reference
 * store, in the seed and here, with the store's rank among those compared, and storage bytes side
 * by side. Empty where nothing matches.
 */
public final class PublishedTables {

  private final List<PublishedSet> sets;

  public PublishedTables(List<PublishedSet> sets) {
    this.sets = List.copyOf(sets);
  }

  /** Every matching set's tables under its title and source, folded to {@code pageWidth}; empty when none matches. */
  public String render(List<CellResult> ran, int pageWidth) {
    StringBuilder out = new StringBuilder();
    for (PublishedSet set : sets) {
      TextTable times = timings(set, ran);
      TextTable bytes = storage(set, ran);
      String notCompared = storageNotCompared(set, ran);
      if (times.rows() == 0 && bytes.rows() == 0 && notCompared == null) {
        continue;
      }
      long published = set.timings().stream().mapToLong(PublishedTiming::entries).max().orElse(0);
      long here = ran.stream().mapToLong(c -> c.parameters().entries()).max().orElse(0);
      out.append('\n').append(TextWrap.wrap("Published: " + set.title() + ". Source: " + set.source() + ".",
          pageWidth, "  ")).append('\n');
      if (times.rows() > 0) {
        out.append(TextWrap.wrap("Times as ratios to " + set.referenceStore() + " (x 1.00), in the seed (its ms per pass,"
            + " n the passes it timed) and here (median pass, n forks×passes), since the hardware differs; rank among the"
            + " stores compared, 1 the fastest, seed/here" + (published != here ? String.format(Locale.ROOT, "; the seed ran %,d entries,"
            + " this run %,d, so compare ratios and ranks, not ms", published, here) : "") + ".", pageWidth, "  "))
            .append('\n');
        out.append(times.render(pageWidth));
      }
      if (bytes.rows() > 0) {
        out.append('\n').append(bytes.render(pageWidth));
      } else if (notCompared != null) {
        out.append(TextWrap.wrap(notCompared, pageWidth, "  ")).append('\n');
      }
    }
    return out.toString();
  }

  /** {@link #render} for a Markdown page: each matching set under a heading, its tables as Markdown. */
  public String renderMarkdown(List<CellResult> ran) {
    StringBuilder out = new StringBuilder();
    for (PublishedSet set : sets) {
      TextTable times = timings(set, ran);
      TextTable bytes = storage(set, ran);
      String notCompared = storageNotCompared(set, ran);
      if (times.rows() == 0 && bytes.rows() == 0 && notCompared == null) {
        continue;
      }
      out.append("\n### Published: ").append(set.title()).append("\n\nSource: ").append(set.source())
          .append(". Times as ratios to `").append(set.referenceStore()).append("`, in the seed and here (the hardware"
              + " differs; n: the seed's passes, this run's forks×passes); rank among the stores compared, 1 the"
              + " fastest, seed/here.\n\n");
      if (times.rows() > 0) {
        out.append(times.renderMarkdown());
      }
      if (bytes.rows() > 0) {
        out.append("\nStorage after close, the seed's bytes and this run's:\n\n").append(bytes.renderMarkdown());
      } else if (notCompared != null) {
        out.append('\n').append(notCompared).append('\n');
      }
    }
    return out.toString();
  }

  /** One row per store, phase, key type and order that both the seed and this run timed, with the reference store's. */
  TextTable timings(PublishedSet set, List<CellResult> ran) {
    TextTable t = new TextTable(
        TextTable.left("Phase"),
        TextTable.left("Keys"),
        TextTable.left("Order"),
        TextTable.left("Store"),
        TextTable.right("Seed ms"),
        TextTable.right("Seed n"),
        TextTable.right("Seed×ref"),
        TextTable.right("Here×ref"),
        TextTable.right("Here n"),
        TextTable.right("Rank")).keyColumns(3);
    Map<String, List<Row>> groups = new LinkedHashMap<>();
    for (CellResult c : ran) {
      for (PhaseResult p : c.phases()) {
        if (p.status() != PhaseStatus.OK || !(p.passMillis() > 0)) {
          continue;
        }
        var params = c.parameters();
        Optional<PublishedTiming> seed = set.timing(c.store(), p.phase(), params.keys(), params.order(),
            params.valueSize());
        seed.ifPresent(s -> groups.computeIfAbsent(p.phase() + " " + params.keys() + " " + params.order(),
            k -> new ArrayList<>()).add(new Row(c.store(), s, p.passMillis(), Lmdbjava2016Tables.samples(p))));
      }
    }
    for (List<Row> rows : groups.values()) {
      Optional<Row> ref = rows.stream().filter(r -> r.store.equals(set.referenceStore())).findFirst();
      if (ref.isEmpty() || rows.size() < 2) {
        continue;
      }
      List<Row> bySeed = rows.stream().sorted(Comparator.comparingDouble(r -> r.seed.msPerPass())).toList();
      List<Row> byHere = rows.stream().sorted(Comparator.comparingDouble(r -> r.hereMs)).toList();
      boolean first = true;
      for (Row r : bySeed) {
        PublishedTiming s = r.seed;
        t.row(first ? s.phase() : "", first ? s.keys() : "", first ? s.order() : "", r.store,
            number(s.msPerPass()), Integer.toString(s.samples()),
            ratio(s.msPerPass() / ref.get().seed.msPerPass()), ratio(r.hereMs / ref.get().hereMs), r.hereSamples,
            (bySeed.indexOf(r) + 1) + "/" + (byHere.indexOf(r) + 1));
        first = false;
      }
    }
    return t;
  }

  /** The seed's bytes beside this run's for the cells of the same store, key type and value size. */
  TextTable storage(PublishedSet set, List<CellResult> ran) {
    TextTable t = new TextTable(
        TextTable.left("Store"),
        TextTable.left("Here"),
        TextTable.right("Seed bytes"),
        TextTable.right("Here bytes"),
        TextTable.left("Same"));
    for (CellResult c : ran) {
      var params = c.parameters();
      Optional<PublishedStorage> seed = set.storage(c.store(), params.keys(), params.valueSize());
      if (seed.isEmpty() || c.storage() == null || params.entries() != seed.get().entries()) {
        continue;
      }
      long here = c.storage().allocatedBytes().afterClose();
      long published = seed.get().bytes();
      t.row(c.store(), params.keys() + " " + params.order(), String.format(Locale.ROOT, "%,d", published),
          String.format(Locale.ROOT, "%,d", here),
          here == published ? "yes" : String.format(Locale.ROOT, "no (%+.2f %%)", 100.0 * (here - published) / published));
    }
    return t;
  }

  /** Why no storage row shows where cells of the seed's stores ran at another entry count; null otherwise. */
  private static String storageNotCompared(PublishedSet set, List<CellResult> ran) {
    List<CellResult> others = ran.stream().filter(c -> c.storage() != null)
        .filter(c -> set.storage(c.store(), c.parameters().keys(), c.parameters().valueSize())
            .map(s -> s.entries() != c.parameters().entries()).orElse(false)).toList();
    if (others.isEmpty()) {
      return null;
    }
    long seedEntries = set.storage().get(0).entries();
    return String.format(Locale.ROOT, "Storage: the seed's bytes are for %,d entries and this run's cells have %,d, so"
        + " they are not compared; run at the seed's size (--scale 1) for bytes side by side.", seedEntries,
        others.get(0).parameters().entries());
  }

  private record Row(String store, PublishedTiming seed, double hereMs, String hereSamples) {}

  private static String number(double ms) {
    return ms >= 100 ? String.format(Locale.ROOT, "%,.0f", ms) : String.format(Locale.ROOT, "%.1f", ms);
  }

  private static String ratio(double r) {
    return String.format(Locale.ROOT, "x %.2f", r);
  }
}
