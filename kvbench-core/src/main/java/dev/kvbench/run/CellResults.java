package dev.kvbench.run;

import dev.kvbench.scenario.CellParams;
import dev.kvbench.result.CellResult;
import dev.kvbench.result.Diagnostics;
import dev.kvbench.result.CellResult.Outcome;
import dev.kvbench.result.PhaseResult;
import dev.kvbench.result.StorageResult;
import dev.kvbench.store.StoreProvider;
import dev.kvbench.store.StoreSettings;
import java.util.List;
import java.util.Map;

/** Assembles a cell's result, the one place that knows which facts a cell records. */
public final class CellResults {

  private CellResults() {}

  static CellResult measured(StoreProvider provider, CellParams cell, StoreSettings settings,
      Map<String, Object> nativeSettings, List<PhaseResult> phases, StorageResult storage) {
    return new CellResult(cell.id(), provider.id(), provider.library(), provider.libraryVersion(),
        provider.capabilities(), settings == null ? Map.of() : settings.asText(), nativeSettings,
        parameters(cell), phases, storage, Outcome.RAN, null, null);
  }

  /**
   * A cell that failed, perhaps after some of its phases ran (a close that could not flush the
   * data, a full disk): those phases are failed too, their figures kept but marked, since they
   * measured a store that did not keep what it was given; no storage is recorded.
   */
  static CellResult error(StoreProvider provider, CellParams cell, StoreSettings settings,
      Map<String, Object> nativeSettings, List<PhaseResult> phases, Throwable e) {
    String why = Failures.describe(e);
    List<PhaseResult> marked = phases.stream().map(p -> p.failedAfterwards("the cell failed after this phase ran,"
        + " so its figures are not a result (kept for the record): " + why)).toList();
    return new CellResult(cell.id(), provider.id(), provider.library(), provider.libraryVersion(),
        provider.capabilities(), settings == null ? Map.of() : settings.asText(), nativeSettings,
        parameters(cell), marked, null, Outcome.FAILED, why, null);
  }

  /** A cell the store cannot run: the reason says which combination and what the store supports. */
  public static CellResult unsupported(StoreProvider provider, CellParams cell, String reason) {
    return new CellResult(cell.id(), provider.id(), provider.library(), provider.libraryVersion(),
        provider.capabilities(), cell.setup().adapterSettings(), Map.of(), parameters(cell), List.of(), null,
        Outcome.UNSUPPORTED, reason, null);
  }

  /** A cell that did not finish (its JVM died, hung, or the run was stopped), with what is known about why. */
  public static CellResult ended(StoreProvider provider, CellParams cell, Outcome outcome, String reason,
      Diagnostics diagnostics) {
    return new CellResult(cell.id(), provider.id(), provider.library(), provider.libraryVersion(),
        provider.capabilities(), cell.setup().adapterSettings(), Map.of(), parameters(cell), List.of(), null, outcome,
        reason, diagnostics);
  }

  public static CellResult.Parameters parameters(CellParams cell) {
    return new CellResult.Parameters(cell.data().entries(), cell.data().keys().id(), cell.data().keys().size(), cell.data().valueSize(),
        cell.write().order().id(), cell.write().batchSize(), cell.setup().durability().id(), cell.data().seed(), cell.plan().latencySampleInterval(),
        cell.plan().passes().warmupPasses(), cell.plan().passes().warmupMillis(), cell.plan().passes().measuredPasses(), cell.load().threads(),
        cell.threaded() ? cell.load().traffic() : null, cell.data().valueContent().id(),
        cell.setup().codec(), cell.plan().passes().readCache().id(), cell.axes());
  }

}
