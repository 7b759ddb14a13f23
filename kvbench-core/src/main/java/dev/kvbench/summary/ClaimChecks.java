package dev.kvbench.summary;

import dev.kvbench.published.PublishedClaim;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A seed's claims held against a run's cells: for each claim the run has cells for, what the seed
 * says, what the run shows, and whether the claim holds there. A claim the run has no cells for is
 * left out.
 */
final class ClaimChecks {

  /** The parameters a claim picks cells by, in the order a cell's description names them. */
  private static final List<String> AXES = List.of("store", "keys", "order", "valueSize", "entries", "batchSize",
      "durability", "codec", "valueContent");

  /** Fewer forks a side than this and a ratio's noise is not known (as compare needs). */
  private static final int MIN_FORKS = ForkRatio.MIN_FORKS;

  private ClaimChecks() {}

  static Optional<PublishedTables.ClaimCheck> check(PublishedClaim claim, List<CellResult> ran) {
    // Java 17: no patterns in switch, so the three kinds one by one
    TextTable t;
    String expectation;
    if (claim instanceof PublishedClaim.TimeRatio r) {
      t = ratio(r, ran);
      expectation = "holds where " + describe(r.numerator()) + " takes " + (r.low() > 0
          ? String.format(Locale.ROOT, "x %.2f to x %.2f", r.low(), r.high())
          : String.format(Locale.ROOT, "under x %.2f", r.high())) + " the time of " + describe(r.denominator())
          + ", all else the same (judged as compare judges: each fork's median pass, the ratio's 95 % interval"
          + " inside the range; with fewer than " + MIN_FORKS + " forks a side on the medians, the noise not known)";
    } else if (claim instanceof PublishedClaim.Best b) {
      t = best(b, ran);
      expectation = "holds where " + b.expected() + " is the "
          + (b.measure() == PublishedClaim.Measure.STORAGE ? "smallest after close" : "fastest in " + b.phase())
          + " of " + String.join(", ", b.among()) + " (" + b.by() + "), all else the same";
    } else {
      t = keySizes((PublishedClaim.MaxKeySize) claim, ran);
      expectation = "holds where the store's library reports the same longest key";
    }
    if (t.rows() == 0) {
      return Optional.empty();
    }
    return Optional.of(new PublishedTables.ClaimCheck(claim.statement(), claim.where(), expectation, t));
  }

  private static TextTable ratio(PublishedClaim.TimeRatio r, List<CellResult> ran) {
    TextTable t = new TextTable(TextTable.left("Phase"), TextTable.left("Cells"), TextTable.right("Here"),
        TextTable.right("n"), TextTable.left("Holds"));
    Set<String> named = new java.util.HashSet<>(r.numerator().keySet());
    named.addAll(r.denominator().keySet());
    for (CellResult num : ran) {
      if (!matches(num, r.numerator())) {
        continue;
      }
      for (CellResult den : ran) {
        if (den == num || !matches(den, r.denominator()) || !sameBut(num, den, named)) {
          continue;
        }
        for (PhaseResult p : num.phases()) {
          Optional<PhaseResult> q = phase(den, p.phase());
          if (!measured(p) || q.isEmpty() || !measured(q.get())
              || !(r.phases().isEmpty() || r.phases().contains(p.phase()))) {
            continue;
          }
          ForkRatio judged = judged(p, q.get());
          t.row(p.phase(), describe(num, named), here(p, q.get(), judged), RunTables.samples(p) + " / "
              + RunTables.samples(q.get()), holds(p, q.get(), judged, r));
        }
      }
    }
    return t;
  }

  /**
   * The numerator's time over the denominator's as compare judges it: each fork's median pass per
   * op, the forks the host disturbed left out, the ratio of the medians with its 95 % interval
   * (ForkRatio); null with fewer than {@link #MIN_FORKS} forks a side left.
   */
  private static ForkRatio judged(PhaseResult numerator, PhaseResult denominator) {
    double[] num = ForkSamples.forkFigures(numerator, ForkSamples.NoisyForks.DROP);
    double[] den = ForkSamples.forkFigures(denominator, ForkSamples.NoisyForks.DROP);
    if (Math.min(num.length, den.length) < MIN_FORKS || java.util.stream.DoubleStream.concat(
        java.util.Arrays.stream(num), java.util.Arrays.stream(den)).anyMatch(f -> !(f > 0))) {
      return null;
    }
    ForkRatio ratio = ForkRatio.of(den, num);
    return ratio.hasInterval() ? ratio : null;
  }

  /** The ratio here: with its interval where the forks gave one ({@code judged}), else of the medians. */
  private static String here(PhaseResult numerator, PhaseResult denominator, ForkRatio judged) {
    return judged == null ? String.format(Locale.ROOT, "x %.2f", numerator.passMillis() / denominator.passMillis())
        : String.format(Locale.ROOT, "x %.2f (95 %%: %.2f-%.2f)", judged.ratio(), judged.low(), judged.high());
  }

  /**
   * Whether the claim holds: with an interval, yes where it lies inside the seed's range, no where
   * it lies outside it, and neither where it spans a bound; without one, by the medians, saying the
   * noise is not known.
   */
  private static String holds(PhaseResult numerator, PhaseResult denominator, ForkRatio judged,
      PublishedClaim.TimeRatio r) {
    if (judged == null) {
      double x = numerator.passMillis() / denominator.passMillis();
      return (x >= r.low() && x <= r.high() ? "yes" : "no") + ", too few forks to judge";
    }
    if (judged.low() >= r.low() && judged.high() <= r.high()) {
      return "yes";
    }
    return judged.high() < r.low() || judged.low() > r.high() ? "no"
        : "not told apart: the interval spans a bound of the range";
  }

  private static TextTable best(PublishedClaim.Best b, List<CellResult> ran) {
    boolean storage = b.measure() == PublishedClaim.Measure.STORAGE;
    TextTable t = new TextTable(TextTable.left("Cells"), TextTable.left(storage ? "Smallest here" : "Fastest here"),
        TextTable.left(b.expected() + "'s place"), TextTable.left("Holds"));
    Map<String, List<Figure>> groups = new LinkedHashMap<>();
    Set<String> named = new java.util.HashSet<>(b.cells().keySet());
    named.add(b.by());
    for (CellResult c : ran) {
      String value = axis(c, b.by());
      if (!matches(c, b.cells()) || !b.among().contains(value)) {
        continue;
      }
      Optional<PhaseResult> p = storage ? Optional.empty() : phase(c, b.phase()).filter(ClaimChecks::measured);
      if (storage && c.storage() != null) {
        // each fork's bytes after close are a sample, as each fork's time is: a store need not leave the same twice
        List<Long> forks = c.storage().forkSamples();
        groups.computeIfAbsent(describe(c, named), k -> new ArrayList<>())
            .add(new Figure(value, ForkRatio.median(forks.stream().mapToDouble(Long::doubleValue).toArray()),
                forks.size()));
      } else if (p.isPresent()) {
        groups.computeIfAbsent(describe(c, named), k -> new ArrayList<>())
            .add(new Figure(value, p.get().passMillis(), forks(p.get())));
      }
    }
    groups.forEach((cells, figures) -> {
      if (figures.size() < 2 || figures.stream().noneMatch(f -> f.value().equals(b.expected()))) {
        return;
      }
      List<String> order = figures.stream().sorted(Comparator.comparingDouble(Figure::figure)).map(Figure::value)
          .toList();
      boolean fewForks = figures.stream().anyMatch(f -> f.forks() < MIN_FORKS);
      t.row(cells, order.get(0), (order.indexOf(b.expected()) + 1) + " of " + order.size(),
          (order.get(0).equals(b.expected()) ? "yes" : "no") + (fewForks ? ", too few forks to judge" : ""));
    });
    return t;
  }

  private static TextTable keySizes(PublishedClaim.MaxKeySize k, List<CellResult> ran) {
    TextTable t = new TextTable(TextTable.left("Store"), TextTable.right("Seed bytes"), TextTable.right("Here bytes"),
        TextTable.left("Holds"));
    ran.stream().filter(c -> k.bytes().containsKey(c.store()) && c.capabilities() != null)
        .sorted(Comparator.comparing(CellResult::store)).map(CellResult::store).distinct().forEach(store -> {
          int here = ran.stream().filter(c -> c.store().equals(store)).findFirst().orElseThrow().capabilities()
              .maxKeySize();
          int seed = k.bytes().get(store);
          t.row(store, String.format(Locale.ROOT, "%,d", seed), String.format(Locale.ROOT, "%,d", here),
              here == seed ? "yes" : "no");
        });
    return t;
  }

  /** One cell's figure in a {@link PublishedClaim.Best} group: its value of the compared parameter. */
  private record Figure(String value, double figure, int forks) {}

  private static int forks(PhaseResult p) {
    return Math.max(1, p.forkMedians().size());
  }

  private static boolean measured(PhaseResult p) {
    return p.status() == PhaseStatus.OK && p.passMillis() > 0;
  }

  private static Optional<PhaseResult> phase(CellResult c, String phase) {
    return c.phases().stream().filter(p -> p.phase().equals(phase)).findFirst();
  }

  private static boolean matches(CellResult c, Map<String, String> selection) {
    return selection.entrySet().stream().allMatch(e -> e.getValue().equals(axis(c, e.getKey())));
  }

  /** Whether two cells are the same in every parameter a claim does not name. */
  private static boolean sameBut(CellResult a, CellResult b, Set<String> named) {
    return AXES.stream().filter(n -> !named.contains(n)).allMatch(n -> Objects.equals(axis(a, n), axis(b, n)))
        && a.parameters().threads() == b.parameters().threads();
  }

  /** A cell's value of a parameter a claim names, or of a store setting. */
  static String axis(CellResult c, String name) {
    var p = c.parameters();
    return switch (name) {
      case "store" -> c.store();
      case "keys" -> p.keys();
      case "order" -> p.order();
      case "valueSize" -> Integer.toString(p.valueSize());
      case "entries" -> Long.toString(p.entries());
      case "batchSize" -> Long.toString(p.batchSize());
      case "durability" -> p.durability();
      case "codec" -> p.codecOrNone();
      case "valueContent" -> p.valueContentOrRandom();
      default -> c.settings().get(name);
    };
  }

  /** The cell's parameters a claim did not name, as a short line: "int rnd 100 B, batch 1, sync". */
  private static String describe(CellResult c, Set<String> named) {
    List<String> parts = new ArrayList<>();
    for (String n : AXES) {
      if (named.contains(n)) {
        continue;
      }
      String v = axis(c, n);
      if ((n.equals("codec") && v.equals("none")) || (n.equals("valueContent") && v.equals("random"))) {
        continue; // the defaults go without saying
      }
      parts.add(switch (n) {
        case "valueSize" -> v + " B";
        case "entries" -> String.format(Locale.ROOT, "%,d entries", Long.parseLong(v));
        case "batchSize" -> String.format(Locale.ROOT, "batch %,d", Long.parseLong(v));
        case "codec" -> "codec " + v;
        case "valueContent" -> "values " + v;
        default -> v;
      });
    }
    return String.join(" ", parts);
  }

  private static String describe(Map<String, String> selection) {
    return String.join(" ", new java.util.TreeMap<>(selection).entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue()).toList());
  }
}
