package dev.kvbench.summary;

import dev.kvbench.result.CellResult;
import dev.kvbench.result.ForkSamples;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.PhaseStatus;
import dev.kvbench.stats.ForkRatio;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The measuring threads' CPU time per op beside wall time, for a run whose passes the host mostly
 * disturbed: a busy host stretches wall time by the waits it causes, and CPU time less (it still
 * changes it: a loop on a shared core slows the measuring thread's own work too). Each row's figure
 * is the median over its forks of each fork's median pass; the difference is to the row of the
 * least CPU time per op in the phase.
 */
public final class CpuTimeTable {

  /** What the table shows, and what its figure leaves out. */
  public static final String TITLE = "CPU time of the measuring threads per op (most passes were disturbed, which"
      + " stretches wall time; CPU time leaves out waits for I/O and sync, and the work of the store's own threads,"
      + " GC and the JIT: judge sync and I/O-bound phases by wall time)";

  private CpuTimeTable() {}

  /** One store's row of a phase: its figures per op in ns, and the forks behind them. */
  private record Row(CellResult cell, double wallNanos, double cpuNanos, int forks) {}

  /** Whether more than half of {@code ran}'s measured passes were marked noisy: then the table is shown. */
  public static boolean mostPassesDisturbed(List<CellResult> ran) {
    long passes = 0;
    long noisy = 0;
    for (CellResult c : ran) {
      for (PhaseResult p : c.phases()) {
        if (p.status() == PhaseStatus.OK) {
          passes += p.passes().size();
          noisy += p.noisyPasses();
        }
      }
    }
    return passes > 0 && 2 * noisy > passes;
  }

  /** The median over forks of each fork's median pass's {@code figure} per op, in ns; NaN where none has it. */
  public static double perOpNanos(PhaseResult p, ForkSamples.Figure figure) {
    double[] forks = ForkSamples.byForkNumber(p, ForkSamples.NoisyForks.KEEP, figure).values().stream()
        .mapToDouble(Double::doubleValue).filter(v -> !Double.isNaN(v)).toArray();
    return forks.length == 0 ? Double.NaN : 1e6 * ForkRatio.median(forks);
  }

  /** The table of {@code cells}: a row per store and phase that recorded its measuring threads' CPU time. */
  public static TextTable of(RunTables tables, List<CellResult> cells) {
    TextTable t = new TextTable(
        TextTable.left("Phase"),
        TextTable.left("Store"),
        TextTable.right("Wall ns/op"),
        TextTable.right("Thread CPU ns/op"),
        TextTable.right("CPU/wall"),
        TextTable.right("Difference"),
        TextTable.right("Forks")).keyColumns(2);
    for (String phase : RunTables.phases(cells)) {
      List<Row> rows = new ArrayList<>();
      for (CellResult c : cells) {
        for (PhaseResult p : c.phases()) {
          if (!p.phase().equals(phase) || p.status() != PhaseStatus.OK || c.reference()) {
            continue;
          }
          double cpu = perOpNanos(p, ForkSamples.Figure.CPU);
          if (cpu > 0) {
            rows.add(new Row(c, perOpNanos(p, ForkSamples.Figure.WALL), cpu, p.forkMedians().size()));
          }
        }
      }
      double least = rows.stream().mapToDouble(Row::cpuNanos).min().orElse(Double.NaN);
      boolean first = true;
      for (Row r : rows) {
        t.row(first ? phase : "", tables.rowLabel(r.cell()), String.format(Locale.ROOT, "%,.1f", r.wallNanos()),
            String.format(Locale.ROOT, "%,.1f", r.cpuNanos()),
            String.format(Locale.ROOT, "%.2f", r.cpuNanos() / r.wallNanos()),
            r.cpuNanos() == least ? "least" : String.format(Locale.ROOT, "x %.2f", r.cpuNanos() / least),
            Integer.toString(r.forks()));
        first = false;
      }
    }
    return t;
  }
}
