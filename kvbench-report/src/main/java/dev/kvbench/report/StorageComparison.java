package dev.kvbench.report;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ForkSamples.Figure;
import dev.kvbench.stats.ForkRatio;
import java.util.List;

/** A matched cell's storage after close, judged as a figure of its own (lower is better). */
final class StorageComparison {

  private StorageComparison() {}

  /**
   * The cells' storage after close, judged by its own figure: allocated bytes, lower is better,
   * each fork's bytes one sample ({@link dev.kvbench.result.StorageResult#forkSamples}), paired by
   * fork where the forks pair by round. No row where neither side kept a byte (a store that keeps
   * nothing on disk), nor where the comparison judges CPU time ({@link Comparison.Rule#figure}).
   */
  static void addTo(Comparison c, CellResult base, CellResult cand, String changed) {
    if (base.storage() == null || cand.storage() == null || c.figure() != Figure.WALL) {
      return; // on CPU time only the phases are judged: storage has no CPU figure
    }
    double[] b = base.storage().forkSamples().stream().mapToDouble(Long::doubleValue).toArray();
    double[] o = cand.storage().forkSamples().stream().mapToDouble(Long::doubleValue).toArray();
    boolean bothEmpty = java.util.Arrays.stream(b).allMatch(v -> v == 0) && java.util.Arrays.stream(o).allMatch(v -> v == 0);
    if (bothEmpty) {
      return;
    }
    String cell = base.cellId() + " " + Comparison.STORAGE;
    if (java.util.stream.DoubleStream.concat(java.util.Arrays.stream(b), java.util.Arrays.stream(o)).anyMatch(v -> !(v > 0))) {
      c.add(new Comparison.Unmatched("both", cell, "a fork kept no bytes after close on one side and some on the other",
          Comparison.Gap.NO_FIGURE));
      return;
    }
    if (Math.min(b.length, o.length) < ForkRatio.MIN_FORKS) {
      String side = b.length == o.length ? "both" : b.length < o.length ? "baseline" : "candidate";
      c.add(new Comparison.Unmatched(side, cell, String.format(java.util.Locale.ROOT, "bytes after close of %d/%d forks"
          + " (baseline/candidate), %d a side needed to judge (a cell of one fork, or a result before kvbench 0.7,"
          + " which kept the last fork's only)", b.length, o.length, ForkRatio.MIN_FORKS), Comparison.Gap.ONE_STORAGE_SAMPLE));
      return;
    }
    ForkRatio change = c.pairing() == ForkRatio.Pairing.BY_ROUND && b.length == o.length ? ForkRatio.paired(b, o)
        : ForkRatio.of(b, o);
    c.add(new Comparison.Row(base.cellId(), Comparison.STORAGE, ForkRatio.median(b) / 1e6, ForkRatio.median(o) / 1e6, change,
        c.verdict(change), changed, Caveats.NONE, ShownFigure.STORAGE, List.of()));
  }
}
