package dev.kvbench.report;

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
  static final String VERSION = "version";

  /**
   * One store's baseline version against one other.
   *
   * @param baselineSide the run with only the baseline version's cells of this store
   * @param candidateSide the run with only the candidate version's
   */
  public record Pair(String store, String baseline, String candidate, RunResults baselineSide,
      RunResults candidateSide) {}

  private VersionPairs() {}

  /** The versions of each store in {@code run}, in the order they first appear. */
  public static Map<String, List<String>> versions(RunResults run) {
    Map<String, Set<String>> byStore = new LinkedHashMap<>();
    for (CellResult c : run.cells()) {
      byStore.computeIfAbsent(c.store(), s -> new LinkedHashSet<>()).add(versionOf(c));
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    byStore.forEach((s, v) -> out.put(s, List.copyOf(v)));
    return out;
  }

  /**
   * Every store of {@code run} that ran two versions or more: {@code baseline} against each other
   * version where the store has {@code baseline}, else its first version against the others.
   * Throws IllegalArgumentException when no store ran two versions.
   */
  public static List<Pair> of(RunResults run, String baseline) {
    List<Pair> pairs = new ArrayList<>();
    versions(run).forEach((store, versions) -> {
      if (versions.size() < 2) {
        return;
      }
      String base = baseline != null && versions.contains(baseline) ? baseline : versions.get(0);
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

  /** The library version a cell ran: the one it recorded, which a version sweep also puts among its settings. */
  static String versionOf(CellResult c) {
    return c.settings().getOrDefault(VERSION, c.libraryVersion());
  }

  private static RunResults side(RunResults run, String store, String version) {
    List<CellResult> cells = new ArrayList<>();
    for (CellResult c : run.cells()) {
      if (c.store().equals(store) && versionOf(c).equals(version)) {
        Map<String, String> settings = new LinkedHashMap<>(c.settings());
        settings.remove(VERSION);
        cells.add(new CellResult(c.cellId(), c.store(), c.library(), c.libraryVersion(), c.capabilities(), settings,
            c.nativeSettings(), c.parameters(), c.phases(), c.storage(), c.outcome(), c.error(), c.diagnostics(),
            c.libraryJars()));
      }
    }
    return new RunResults(run.source() + " (" + store + " " + version + ")", run.kvbenchVersion(), run.startedAt(),
        run.scenarioName(), run.seed(), run.command(), run.scenario(), run.environment(), run.completed(), cells,
        run.warnings());
  }
}
