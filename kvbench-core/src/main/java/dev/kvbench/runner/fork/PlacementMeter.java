package dev.kvbench.runner.fork;

import dev.kvbench.result.CellResult;
import dev.kvbench.run.RunListener;
import dev.kvbench.scenario.JvmOptions;
import java.util.List;
import java.util.Optional;

/**
 * {@code jvm.cpus} and {@code jvm.numaNode}: the cell's JVM started under taskset or numactl, and
 * the launcher recorded in the cell's placement beside the CPUs and node it ran on.
 */
final class PlacementMeter implements CellMeter {

  private final List<String> launcher;

  private PlacementMeter(List<String> launcher) {
    this.launcher = launcher;
  }

  static Optional<CellMeter> of(JvmOptions jvm, RunListener listener) {
    List<String> launcher = CellJvm.launcher(jvm);
    return launcher.isEmpty() ? Optional.empty() : Optional.of(new PlacementMeter(launcher));
  }

  @Override
  public List<String> launcher(Fork fork) {
    return launcher;
  }

  @Override
  public CellResult recorded(CellResult result, Fork fork, long launchedMillis) {
    return result.placement() == null ? result : result.withPlacement(result.placement().withLauncher(launcher));
  }
}
