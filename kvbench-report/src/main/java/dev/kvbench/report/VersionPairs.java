package dev.kvbench.report;

import dev.kvbench.result.ForkSamples;
import dev.kvbench.stats.ForkRatio;
import dev.kvbench.result.CellResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The library versions one run swept ({@code -o STORE.version=A,B,...}), as pairs a {@link
 * Comparison} can take: per store, the baseline version's cells against each other version's,
 * with the version taken out of their settings so the cells pair up by workload and other settings.
 */
public final class VersionPairs {

  /** The settings key a version sweep records. */
  static final String VERSION = dev.kvbench.summary.RunTables.VERSION;

  /**
   * One store's baseline version against one other.
   *
   * @param baselineSide the run with only the baseline version's cells of this store
   * @param candidateSide the run with only the candidate version's
   */
  public record Pair(String store, String baseline, String candidate, RunResults baselineSide,
      RunResults candidateSide) {

    /**
     * The candidate version's cells against the baseline's, by compare's rule, their forks paired by
     * round: both sides ran in one run, fork k of each in round k.
     */
    public Comparison compare(double minEffectPercent, ForkSamples.NoisyForks noisyForks) {
      return compare(minEffectPercent, noisyForks, ForkSamples.Figure.WALL);
    }

    /** As {@link #compare(double, ForkSamples.NoisyForks)}, judging each fork's {@code figure}. */
    public Comparison compare(double minEffectPercent, ForkSamples.NoisyForks noisyForks, ForkSamples.Figure figure) {
      return Comparison.of(List.of(baselineSide), List.of(candidateSide),
          new Comparison.Rule(minEffectPercent, noisyForks, figure, ForkRatio.Pairing.BY_ROUND));
    }
  }

  private VersionPairs() {}

  /** The versions of each store in {@code run}, oldest first (numbers compared as numbers). */
  public static Map<String, List<String>> versions(RunResults run) {
    Map<String, Set<String>> byStore = new LinkedHashMap<>();
    for (CellResult c : run.cells()) {
      byStore.computeIfAbsent(c.store(), s -> new java.util.TreeSet<>(VersionPairs::compareVersions))
          .add(c.libraryVersion());
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    byStore.forEach((s, v) -> out.put(s, List.copyOf(v)));
    return out;
  }

  /**
   * Orders versions as releases go: digit runs compare as numbers (0.9.2 before 0.10.0, 9.11.2
   * before 10.4.2), other text as text, and a version that is a prefix of another comes first.
   */
  public static int compareVersions(String a, String b) {
    java.util.regex.Matcher x = PART.matcher(a);
    java.util.regex.Matcher y = PART.matcher(b);
    while (true) {
      boolean hx = x.find();
      boolean hy = y.find();
      if (!hx || !hy) {
        return hx ? 1 : hy ? -1 : a.compareTo(b);
      }
      String px = x.group();
      String py = y.group();
      int c = Character.isDigit(px.charAt(0)) && Character.isDigit(py.charAt(0))
          ? new java.math.BigInteger(px).compareTo(new java.math.BigInteger(py)) : px.compareTo(py);
      if (c != 0) {
        return c;
      }
    }
  }

  private static final java.util.regex.Pattern PART = java.util.regex.Pattern.compile("\\d+|[^\\d.\\-_]+");

  /**
   * Every store of {@code run} that ran two versions or more: {@code baseline} against each other
   * version where the store has {@code baseline}, else its oldest version whose cells ran against
   * the others (a version whose cells all failed or were unsupported is a candidate, whose cells
   * the comparison lists as not compared). Throws IllegalArgumentException when no store ran two
   * versions, or when {@code baseline} is given and no store that did ran it.
   */
  public static List<Pair> of(RunResults run, String baseline) {
    Map<String, List<String>> swept = new LinkedHashMap<>(versions(run));
    swept.values().removeIf(v -> v.size() < 2);
    if (baseline != null && !swept.isEmpty() && swept.values().stream().noneMatch(v -> v.contains(baseline))) {
      throw new IllegalArgumentException("baseline version " + baseline + " is not among the versions "
          + run.source() + " ran (" + String.join("; ", swept.entrySet().stream().map(e -> e.getKey() + " "
              + String.join(", ", e.getValue())).toList()) + "): give one of them, exactly as written");
    }
    List<Pair> pairs = new ArrayList<>();
    versions(run).forEach((store, versions) -> {
      if (versions.size() < 2) {
        return;
      }
      String base = baseline != null && versions.contains(baseline) ? baseline
          : versions.stream().filter(v -> ran(run, store, v)).findFirst().orElse(versions.get(0));
      for (String v : versions) {
        if (!v.equals(base)) {
          pairs.add(new Pair(store, base, v, side(run, store, base), side(run, store, v)));
        }
      }
    });
    if (pairs.isEmpty()) {
      throw new IllegalArgumentException(run.source() + " ran one library version per store (" + versions(run)
          + "); comparing by version needs a run that swept one, e.g. kvbench run -o rocksdb.version=9.10.0,10.4.2");
    }
    return pairs;
  }

  private static boolean ran(RunResults run, String store, String version) {
    return run.cells().stream().anyMatch(c -> c.store().equals(store) && c.libraryVersion().equals(version)
        && c.outcome() == CellResult.Outcome.RAN);
  }

  private static RunResults side(RunResults run, String store, String version) {
    List<CellResult> cells = new ArrayList<>();
    for (CellResult c : run.cells()) {
      if (c.store().equals(store) && c.libraryVersion().equals(version)) {
        cells.add(c);
      }
    }
    return run.withCells(run.source() + " (" + store + " " + version + ")", cells);
  }
}
