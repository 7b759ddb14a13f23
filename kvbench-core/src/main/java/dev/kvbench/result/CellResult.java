package dev.kvbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.kvbench.store.Capabilities;
import java.util.List;
import java.util.Map;

/**
 * One cell of the matrix: one store, one parameter set, its phases in the order they ran.
 *
 * @param capabilities what the store declared: which phases it can run, whether it keeps data
 * @param settings the store's settings resolved against its specs, as text
 * @param nativeSettings the native flags and sizes the adapter actually used
 * @param error why the cell could not run (open failed, ...); null when it ran
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CellResult(
    String store,
    String library,
    String libraryVersion,
    Capabilities capabilities,
    Map<String, String> settings,
    Map<String, Object> nativeSettings,
    Parameters parameters,
    List<PhaseResult> phases,
    StorageResult storage,
    String error) {

  public CellResult {
    settings = settings == null ? Map.of() : Map.copyOf(settings);
    phases = phases == null ? List.of() : List.copyOf(phases);
  }

  /** True when every phase is ok or unsupported and the cell ran. */
  @JsonIgnore
  public boolean succeeded() {
    return error == null && phases.stream().noneMatch(p -> p.status() == PhaseStatus.FAILED);
  }

  /** True for a reference store that keeps nothing (null): shown, never ranked against real stores. */
  @JsonIgnore
  public boolean reference() {
    return capabilities != null && !capabilities.retainsData();
  }

  /** The workload parameters of this cell. */
  public record Parameters(
      long entries,
      String keys,
      int keySize,
      int valueSize,
      String order,
      long batchSize,
      String durability,
      long seed,
      int latencySampleInterval,
      long warmupMillis) {}
}
