package dev.kvbench.cli;

import dev.kvbench.runner.CellEstimate;
import dev.kvbench.runner.Preflight;
import dev.kvbench.runner.ScenarioRunner;
import dev.kvbench.scenario.CellParams;
import dev.kvbench.scenario.JvmSettings;
import dev.kvbench.scenario.MemoryLimit;
import dev.kvbench.scenario.Scenario;
import dev.kvbench.scenario.ScenarioFiles;
import dev.kvbench.store.StoreRegistry;
import dev.kvbench.summary.TextTable;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@code kvbench run --dry-run}: the plan's cells, what each needs and a rough time, and the scenario as YAML. */
final class DryRun {

  private DryRun() {}

  /** Prints {@code plan}; {@code spaceProblem} is why the run would be refused for room, or null. */
  static void print(ScenarioRunner.RunPlan plan, StoreRegistry registry, Path workDir, String spaceProblem,
      String addedForks, PrintWriter out) {
    Scenario scenario = plan.scenario();
    List<CellParams> cells = plan.cells();
    out.printf(Locale.ROOT, "scenario %s: %d cells%s%n", scenario.name(), cells.size(),
        scenario.description().isEmpty() ? "" : " - " + scenario.description().trim().replaceAll("\\s+", " "));
    out.printf(Locale.ROOT, "passes per phase: %d warm-up (at least %,d ms) + %d measured; %s%s%n",
        scenario.repetitions().warmupPasses(), scenario.repetitions().warmupMillis(),
        scenario.repetitions().measuredPasses(),
        scenario.repetitions().forks() == 0 ? "in this JVM" : scenario.repetitions().forks() + " fresh JVM(s) per cell",
        addedForks);
    TextTable t = new TextTable(
        TextTable.right("#"),
        TextTable.left("Cell"),
        TextTable.right("Flat data"),
        TextTable.right("Disk (rough)"),
        TextTable.right("Time (rough)"));
    long maxDisk = 0;
    double seconds = 0;
    // each fork runs the whole cell again, in a JVM of its own
    int runsPerCell = Math.max(1, scenario.repetitions().forks());
    MemoryLimit limit = scenario.jvm().get(JvmSettings.MEMORY_LIMIT);
    boolean replays = false;
    for (int i = 0; i < cells.size(); i++) {
      CellParams c = cells.get(i);
      if (c.plan().replays()) {
        // a replay's data and time are its trace's, which the matrix's estimate knows nothing of
        t.row(Integer.toString(i + 1), c.id(), "the trace's", "-", "-");
        replays = true;
        continue;
      }
      CellEstimate e = CellEstimate.of(c, registry.require(c.storeId()).footprint(), limit);
      maxDisk = Math.max(maxDisk, e.estimatedBytes());
      double cellSeconds = e.estimatedSeconds() * runsPerCell;
      seconds += cellSeconds;
      t.row(Integer.toString(i + 1), c.id(), bytes(e.flatBytes()), bytes(e.estimatedBytes()), duration(cellSeconds));
    }
    out.print(t.render());
    if (replays) {
      out.println("replay cells: their data, disk and time follow from the trace (kvbench trace info FILE says its"
          + " operations, keys and sizes), not from the matrix's entries; the totals below leave them out");
    }
    if (scenario.searchesRates()) {
      // each row is a curve, run once per point the search takes: the points depend on the capacity found
      dev.kvbench.scenario.RateSearch search = scenario.search();
      double typical = search.startRate() * 10;
      int points = search.pointsFor(typical);
      out.printf(Locale.ROOT, "rates auto: each row is a curve, searched %s for the highest rate that meets %s:"
          + " %d points for a capacity of %,.0f ops/s, %d for %,.0f, at most %d; its time is a point's%n",
          search, scenario.sla(), points, typical, search.pointsFor(typical * 100), typical * 100, search.maxPoints());
      seconds *= points;
    }
    out.printf(Locale.ROOT, "largest cell needs about %s in the work directory; the whole run takes roughly %s"
        + " (%d fork%s a cell%s; estimates from per-op costs on an in-memory work directory%s; real times vary by store"
        + " and host)%n", bytes(maxDisk), duration(seconds), runsPerCell, runsPerCell == 1 ? "" : "s",
        scenario.searchesRates() ? ", " + scenario.search().pointsFor(scenario.search().startRate() * 10)
            + " points a curve, at most" : "",
        limit.limits() ? ", and for a cell larger than its memory limit from device reads, 0.25-0.4 ms an op" : "");
    long free = Preflight.freeBytes(workDir);
    if (spaceProblem == null && free >= 0 && maxDisk > free) {
      out.printf(Locale.ROOT, "WARNING: the largest cell will likely need %s but the work directory has %s free;"
          + " --scale %s would fit the estimate%n", bytes(maxDisk), bytes(free), Preflight.scaleToFit(maxDisk, free));
    }
    out.println();
    out.println("# the scenario as YAML: save it to a file, edit it, and run it with kvbench run FILE");
    out.print(new ScenarioFiles().write(scenario));
    if (spaceProblem != null) {
      out.println();
      out.println("REFUSED: " + FlagNames.worded(spaceProblem));
    }
    out.flush();
  }

  private static String bytes(long b) {
    return b >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GiB", b / (double) (1L << 30))
        : String.format(Locale.ROOT, "%.1f MiB", b / (double) (1L << 20));
  }

  private static String duration(double s) {
    return s >= 3600 ? String.format(Locale.ROOT, "%.1f h", s / 3600)
        : s >= 60 ? String.format(Locale.ROOT, "%.1f min", s / 60) : String.format(Locale.ROOT, "%.0f s", s);
  }
}
