package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables the seed reports print: per key type and order, each phase's stores ranked by ms per
 * pass with the difference to the fastest; and storage against a flat array of the same keys and
 * values.
 */
public final class SeedTables {

  private SeedTables() {}

  /** Cells grouped by key type and order, in the order they first appear. */
  public static Map<String, List<CellResult>> byWorkload(List<CellResult> cells) {
    Map<String, List<CellResult>> groups = new LinkedHashMap<>();
    for (CellResult c : cells) {
      groups.computeIfAbsent(workloadLabel(c), k -> new ArrayList<>()).add(c);
    }
    return groups;
  }

  public static String workloadLabel(CellResult c) {
    CellResult.Parameters p = c.parameters();
    return String.format(Locale.ROOT, "%s keys, %s order: %,d entries x %,d-byte values",
        p.keys(), p.order(), p.entries(), p.valueSize());
  }

  /** One timing table for a group of cells with the same workload. */
  public static String timings(List<CellResult> cells) {
    TextTable t = new TextTable(
        List.of("Phase", "Store", "ms/pass", "Difference", "ns/op", "Check"),
        false, false, true, true, true, false);
    List<String> phaseOrder = new ArrayList<>();
    for (CellResult c : cells) {
      for (PhaseResult p : c.phases()) {
        if (!phaseOrder.contains(p.phase())) {
          phaseOrder.add(p.phase());
        }
      }
    }
    for (String phase : phaseOrder) {
      List<Map.Entry<CellResult, PhaseResult>> rows = new ArrayList<>();
      for (CellResult c : cells) {
        c.phases().stream().filter(p -> p.phase().equals(phase)).findFirst()
            .ifPresent(p -> rows.add(Map.entry(c, p)));
      }
      // a reference store (null) keeps nothing: it shows the harness's own cost, never the "fastest"
      double fastest = rows.stream().filter(e -> !e.getKey().reference()).map(Map.Entry::getValue)
          .filter(p -> p.status() == PhaseStatus.OK && p.passMillis() > 0)
          .mapToDouble(PhaseResult::passMillis).min().orElse(0);
      rows.sort(Comparator.comparing((Map.Entry<CellResult, PhaseResult> e) -> e.getKey().reference())
          .thenComparingInt(e -> e.getValue().status().ordinal())
          .thenComparingDouble(e -> e.getValue().passMillis()));
      boolean first = true;
      for (Map.Entry<CellResult, PhaseResult> e : rows) {
        PhaseResult p = e.getValue();
        String phaseCell = first ? phase : "";
        first = false;
        if (p.status() != PhaseStatus.OK) {
          t.row(phaseCell, e.getKey().store(), "-", p.status().id(), "-", p.status() == PhaseStatus.FAILED ? "FAILED" : "-");
          continue;
        }
        String diff = e.getKey().reference() ? "harness"
            : p.passMillis() == fastest ? "fastest" : String.format(Locale.ROOT, "x %.2f", p.passMillis() / fastest);
        t.row(phaseCell, e.getKey().store(), millis(p.passMillis()), diff,
            String.format(Locale.ROOT, "%,.1f", p.nsPerOp()), p.verified() ? "verified" : "not verified");
      }
    }
    return t.render();
  }

  /** The storage table: allocated bytes after close, apparent size, overhead against the flat array. */
  public static String storage(List<CellResult> cells) {
    TextTable t = new TextTable(
        List.of("Store", "Bytes", "Overhead %", "Apparent bytes", "Bytes before close"),
        false, true, true, true, true);
    long flat = cells.stream().filter(c -> c.storage() != null).mapToLong(c -> c.storage().flatBytes()).findFirst()
        .orElse(0);
    t.row("(flat array)", String.format(Locale.ROOT, "%,d", flat), "", "", "");
    cells.stream().filter(c -> c.storage() != null && !c.reference())
        .sorted(Comparator.comparingLong(c -> c.storage().allocatedBytes().afterClose()))
        .forEach(c -> t.row(
            c.store(),
            String.format(Locale.ROOT, "%,d", c.storage().allocatedBytes().afterClose()),
            String.format(Locale.ROOT, "%.2f", c.storage().overheadPercent()),
            String.format(Locale.ROOT, "%,d", c.storage().apparentBytes().afterClose()),
            String.format(Locale.ROOT, "%,d", c.storage().allocatedBytes().beforeClose())));
    return t.render();
  }

  private static String millis(double ms) {
    return ms >= 100 ? String.format(Locale.ROOT, "%,.0f", ms) : String.format(Locale.ROOT, "%,.2f", ms);
  }
}
